import Chip from '@mui/material/Chip';
import type { LiveClassState } from '@portal/contracts';
import { useT } from '../../../i18n/useT';

const COLOURS = {
  scheduled: 'default',
  live: 'success',
  ended: 'info',
  cancelled: 'warning',
  missed: 'error',
} as const;

export function StateChip({ state }: { state: LiveClassState }) {
  const t = useT();
  return <Chip size="small" color={COLOURS[state]} label={t(`liveclasses.state.${state}`)} />;
}
