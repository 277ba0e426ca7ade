import Chip from '@mui/material/Chip';
import type { MessageId } from '../../../i18n/locales';
import { useT } from '../../../i18n/useT';

const STATES: Record<string, { label: MessageId; colour: 'warning' | 'success' | 'error' | 'default' }> = {
  pending: { label: 'payments.state.pending', colour: 'warning' },
  paid: { label: 'payments.state.paid', colour: 'success' },
  failed: { label: 'payments.state.failed', colour: 'error' },
  expired: { label: 'payments.state.expired', colour: 'default' },
};

/** An attempt's state (pending → paid | failed | expired) as a coloured chip. */
export function PaymentStateChip({ state }: { state: string }) {
  const t = useT();
  const known = STATES[state.toLowerCase()] ?? STATES.expired!;
  return <Chip size="small" color={known.colour} label={t(known.label)} variant="outlined" />;
}
