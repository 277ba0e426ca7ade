import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SectionCard } from '../../../components/SectionCard';
import { SimpleTable } from '../../../components/SimpleTable';
import { useT } from '../../../i18n/useT';
import { AllocationChip, AllocationTable, RoundPageHead, useReservedPage } from './parts';

/**
 * ReservedRooms: the rooms held out of the ballot, each bed and who holds it with the reason it was
 * assigned, and every assignment made by hand (including those since given up).
 */
export default function ReservedRoomsScreen() {
  const t = useT();
  const title = t('adminPage.ReservedRooms');
  const { roundId, setRoundId, reserved, data, assignments } = useReservedPage();
  return (
    <>
      <RoundPageHead title={title} roundId={roundId} onRound={setRoundId} query={reserved} />
      {data && (
        <Stack spacing={2}>
          <SectionCard title={t('hostels.reservedRooms')}>
            {data.Rooms.length === 0 && <Typography>{t('hostels.noReservedRooms')}</Typography>}
            <Stack spacing={2}>
              {data.Rooms.map((room) => (
                <SimpleTable
                  key={room.RoomId}
                  label={`${room.Hostel} · ${room.Block} · ${room.Room}`}
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
