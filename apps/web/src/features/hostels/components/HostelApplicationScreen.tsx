import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { HostelApplicationPage } from '@portal/contracts';
import { useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../components/crud/ConfirmDialog';
import { serverMessage } from '../../../components/crud/errors';
import { DetailList } from '../../../components/DetailList';
import { SelectField } from '../../../components/form/SelectField';
import { PageHeading } from '../../../components/PageHeading';
import { SectionCard } from '../../../components/SectionCard';
import { SimpleTable } from '../../../components/SimpleTable';
import { serverMessageId } from '../../../i18n/serverMessages';
import { useT } from '../../../i18n/useT';
import { formatNaira } from '../../../lib/money';
import { notify } from '../../../lib/notify';
import type { FeeSlot } from '../../../lib/fee';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useDownload } from '../../../lib/useDownload';
import { useApplyForHostel, useGiveUpBed, useHostelPage } from '../api/hostel-application';
import { LoadError, LoadingBlock, formatDay } from '../../../components/LoadState';
import { withMessages } from '../../../components/MessagesBoundary';
import { withSession } from '../../../lib/semester';

const STATE_COLOR = {
  allocated: 'warning',
  reserved: 'info',
  paid: 'success',
  lapsed: 'default',
  given_up: 'default',
} as const;

/**
 * /student/applyforhostel: the allocation round (window, the hash of its seed, revealed at the
 * draw), why the student cannot apply if they cannot, up to three hostel preferences in order,
 * then the bed space allocated with the hostel fee, the slip, and giving it up.
 */
function HostelApplicationScreen({ hostelFee }: { hostelFee?: FeeSlot }) {
  const t = useT();
  const hostel = useHostelPage();
  useDocumentTitle(`${t('student.hostel.title')} · ${t('portal.name')}`);
  const page = hostel.data?.Data;
  return (
    <>
      <PageHeading
        title={t('student.hostel.title')}
        intro={page?.Round ? withSession(page.Round.Name, page.Round.Session) : undefined}
      />
      {hostel.isPending && <LoadingBlock rows={4} />}
      {hostel.isError && <LoadError error={hostel.error} onRetry={() => void hostel.refetch()} />}
      {page && (
        <HostelPage
          key={page.Application?.UpdatedAt ?? 'none'}
          page={page}
          owesFees={page.Reasons.some((r) => /^hostel\.fees/.test(serverMessageId(hostel.data, r) ?? ''))}
          hostelFee={hostelFee}
          refresh={() => void hostel.refetch()}
        />
      )}
    </>
  );
}

function HostelPage({
  page,
  owesFees,
  hostelFee,
  refresh,
}: {
  page: HostelApplicationPage;
  /** A reason is the school fees (in any language): the warning links to the payment page. */
  owesFees: boolean;
  hostelFee?: FeeSlot;
  refresh: () => void;
}) {
  const t = useT();
  const intl = useIntl();
  const day = (value: string | null) => formatDay(intl.locale, value);
  const round = page.Round;
  const allocation = page.Allocation;
  const holding = allocation && ['allocated', 'reserved', 'paid'].includes(allocation.State);
  return (
    <Stack spacing={2}>
      {round && (
        <SectionCard title={t('student.hostel.round')}>
          <DetailList
            rows={[
              [t('student.hostel.window'), t(`student.hostel.window.${round.Window}`)],
              [t('student.hostel.opens'), day(round.OpensAt)],
              [t('student.hostel.closes'), day(round.ClosesAt)],
              [
                t('student.hostel.seedHash'),
                <Box component="code" key="hash" sx={{ fontSize: '0.8rem', wordBreak: 'break-all' }}>
                  {round.SeedHash}
                </Box>,
              ],
              ...(round.Seed
                ? ([
                    [
                      t('student.hostel.seed'),
                      <Box component="code" key="seed" sx={{ fontSize: '0.8rem', wordBreak: 'break-all' }}>
                        {round.Seed}
                      </Box>,
                    ],
                  ] as [string, ReactNode][])
                : []),
            ]}
          />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {round.Seed ? t('student.hostel.fairDrawn') : t('student.hostel.fair')}
          </Typography>
        </SectionCard>
      )}

      {page.Reasons.length > 0 && !page.Application && !allocation && (
        <Alert
          severity="warning"
          data-testid="hostel-reasons"
          action={
            owesFees ? (
              <Button component={RouterLink} to="/student/payment" color="inherit" size="small">
                {t('student.courses.payFees')}
              </Button>
            ) : undefined
          }
        >
          {page.Reasons.map((reason) => (
            <div key={reason}>{reason}</div>
          ))}
        </Alert>
      )}

      {allocation && (
        <SectionCard title={t('student.hostel.allocation')}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
            <Typography sx={{ fontWeight: 600 }} data-testid="bed-space">
              {allocation.BedSpace.Label}
            </Typography>
            <Chip
              size="small"
              color={STATE_COLOR[allocation.State]}
              label={t(`student.hostel.state.${allocation.State}`)}
              data-testid="allocation-state"
            />
          </Box>
          <DetailList
            rows={[
              [t('student.hostel.fee'), formatNaira(intl, allocation.Fee)],
              ...(allocation.PayBy && allocation.State === 'allocated'
                ? ([[t('student.hostel.payBy'), day(allocation.PayBy)]] as [string, string][])
                : []),
              ...(allocation.PaidAt
                ? ([[t('student.hostel.paidAt'), day(allocation.PaidAt)]] as [string, string][])
                : []),
            ]}
          />
          {holding && <AllocationActions page={page} />}
        </SectionCard>
      )}

      {hostelFee?.({
        purpose: 'hostelFee',
        due: !!allocation && ['allocated', 'reserved'].includes(allocation.State) && allocation.Fee > 0,
        recordId: allocation?.Id ?? null,
        amount: allocation?.Fee ?? 0,
        details: { date: day(allocation?.PayBy ?? null) },
        onPaid: refresh,
      })}

      {page.WaitingPosition !== null && (
        <Alert severity="info">{t('student.hostel.waiting', { position: page.WaitingPosition })}</Alert>
      )}

      {round && (page.CanApply || page.Application) && !allocation && <ApplicationForm page={page} />}

      {page.Result && (
        <SectionCard title={t('student.hostel.result')}>
          <SimpleTable
            label={t('student.hostel.result')}
            rows={page.Result.Hostels}
            rowKey={(h) => h.Hostel}
            columns={[
              { header: t('student.hostel.hostel'), cell: (h) => h.Hostel },
              { header: t('student.hostel.beds'), cell: (h) => h.Beds, numeric: true },
              { header: t('student.hostel.allocated'), cell: (h) => h.Allocated, numeric: true },
            ]}
          />
          <Typography variant="body2" sx={{ mt: 1 }}>
            {t('student.hostel.resultLine', {
              applicants: page.Result.Applicants,
              allocated: page.Result.Allocated,
              waiting: page.Result.Waiting,
            })}
          </Typography>
        </SectionCard>
      )}
    </Stack>
  );
}

function ApplicationForm({ page }: { page: HostelApplicationPage }) {
  const t = useT();
  const intl = useIntl();
  const apply = useApplyForHostel();
  const slots = Math.min(3, page.Hostels.length);
  const [choices, setChoices] = useState<(number | '')[]>(() =>
    Array.from(
      { length: slots },
      (_, i) => page.Application?.Preferences[i] ?? (i === 0 ? (page.Hostels[0]?.Id ?? '') : ''),
    ),
  );
  const sending = useRef(false);
  const chosen = choices.filter((c): c is number => c !== '');
  const editable = page.CanApply;
  const send = () => {
    if (sending.current) return;
    sending.current = true;
    apply
      .mutateAsync({ RoundId: page.Round!.Id, HostelIds: chosen })
      .then(
        (answer) => notify.success(answer.Message ?? t('student.hostel.applied')),
        (error: unknown) => notify.error(serverMessage(error) || t('error.generic')),
      )
      .finally(() => {
        sending.current = false;
      });
  };
  return (
    <SectionCard title={t('student.hostel.preferences')}>
      {page.Application && (
        <Alert severity="success" sx={{ mb: 2 }} data-testid="hostel-application">
          {/* "Nothing is allocated until the window closes" holds only while it has not closed. */}
          {t(page.Round?.Window === 'open' ? 'student.hostel.appliedOn' : 'student.hostel.received', {
            date: formatDay(intl.locale, page.Application.UpdatedAt),
          })}
        </Alert>
      )}
      <Stack spacing={2} sx={{ maxWidth: 420 }}>
        {choices.map((value, i) => (
          <SelectField
            key={i}
            size="small"
            label={t('student.hostel.choice', { n: i + 1 })}
            value={value}
            disabled={!editable}
            onChange={(chosenValue) => {
              const next = [...choices];
              next[i] = chosenValue === '' ? '' : Number(chosenValue);
              setChoices(next);
            }}
            options={[
              ...(i > 0 ? [{ value: '', label: t('student.hostel.none') }] : []),
              ...page.Hostels.map((h) => ({
                value: h.Id,
                label: `${h.Name} · ${formatNaira(intl, h.Fee)}`,
                disabled: choices.some((c, j) => j !== i && c === h.Id),
              })),
            ]}
          />
        ))}
        {editable && (
          <Box>
            <Button variant="contained" onClick={send} disabled={apply.isPending || chosen.length === 0}>
              {page.Application ? t('student.hostel.update') : t('student.hostel.apply')}
            </Button>
          </Box>
        )}
      </Stack>
    </SectionCard>
  );
}

function AllocationActions({ page }: { page: HostelApplicationPage }) {
  const t = useT();
  const giveUp = useGiveUpBed();
  const download = useDownload();
  const [confirming, setConfirming] = useState(false);
  const allocation = page.Allocation!;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 2 }}>
      {allocation.SlipUrl && (
        <Button
          variant="outlined"
          startIcon={<PictureAsPdf />}
          disabled={download.isPending}
          onClick={() =>
            download.mutate(
              { url: allocation.SlipUrl!, fileName: 'HostelSlip.pdf' },
              {
                onSuccess: () => notify.success(t('student.documents.downloadStarted')),
                onError: () => notify.error(t('error.download')),
              },
            )
          }
        >
          {t('student.hostel.slip')}
        </Button>
      )}
      {allocation.State === 'paid' ? (
        // A paid bed is not given up online (its fee would be owed back): the registry releases it.
        <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }}>
          {t('student.hostel.paidKeep')}
        </Typography>
      ) : (
        <Button color="error" variant="text" onClick={() => setConfirming(true)}>
          {t('student.hostel.giveUp')}
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('student.hostel.giveUp')}
        message={t('student.hostel.giveUpConfirm', { bed: allocation.BedSpace.Label })}
        confirmLabel={t('student.hostel.giveUp')}
        danger
        pending={giveUp.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          giveUp.mutate(
            { AllocationId: allocation.Id },
            {
              onSuccess: (answer) => {
                setConfirming(false);
                notify.success(answer.Message ?? t('student.hostel.gaveUp'));
              },
              onError: (error) => notify.error(serverMessage(error) || t('error.generic')),
            },
          )
        }
      />
    </Stack>
  );
}

export default withMessages('hostels', HostelApplicationScreen);
