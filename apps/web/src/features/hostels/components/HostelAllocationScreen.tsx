import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { HostelRound } from '@portal/contracts';
import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { ConfirmDialog } from '../../../components/crud/ConfirmDialog';
import { serverMessage } from '../../../components/crud/errors';
import { SearchField } from '../../../components/crud/filters';
import { useDebounced } from '../../../components/crud/useDebounced';
import { DetailList } from '../../../components/DetailList';
import { PageHeading } from '../../../components/PageHeading';
import { SectionCard } from '../../../components/SectionCard';
import { SimpleTable } from '../../../components/SimpleTable';
import { useT } from '../../../i18n/useT';
import { formatNaira } from '../../../lib/money';
import { notify } from '../../../lib/notify';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useAllocations, useDraw, useDrawResult, useLapse, useRoundAction, useRounds } from '../api/hostels';
import { AllocationTable, RoundSelect, useWhen } from './parts';
import { RoundDialog } from './RoundDialog';

/**
 * HostelAllocation: the allocation rounds (set up and edited on screen while a draft, published before
 * the window opens with the hash of the seed), closing the window, the draw (once, confirmed) and
 * its published counts, lapsing unpaid allocations now, and the round's allocations.
 */
export default function HostelAllocationScreen() {
  const t = useT();
  const title = t('adminPage.HostelAllocation');
  useDocumentTitle(`${title} · ${t('portal.name')}`);
  const rounds = useRounds();
  const [chosen, setChosen] = useState<number | null>(null);
  const [editing, setEditing] = useState<HostelRound | 'new' | null>(null);
  const list = rounds.data?.Data ?? [];
  const round = list.find((r) => r.Id === chosen) ?? list[0] ?? null;
  return (
    <>
      <PageHeading
        title={title}
        action={
          <Button variant="contained" onClick={() => setEditing('new')}>
            {t('hostels.newRound')}
          </Button>
        }
      />
      {rounds.isPending && <LinearProgress aria-label={t('common.loading')} />}
      {rounds.isError && <Alert severity="error">{serverMessage(rounds.error) || t('error.generic')}</Alert>}
      {rounds.data && !round && <Typography>{t('hostels.noRounds')}</Typography>}
      <RoundSelect rounds={list} value={round?.Id ?? null} onChange={setChosen} />
      {round && (
        <Stack spacing={2}>
          <RoundCard round={round} onEdit={() => setEditing(round)} />
          {round.State === 'drawn' && <ResultCard round={round} />}
          <AllocationsCard roundId={round.Id} />
        </Stack>
      )}
      {editing && <RoundDialog round={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </>
  );
}

function RoundCard({ round, onEdit }: { round: HostelRound; onEdit: () => void }) {
  const t = useT();
  const intl = useIntl();
  const when = useWhen();
  const action = useRoundAction();
  const draw = useDraw();
  const lapse = useLapse();
  const [confirmDraw, setConfirmDraw] = useState(false);
  const [confirmClose, setConfirmClose] = useState(false);
  const fail = (error: unknown) => notify.error(serverMessage(error) || t('error.generic'));
  const code = (value: string) => (
    <Box component="code" sx={{ fontSize: '0.8rem', wordBreak: 'break-all' }}>
      {value}
    </Box>
  );
  return (
    <SectionCard title={round.Name}>
      <DetailList
        rows={[
          [t('hostels.session'), round.Session],
          [t('hostels.window'), t(`hostels.window.${round.Window}`)],
          [t('hostels.opensAt'), when(round.OpensAt)],
          [t('hostels.closesAt'), when(round.ClosesAt)],
          [t('hostels.paymentDays'), String(round.PaymentDays)],
          [t('hostels.feeRule'), t(`hostels.feeRule.${round.FeeRule}`)],
          [t('hostels.levels'), round.Levels.length ? round.Levels.join(', ') : t('hostels.allLevels')],
          [
            t('hostels.quotas'),
            round.Quotas.map(
              (q) => `${q.Name} ${q.LevelIds.length ? `${q.Percent} %` : t('hostels.rest')}`,
            ).join(' · ') || '—',
          ],
          [
            t('hostels.fees'),
            round.Fees.map((f) => `${f.Hostel}: ${formatNaira(intl, f.Amount)}`).join(' · '),
          ],
          [t('hostels.applications'), String(round.Applications)],
          [t('hostels.seedHash'), code(round.SeedHash)],
          ...(round.Seed ? ([[t('hostels.seed'), code(round.Seed)]] as [string, ReactNode][]) : []),
        ]}
      />
      {round.Reason && (
        <Alert severity="info" sx={{ mt: 2 }} data-testid="round-reason">
          {round.Reason}
        </Alert>
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 2 }}>
        {round.State === 'draft' && (
          <>
            <Button variant="outlined" onClick={onEdit}>
              {t('hostels.edit')}
            </Button>
            <Button
              variant="contained"
              disabled={action.isPending || !!round.Reason}
              onClick={() =>
                action.mutate(
                  { id: round.Id, action: 'publish' },
                  { onSuccess: (a) => notify.success(a.Message ?? ''), onError: fail },
                )
              }
            >
              {t('hostels.publish')}
            </Button>
          </>
        )}
        {round.State === 'published' && round.Window !== 'closed' && (
          <Button variant="outlined" disabled={action.isPending} onClick={() => setConfirmClose(true)}>
            {t('hostels.close')}
          </Button>
        )}
        {round.State === 'published' && round.Window === 'closed' && (
          <Button variant="contained" disabled={!!round.Reason} onClick={() => setConfirmDraw(true)}>
            {t('hostels.draw')}
          </Button>
        )}
        {round.State === 'drawn' && (
          <Button
            variant="outlined"
            disabled={lapse.isPending}
            onClick={() =>
              lapse.mutate(undefined, { onSuccess: (a) => notify.success(a.Message), onError: fail })
            }
          >
            {t('hostels.lapse')}
          </Button>
        )}
      </Stack>
      <ConfirmDialog
        open={confirmClose}
        title={t('hostels.close')}
        message={t('hostels.closeConfirm', { date: when(round.ClosesAt) })}
        confirmLabel={t('hostels.close')}
        danger
        pending={action.isPending}
        onClose={() => setConfirmClose(false)}
        onConfirm={() =>
          action.mutate(
            { id: round.Id, action: 'close' },
            {
              onSuccess: () => {
                setConfirmClose(false);
                notify.success(t('hostels.closedNow'));
              },
              onError: fail,
            },
          )
        }
      />
      <ConfirmDialog
        open={confirmDraw}
        title={t('hostels.draw')}
        message={t('hostels.drawConfirm', { applications: round.Applications })}
        confirmLabel={t('hostels.draw')}
        pending={draw.isPending}
        onClose={() => setConfirmDraw(false)}
        onConfirm={() =>
          draw.mutate(round.Id, {
            onSuccess: (answer) => {
              setConfirmDraw(false);
              notify.success(answer.Message ?? t('hostels.drawn'));
            },
            onError: fail,
          })
        }
      />
    </SectionCard>
  );
}

function ResultCard({ round }: { round: HostelRound }) {
  const t = useT();
  const query = useDrawResult(round.Id);
  const result = query.data?.Data;
  return (
    <SectionCard title={t('hostels.result')}>
      {result && (
        <Stack spacing={2}>
          <Typography data-testid="draw-result">
            {t('hostels.resultLine', {
              applicants: result.Applicants,
              beds: result.Beds,
              allocated: result.Allocated,
              waiting: result.Waiting,
            })}
          </Typography>
          <SimpleTable
            label={t('hostels.quotas')}
            rows={result.Quotas}
            rowKey={(q) => q.Name}
            columns={[
              { header: t('hostels.quotaName'), cell: (q) => q.Name },
              { header: t('hostels.seats'), cell: (q) => q.Seats, numeric: true },
              { header: t('hostels.allocated'), cell: (q) => q.Allocated, numeric: true },
            ]}
          />
          <Typography variant="body2" color="text.secondary">
            {t('hostels.seatsNote')}
          </Typography>
          <SimpleTable
            label={t('hostels.hostel')}
            rows={result.Hostels}
            rowKey={(h) => h.Hostel}
            columns={[
              { header: t('hostels.hostel'), cell: (h) => h.Hostel },
              { header: t('hostels.beds'), cell: (h) => h.Beds, numeric: true },
              { header: t('hostels.allocated'), cell: (h) => h.Allocated, numeric: true },
            ]}
          />
        </Stack>
      )}
    </SectionCard>
  );
}

function AllocationsCard({ roundId }: { roundId: number }) {
  const t = useT();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const term = useDebounced(search.trim());
  const allocations = useAllocations({ roundId, search: term || undefined, page, pageSize: 20 });
  const data = allocations.data;
  const pages = data ? Math.max(1, Math.ceil(data.Total / data.PageSize)) : 1;
  return (
    <SectionCard title={t('hostels.allocations')}>
      <SearchField
        label={t('hostels.search')}
        value={search}
        onChange={(v) => {
          setSearch(v);
          setPage(1);
        }}
        sx={{ width: { xs: '100%', sm: 320 }, mb: 2 }}
      />
      {data && data.Data.length === 0 ? (
        <Typography>{t('hostels.noAllocations')}</Typography>
      ) : (
        <AllocationTable rows={data?.Data ?? []} label={t('hostels.allocations')} />
      )}
      {pages > 1 && (
        <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }}>
          <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('hostels.previous')}
          </Button>
          <Typography variant="body2">{t('hostels.pageOf', { page, pages })}</Typography>
          <Button size="small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('hostels.next')}
          </Button>
        </Stack>
      )}
    </SectionCard>
  );
}
