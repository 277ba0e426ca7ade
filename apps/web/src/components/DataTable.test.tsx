import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../test/renderWithProviders';
import { collapseOrder, DataTable, type DataColumn } from './DataTable';

/**
 * happy-dom lays nothing out, so the sizes the table measures are given here: its box is `boxWidth`
 * wide, every column heading 120 px (40 px the narrow ones), and the table as wide as its headings (a card list fits its box).
 * The resize observer is the test's to fire. The browser tier checks the real layout at 360 and
 * 1280 px (e2e/tests/tables-fit.spec.ts).
 */
const COLUMN = 120;
let boxWidth = 2000;
/** Width a cell's content gained without the table rendering again (a web font, a lazy control). */
let grown = 0;
const observers: (() => void)[] = [];

/** A heading's width: the details and checkbox columns are narrow. */
const widthOf = (heading: HTMLElement) => (heading.classList.contains('dt-narrow') ? 40 : COLUMN);
const isBox = (element: Element) => element.firstElementChild?.tagName === 'TABLE';
const descriptors = {
  clientWidth: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth'),
  scrollWidth: Object.getOwnPropertyDescriptor(Element.prototype, 'scrollWidth'),
  offsetWidth: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetWidth'),
};

beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
    configurable: true,
    get(this: HTMLElement) {
      return isBox(this) ? boxWidth : 0;
    },
  });
  Object.defineProperty(Element.prototype, 'scrollWidth', {
    configurable: true,
    get(this: Element) {
      if (this.tagName !== 'TABLE') return 0;
      if (this.getAttribute('data-layout') === 'cards') return boxWidth;
      return [...this.querySelectorAll<HTMLElement>('thead th')].reduce(
        (sum, th) => sum + widthOf(th),
        grown,
      );
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'offsetWidth', {
    configurable: true,
    get(this: HTMLElement) {
      if (this.tagName === 'TABLE') return this.scrollWidth;
      return this.tagName === 'TH' ? widthOf(this) : 0;
    },
  });
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly callback: () => void) {}
      observe() {
        observers.push(this.callback);
      }
      disconnect() {}
      unobserve() {}
    },
  );
});
afterAll(() => {
  for (const [name, descriptor] of Object.entries(descriptors)) {
    if (descriptor)
      Object.defineProperty(
        name === 'scrollWidth' ? Element.prototype : HTMLElement.prototype,
        name,
        descriptor,
      );
  }
  vi.unstubAllGlobals();
});
beforeEach(() => {
  boxWidth = 2000;
  grown = 0;
  observers.length = 0;
});

interface Student {
  matric: string;
  name: string;
  programme: string;
  level: number;
  phone: string;
  state: string;
}

const COLUMNS: DataColumn<Student>[] = [
  { key: 'matric', header: 'Matric No.', cell: (s) => s.matric, priority: 0 },
  { key: 'name', header: 'Name', cell: (s) => s.name, priority: 0, sortable: true },
  { key: 'programme', header: 'Programme', cell: (s) => s.programme },
  { key: 'level', header: 'Level', cell: (s) => s.level, numeric: true, priority: 2 },
  { key: 'phone', header: 'Phone', cell: (s) => s.phone, priority: 3 },
  { key: 'state', header: 'State', cell: (s) => s.state },
];

const ROWS: Student[] = [
  {
    matric: 'DIT/2024/0001',
    name: 'Abubakar Halima',
    programme: 'Computer Science',
    level: 100,
    phone: '08031234567',
    state: 'Niger',
  },
  {
    matric: 'DIT/2024/0002',
    name: 'Okafor Chidi',
    programme: 'Accountancy',
    level: 200,
    phone: '08097654321',
    state: 'Anambra',
  },
];

const headings = () =>
  screen
    .getAllByRole('columnheader')
    .map((heading) => heading.textContent)
    .filter(Boolean);

const renderTable = (props: Partial<Parameters<typeof DataTable<Student>>[0]> = {}) =>
  renderWithProviders(
    <DataTable
      label="Students"
      columns={COLUMNS}
      rows={ROWS}
      rowKey={(row) => row.matric}
      actions={{ header: 'Actions', cell: (row) => <button type="button">Edit {row.matric}</button> }}
      {...props}
    />,
  );

test('columns collapse least important first: the highest priority number, then the later of equals; essentials never', () => {
  expect(collapseOrder(COLUMNS).map((column) => column.key)).toEqual([
    'phone',
    'level',
    'state',
    'programme',
  ]);
});

test('a table that fits shows every column, and no details button', async () => {
  await renderTable();
  expect(headings()).toEqual(['Matric No.', 'Name', 'Programme', 'Level', 'Phone', 'State', 'Actions']);
  expect(screen.getByRole('table', { name: 'Students' }).getAttribute('data-layout')).toBe('table');
  expect(screen.queryByRole('button', { name: /DIT\/2024\/0001/ })).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'More about DIT/2024/0001' })).toBeNull();
});

test('too narrow, the least important columns move into each row’s details; actions stay', async () => {
  // Seven headings of 120 px in 700 px: 140 px too wide, covered by two columns (then the
  // details column of 40 px still fits).
  boxWidth = 700;
  await renderTable();
  expect(headings()).toEqual(['Details', 'Matric No.', 'Name', 'Programme', 'State', 'Actions']);

  const user = userEvent.setup();
  const more = screen.getByRole('button', { name: 'More about DIT/2024/0001' });
  expect(more.getAttribute('aria-expanded')).toBe('false');
  await user.click(more);
  expect(more.getAttribute('aria-expanded')).toBe('true');
  const details = screen.getAllByRole('term')[0]!.closest('dl')!;
  expect([...details.querySelectorAll('dt')].map((term) => term.textContent)).toEqual(['Level', 'Phone']);
  expect([...details.querySelectorAll('dd')].map((value) => value.textContent)).toEqual([
    '100',
    '08031234567',
  ]);
  await user.click(more);
  expect(screen.queryByRole('term')).toBeNull();
});

test('on a phone a table that does not fit turns each row into a card of named values, its title first', async () => {
  boxWidth = 360;
  await renderTable();
  const table = screen.getByRole('table', { name: 'Students' });
  expect(table.getAttribute('data-layout')).toBe('cards');
  const [, first] = within(table).getAllByRole('row');
  const cells = within(first!).getAllByRole('cell');
  // Every column is on the card (nothing is hidden in details), each value named by its column.
  expect(cells.map((cell) => cell.querySelector('.dt-label')?.textContent ?? null)).toEqual([
    'Matric No.',
    'Name',
    'Programme',
    'Level',
    'Phone',
    'State',
    null,
  ]);
  expect(cells[0]!.className).toContain('dt-title');
  expect(within(first!).getByRole('button', { name: 'Edit DIT/2024/0001' })).toBeTruthy();
});

test('when its box grows again, the table tries every column again', async () => {
  boxWidth = 700;
  await renderTable();
  expect(headings()).not.toContain('Phone');
  boxWidth = 2000;
  act(() => observers.forEach((notify) => notify()));
  expect(headings()).toEqual(['Matric No.', 'Name', 'Programme', 'Level', 'Phone', 'State', 'Actions']);
});

test('content that grows without the table rendering again is measured again', async () => {
  // Seven headings of 120 px fit 900 px; a web font arriving widens them by 100 px, and only the
  // resize observer tells: the least important column moves into the details.
  boxWidth = 900;
  await renderTable();
  expect(headings()).toContain('Phone');
  grown = 100;
  act(() => observers.forEach((notify) => notify()));
  expect(headings()).toEqual(['Details', 'Matric No.', 'Name', 'Programme', 'Level', 'State', 'Actions']);
});

test('a table is measured where it renders: the observer reporting the sizes just measured renders nothing again', async () => {
  let cells = 0;
  const counted = COLUMNS.map((column) =>
    column.key === 'matric' ? { ...column, cell: (s: Student) => (cells++, s.matric) } : column,
  );
  renderTable({ columns: counted });
  await screen.findByRole('cell', { name: 'DIT/2024/0001' });
  // One render of each row: its width is read after that render, not kept to render again.
  expect(cells).toBe(ROWS.length);
  act(() => observers.forEach((report) => report()));
  expect(cells).toBe(ROWS.length);
});

test('data keeps its own direction; a scrolling box is reachable by keyboard only when it scrolls', async () => {
  await renderTable();
  const cell = screen.getByRole('cell', { name: 'Okafor Chidi' });
  expect(cell.querySelector('bdi')?.textContent).toBe('Okafor Chidi');
  expect(screen.queryByRole('region', { name: 'Students' })).toBeNull();
});

test('sorting: the sorted column says its order, a sortable heading asks for its sort', async () => {
  const onSort = vi.fn();
  await renderTable({ sort: { key: 'name', order: 'desc', onSort } });
  const name = screen.getByRole('columnheader', { name: 'Name' });
  expect(name.getAttribute('aria-sort')).toBe('descending');
  await userEvent.setup().click(within(name).getByRole('button'));
  expect(onSort).toHaveBeenCalledWith('name');
  // Programme is not sortable: no button in its heading.
  expect(within(screen.getByRole('columnheader', { name: 'Programme' })).queryByRole('button')).toBeNull();
});

test('selection: one row, or every row from the heading; some selected shows as mixed', async () => {
  const onChange = vi.fn();
  const onChangeAll = vi.fn();
  await renderTable({
    selection: {
      selected: new Set(['DIT/2024/0002']),
      onChange,
      onChangeAll,
      rowLabel: (key) => `Select ${String(key)}`,
    },
  });
  // The checkboxes download with the first selectable table.
  const all = (await screen.findByRole('checkbox', {
    name: 'Select every row on this page',
  })) as HTMLInputElement;
  expect(all.checked).toBe(false);
  expect(all.getAttribute('data-indeterminate')).toBe('true');
  const user = userEvent.setup();
  await user.click(screen.getByRole('checkbox', { name: 'Select DIT/2024/0001' }));
  expect(onChange).toHaveBeenCalledWith('DIT/2024/0001', true);
  await user.click(all);
  expect(onChangeAll).toHaveBeenCalledWith(['DIT/2024/0001', 'DIT/2024/0002'], true);
});

test('no rows: the empty text across the table; loading: a named progress bar and no empty text', async () => {
  const { rerender } = await renderTable({ rows: [], emptyText: 'No students yet.' });
  expect(screen.getByRole('cell', { name: 'No students yet.' }).getAttribute('colspan')).toBe('7');
  expect(screen.queryByRole('progressbar')).toBeNull();
  rerender(<></>);
  await renderTable({ rows: [], emptyText: 'No students yet.', loading: true });
  expect(screen.getByRole('progressbar', { name: 'Loading…' })).toBeTruthy();
  expect(screen.queryByText('No students yet.')).toBeNull();
});
