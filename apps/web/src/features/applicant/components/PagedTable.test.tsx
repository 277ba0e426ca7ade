import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { PagedTable, usePages } from './PagedTable';

interface Row {
  id: number;
  name: string;
}

const rows: Row[] = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, name: `Document ${i + 1}` }));

function Documents({ list }: { list: Row[] }) {
  const pages = usePages(list, 5);
  return (
    <PagedTable
      label="Documents"
      pages={pages}
      rowKey={(row) => row.id}
      columns={[{ key: 'name', header: 'Name', priority: 1, cell: (row) => row.name }]}
    />
  );
}

test('turns the pages of a long list with the shared pager, its words in the applicant’s catalogue', async () => {
  await renderWithProviders(<Documents list={rows} />, { namespaces: ['applicant'] });
  expect(screen.getByText('1–5 of 12')).toBeTruthy();
  expect(screen.getByText('Document 5')).toBeTruthy();
  expect(screen.queryByText('Document 6')).toBeNull();
  const previous = screen.getByRole('button', { name: 'Previous page' });
  expect((previous as HTMLButtonElement).disabled).toBe(true);

  await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
  expect(screen.getByText('6–10 of 12')).toBeTruthy();
  expect(screen.getByText('Document 6')).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
  expect(screen.getByText('11–12 of 12')).toBeTruthy();
  expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
});

test('shows no pager when the list fits on one page', async () => {
  await renderWithProviders(<Documents list={rows.slice(0, 5)} />, { namespaces: ['applicant'] });
  expect(screen.getByText('Document 5')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Next page' })).toBeNull();
  expect(screen.queryByText(/of 5/)).toBeNull();
});
