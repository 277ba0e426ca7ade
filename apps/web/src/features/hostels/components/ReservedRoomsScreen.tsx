import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { serverMessage } from '../../../components/crud/errors';
import { PageHeading } from '../../../components/PageHeading';
import { SectionCard } from '../../../components/SectionCard';
import { SimpleTable } from '../../../components/SimpleTable';
import { useT } from '../../../i18n/useT';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useAllocations, useReservedRooms, useRounds } from '../api/hostels';
import { AllocationChip, AllocationTable, RoundSelect } from './parts';

/**
 * ReservedRooms: the rooms held out of the ballot, each bed and who holds it with the reason it was
 * assigned, and every assignment made by hand (including those since given up).
 */
export default function ReservedRoomsScreen() {
  const t = useT();
  const title = t('adminPage.ReservedRooms');
  useDocumentTitle(`${title} · ${t('portal.name')}`);
  const rounds = useRounds();
  const [roundId, setRoundId] = useState<number | null>(null);
  const reserved = useReservedRooms(roundId);
  const data = reserved.data?.Data;
  const assignments = useAllocations(
    { roundId: data?.RoundId ?? undefined, source: 'reserved', page: 1, pageSize: 100 },
    !!data?.RoundId,
  );
  return (
    <>
      <PageHeading title={title} />
      <RoundSelect rounds={rounds.data?.Data ?? []} value={roundId} onChange={setRoundId} />
      {reserved.isPending && <LinearProgress aria-label={t('common.loading')} />}
      {reserved.isError && (
        <Alert severity="error">{serverMessage(reserved.error) || t('error.generic')}</Alert>
      )}
      {data && (
        <Stack spacing={2}>
          <SectionCard title={t('hostels.reservedRooms')}>
            {data.Rooms.length === 0 && <Typography>{t('hostels.noReservedRooms')}</Typography>}
            <Stack spacing={2}>
              {data.Rooms.map((room) => (
                <SimpleTable
                  key={room.RoomId}
                  label={`${room.Hostel} · ${room.Block} · ${room.Room}`}
                  minWidth={420}
                  rows={room.Beds}
                  rowKey={(b) => b.Bed}
                  columns={[
                    { header: `${room.Hostel} · ${room.Room}`, cell: (b) => t('hostels.bedN', { n: b.Bed }) },
                    {
                      header: t('hostels.student'),
                      cell: (b) =>
                        b.Allocation
                          ? `${b.Allocation.Name} (${b.Allocation.MatricNo})`
                          : t('hostels.vacant'),
                    },
                    { header: t('hostels.reason'), cell: (b) => b.Allocation?.Reason ?? '' },
                    {
                      header: t('hostels.stateLabel'),
                      cell: (b) => (b.Allocation ? <AllocationChip state={b.Allocation.State} /> : ''),
                    },
                  ]}
                />
              ))}
            </Stack>
          </SectionCard>
          <SectionCard title={t('hostels.assignments')}>
            {assignments.data && assignments.data.Data.length === 0 ? (
              <Typography>{t('hostels.noAllocations')}</Typography>
            ) : (
              <AllocationTable rows={assignments.data?.Data ?? []} label={t('hostels.assignments')} />
            )}
          </SectionCard>
        </Stack>
      )}
    </>
  );
}
