import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { AllocationRow, AllocationState, HostelRound } from '@portal/contracts';
import { useState } from 'react';
import { serverMessage } from '../../../components/crud/errors';
import { PageHeading } from '../../../components/PageHeading';
import { SimpleTable } from '../../../components/SimpleTable';
import { useT } from '../../../i18n/useT';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useWhen } from '../../../lib/useWhen';
import { useAllocations, useReservedRooms, useRounds } from '../api/hostels';

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

export { useWhen };

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

/** A hostel page's head: its title, the choice of round, and the load's progress or failure. */
export function RoundPageHead({
  title,
  roundId,
  onRound,
  query,
}: {
  title: string;
  roundId: number | null;
  onRound: (id: number) => void;
  query: { isPending: boolean; isError: boolean; error: unknown };
}) {
  const t = useT();
  const rounds = useRounds();
  useDocumentTitle(`${title} · ${t('portal.name')}`);
  return (
    <>
      <PageHeading title={title} />
      <RoundSelect rounds={rounds.data?.Data ?? []} value={roundId} onChange={onRound} />
      {query.isPending && <LinearProgress aria-label={t('common.loading')} />}
      {query.isError && <Alert severity="error">{serverMessage(query.error) || t('error.generic')}</Alert>}
    </>
  );
}

/** The reserved-room pages' data: the round chosen, its reserved rooms, and the beds assigned by hand. */
export function useReservedPage() {
  const [roundId, setRoundId] = useState<number | null>(null);
  const reserved = useReservedRooms(roundId);
  const data = reserved.data?.Data;
  const assignments = useAllocations(
    { roundId: data?.RoundId ?? undefined, source: 'reserved', page: 1, pageSize: 100 },
    !!data?.RoundId,
  );
  return { roundId, setRoundId, reserved, data, assignments };
}
