import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import type { AvailabilityCounts } from '@portal/contracts';
import { useState } from 'react';
import { serverMessage } from '../../../components/crud/errors';
import { PageHeading } from '../../../components/PageHeading';
import { SectionCard } from '../../../components/SectionCard';
import { SimpleTable, type SimpleColumn } from '../../../components/SimpleTable';
import { useT } from '../../../i18n/useT';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useAvailability, useRounds } from '../api/hostels';
import { RoundSelect, useGenderLabel } from './parts';

/**
 * HostelAvailability: bed spaces by hostel, block and room for a round — free, reserved (held out of
 * the ballot), allocated (awaiting payment or assigned by hand) and occupied (paid). Each bed is in
 * exactly one, so every row adds up to its bed spaces.
 */
export default function HostelAvailabilityScreen() {
  const t = useT();
  const title = t('adminPage.HostelAvailability');
  useDocumentTitle(`${title} · ${t('portal.name')}`);
  const rounds = useRounds();
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
      <PageHeading title={title} />
      <RoundSelect rounds={rounds.data?.Data ?? []} value={roundId} onChange={setRoundId} />
      {availability.isPending && <LinearProgress aria-label={t('common.loading')} />}
      {availability.isError && (
        <Alert severity="error">{serverMessage(availability.error) || t('error.generic')}</Alert>
      )}
      {data && (
        <Stack spacing={2}>
          <SectionCard title={t('hostels.byHostel')}>
            <SimpleTable
              label={t('hostels.byHostel')}
              minWidth={520}
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
                  minWidth={520}
                  rows={h.Blocks}
                  rowKey={(b) => b.BlockId}
                  columns={columns<AvailabilityCounts & { Block: string }>(
                    t('hostels.blocks'),
                    (b) => b.Block,
                  )}
                />
                <SimpleTable
                  label={`${h.Hostel}: ${t('hostels.rooms')}`}
                  minWidth={520}
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
