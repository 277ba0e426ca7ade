import Stack from '@mui/material/Stack';
import type { AvailabilityCounts } from '@portal/contracts';
import { useState } from 'react';
import { SectionCard } from '../../../components/SectionCard';
import { SimpleTable, type SimpleColumn } from '../../../components/SimpleTable';
import { useT } from '../../../i18n/useT';
import { useAvailability } from '../api/hostels';
import { RoundPageHead, useGenderLabel } from './parts';

/**
 * HostelAvailability: bed spaces by hostel, block and room for a round — free, reserved (held out of
 * the ballot), allocated (awaiting payment or assigned by hand) and occupied (paid). Each bed is in
 * exactly one, so every row adds up to its bed spaces.
 */
export default function HostelAvailabilityScreen() {
  const t = useT();
  const title = t('adminPage.HostelAvailability');
  const [roundId, setRoundId] = useState<number | null>(null);
  const availability = useAvailability(roundId);
  const data = availability.data?.Data;
  const gender = useGenderLabel();
  function columns<R extends AvailabilityCounts>(first: string, cell: (r: R) => string): SimpleColumn<R>[] {
    return [
      { header: first, cell },
      { header: t('hostels.beds'), cell: (r) => r.Beds, numeric: true },
      { header: t('hostels.free'), cell: (r) => r.Free, numeric: true },
      { header: t('hostels.reserved'), cell: (r) => r.Reserved, numeric: true },
      { header: t('hostels.allocated'), cell: (r) => r.Allocated, numeric: true },
      { header: t('hostels.occupied'), cell: (r) => r.Occupied, numeric: true },
    ];
  }
  return (
    <>
      <RoundPageHead title={title} roundId={roundId} onRound={setRoundId} query={availability} />
      {data && (
        <Stack spacing={2}>
          <SectionCard title={t('hostels.byHostel')}>
            <SimpleTable
              label={t('hostels.byHostel')}
              rows={[
                ...data.Hostels,
                { ...data.Totals, HostelId: 0, Hostel: t('hostels.total'), Gender: '', Blocks: [] },
              ]}
              rowKey={(h) => h.HostelId}
              columns={columns<AvailabilityCounts & { Hostel: string; Gender: string }>(
                t('hostels.hostel'),
                (h) => (h.Gender ? `${h.Hostel} (${gender(h.Gender)})` : h.Hostel),
              )}
            />
          </SectionCard>
          {data.Hostels.map((h) => (
            <SectionCard key={h.HostelId} title={h.Hostel}>
              <Stack spacing={2}>
                <SimpleTable
                  label={`${h.Hostel}: ${t('hostels.blocks')}`}
                  rows={h.Blocks}
                  rowKey={(b) => b.BlockId}
                  columns={columns<AvailabilityCounts & { Block: string }>(
                    t('hostels.blocks'),
                    (b) => b.Block,
                  )}
                />
                <SimpleTable
                  label={`${h.Hostel}: ${t('hostels.rooms')}`}
                  rows={h.Blocks.flatMap((b) => b.Rooms.map((r) => ({ ...r, Block: b.Block })))}
                  rowKey={(r) => r.RoomId}
                  columns={columns<AvailabilityCounts & { Block: string; Room: string; IsReserved: boolean }>(
                    t('hostels.rooms'),
                    (r) => `${r.Block} · ${r.Room}${r.IsReserved ? ` (${t('hostels.reservedRoom')})` : ''}`,
                  )}
                />
              </Stack>
            </SectionCard>
          ))}
        </Stack>
      )}
    </>
  );
}
