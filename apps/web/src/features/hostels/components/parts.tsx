import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { AllocationRow, AllocationState, HostelRound } from '@portal/contracts';
import { useIntl } from 'react-intl';
import { SimpleTable } from '../../../components/SimpleTable';
import { useT } from '../../../i18n/useT';

const STATE_COLOR = {
  allocated: 'warning',
  reserved: 'info',
  paid: 'success',
  lapsed: 'default',
  given_up: 'default',
} as const;

export function AllocationChip({ state }: { state: AllocationState }) {
  const t = useT();
  return <Chip size="small" color={STATE_COLOR[state]} label={t(`hostels.state.${state}`)} />;
}

/** A hostel's or room's gender, in words. */
export function useGenderLabel() {
  const t = useT();
  return (gender: string) => (gender === 'Female' ? t('hostels.gender.Female') : t('hostels.gender.Male'));
}

/** A date and time in the institution's zone. */
export function useWhen() {
  const intl = useIntl();
  return (value: string | null) =>
    value
      ? intl.formatDate(new Date(value), {
          dateStyle: 'medium',
          timeStyle: 'short',
          timeZone: 'Africa/Lagos',
        })
      : '—';
}

/** The choice of a round (newest first); the newest is chosen when none is. */
export function RoundSelect({
  rounds,
  value,
  onChange,
}: {
  rounds: readonly HostelRound[];
  value: number | null;
  onChange: (id: number) => void;
}) {
  const t = useT();
  if (rounds.length < 2) return null;
  return (
    <TextField
      select
      size="small"
      label={t('hostels.round')}
      value={value ?? rounds[0]!.Id}
      onChange={(e) => onChange(Number(e.target.value))}
      sx={{ minWidth: 240, mb: 2 }}
    >
      {rounds.map((r) => (
        <MenuItem key={r.Id} value={r.Id}>
          {r.Name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Allocations: student, bed space, state, how (ballot and quota, waiting list, by hand with the reason). */
export function AllocationTable({ rows, label }: { rows: readonly AllocationRow[]; label: string }) {
  const t = useT();
  const when = useWhen();
  return (
    <SimpleTable
      label={label}
      minWidth={720}
      rows={rows}
      rowKey={(r) => r.Id}
      columns={[
        { header: t('hostels.matricNo'), cell: (r) => r.MatricNo },
        { header: t('hostels.student'), cell: (r) => r.Name },
        { header: t('hostels.bedSpace'), cell: (r) => r.BedSpace.Label },
        { header: t('hostels.stateLabel'), cell: (r) => <AllocationChip state={r.State} /> },
        {
          header: t('hostels.how'),
          cell: (r) => (
            <Box component="span">
              {t(`hostels.source.${r.Source}`)}
              {r.Quota ? ` · ${r.Quota}` : ''}
              {r.Reason ? ` · ${r.Reason}` : ''}
            </Box>
          ),
        },
        { header: t('hostels.allocatedAt'), cell: (r) => when(r.AllocatedAt) },
      ]}
    />
  );
}
