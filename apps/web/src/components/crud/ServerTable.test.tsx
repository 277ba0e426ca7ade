import Button from '@mui/material/Button';
import { screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders';
import { QueryTable } from './ServerTable';

interface Row {
  id: number;
  name: string;
}

const renderList = (isPlaceholderData: boolean) =>
  renderWithProviders(
    <QueryTable<Row>
      label="Applicants"
      query={{
        data: { Status: 'Ok', Data: [{ id: 7, name: 'Udoh' }], Total: 1, Page: 1, PageSize: 20 },
        isPlaceholderData,
        isFetching: isPlaceholderData,
        isError: false,
        error: null,
      }}
      columns={[{ field: 'name', header: 'Name' }]}
      getRowId={(row) => row.id}
      state={{ page: 1, pageSize: 20 }}
      onStateChange={() => undefined}
      emptyText="None"
      rowActions={(row) => <Button>Clear {row.name}</Button>}
    />,
    { namespaces: ['admin'] },
  );

test('rows of the previous filters, shown while the new ones load, cannot be acted on', async () => {
  await renderList(true);
  const table = screen.getByRole('table', { name: 'Applicants' });
  const frame = table.closest('[aria-busy="true"]');
  expect(frame).not.toBeNull();
  expect(frame!.hasAttribute('inert')).toBe(true);
  expect(frame!.contains(screen.getByRole('button', { name: 'Clear Udoh', hidden: true }))).toBe(true);
});

test('the rows of the current filters can', async () => {
  await renderList(false);
  const table = screen.getByRole('table', { name: 'Applicants' });
  expect(table.closest('[aria-busy]')).toBeNull();
  expect(table.closest('[inert]')).toBeNull();
});
