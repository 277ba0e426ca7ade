import Chip from '@mui/material/Chip';
import { useIntl } from 'react-intl';
import { formatNaira } from '../../lib/money';
import type { TableColumn } from './ServerTable';

interface PaymentRow {
  provider: string;
  amount: number;
  state: string;
}

/**
 * The provider, amount (naira) and state columns of a list of payments: the provider capitalised,
 * the state a chip, green when paid and amber while pending.
 */
export function usePaymentColumns<Row extends PaymentRow>(
  headers: { provider: string; amount: string; state: string },
  stateLabel: (state: string) => string,
): TableColumn<Row>[] {
  const intl = useIntl();
  return [
    {
      field: 'provider',
      header: headers.provider,
      render: (row) => row.provider.charAt(0).toUpperCase() + row.provider.slice(1),
    },
    {
      field: 'amount',
      header: headers.amount,
      render: (row) => formatNaira(intl, row.amount),
    },
    {
      field: 'state',
      header: headers.state,
      render: (row) => (
        <Chip
          size="small"
          label={stateLabel(row.state)}
          color={row.state === 'paid' ? 'success' : row.state === 'pending' ? 'warning' : 'default'}
        />
      ),
    },
  ];
}
