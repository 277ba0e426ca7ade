import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { link } from './nav';
import { ShellBreadcrumbs } from './ShellBreadcrumbs';

const NAV = [link({ text: 'Learners Management' }, '/app/LearnersManagement', <span />)];

function CoursePage() {
  useDocumentTitle('CSC 101 · School Portal');
  return null;
}

test('a path ending in ids ends with the name the page gave itself, after a link to where it was opened from', async () => {
  await renderWithProviders(
    <>
      <ShellBreadcrumbs area="app" nav={NAV} />
      <CoursePage />
    </>,
    { namespaces: ['shell'], path: '/app/LearnersManagement/12/3' },
  );
  const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
  expect((await within(trail).findByText('CSC 101')).getAttribute('aria-current')).toBe('page');
  expect(within(trail).getByRole('link', { name: 'Learners Management' }).getAttribute('href')).toBe(
    '/app/LearnersManagement',
  );
  expect(trail.textContent).not.toMatch(/\b12\b|\b3\b/);
});

test('a menu page is the last crumb, named by the menu', async () => {
  await renderWithProviders(<ShellBreadcrumbs area="app" nav={NAV} />, {
    namespaces: ['shell'],
    path: '/app/LearnersManagement',
  });
  const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
  expect(within(trail).getByText('Learners Management').getAttribute('aria-current')).toBe('page');
  expect(within(trail).queryByRole('link', { name: 'Learners Management' })).toBeNull();
});
