import { INSTITUTION_API, type InstitutionInfo } from '@portal/contracts';
import { render, screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { beforeEach, expect, test, vi } from 'vitest';
import { DEMO_INSTITUTION, server } from '../test/server';

const SAVED_KEY = 'portal.institution';
const school = DEMO_INSTITUTION;

/** The school's particulars as the server answers them, after `wait` ms; counts the reads. */
function answer(info: InstitutionInfo, wait = 0) {
  const reads = { count: 0 };
  server.use(
    http.get(INSTITUTION_API, async () => {
      reads.count += 1;
      await delay(wait);
      return HttpResponse.json({ Status: 'Ok', Data: info });
    }),
  );
  return reads;
}

/** A visit: the module afresh (as a page load imports it), showing the name and counting its renders. */
async function visit() {
  vi.resetModules();
  const { useInstitution } = await import('./institution');
  const renders = { count: 0 };
  function SchoolName() {
    renders.count += 1;
    return <p>{useInstitution()?.Name ?? 'School Portal'}</p>;
  }
  render(<SchoolName />);
  return renders;
}

beforeEach(() => localStorage.clear());

test('a first visit shows the generic name until the read arrives, and keeps the particulars for the next', async () => {
  answer(school, 50);
  await visit();
  expect(screen.getByText('School Portal')).toBeTruthy();
  await screen.findByText('Demo Institute of Technology');
  expect(JSON.parse(localStorage.getItem(SAVED_KEY)!)).toEqual({ info: school });
});

test('a later visit shows the kept particulars in its first render; the same answer renders nothing again', async () => {
  localStorage.setItem(SAVED_KEY, JSON.stringify({ info: school }));
  const reads = answer(school);
  const renders = await visit();
  expect(screen.getByText('Demo Institute of Technology')).toBeTruthy();
  await waitFor(() => expect(reads.count).toBe(1));
  // Let the answer be read and compared.
  await new Promise((settle) => setTimeout(settle, 50));
  expect(renders.count).toBe(1);
});

test('particulars changed since the last visit replace the kept ones, on the page and for the next visit', async () => {
  localStorage.setItem(SAVED_KEY, JSON.stringify({ info: school }));
  const renamed = { ...school, Name: 'Demo Polytechnic', PrimaryColour: '#006400' };
  answer(renamed);
  await visit();
  await screen.findByText('Demo Polytechnic');
  expect(JSON.parse(localStorage.getItem(SAVED_KEY)!)).toEqual({ info: renamed });
});

test('a kept entry that is not the particulars (edited by hand, or from an older portal) is ignored', async () => {
  localStorage.setItem(SAVED_KEY, JSON.stringify({ info: { ...school, PrimaryColour: 'red' } }));
  answer(school, 50);
  await visit();
  expect(screen.getByText('School Portal')).toBeTruthy();
  await screen.findByText('Demo Institute of Technology');
});
