import ArrowForward from '@mui/icons-material/ArrowForward';
import Badge from '@mui/icons-material/Badge';
import HowToReg from '@mui/icons-material/HowToReg';
import TableChart from '@mui/icons-material/TableChart';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ApplicantRecord } from '@portal/contracts';
import { ADMISSION_LEVEL_ACCEPTED, ADMISSION_LEVEL_ADMITTED } from '@portal/contracts';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { CardMenu } from '../../../components/CardMenu';
import type { MessageId } from '../../../i18n/locales';
import { useT } from '../../../i18n/useT';
import { ApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useSessionUser } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useApplicantRecord } from '../api/get-applicant-record';
import { useSubmitRegistration } from '../api/submit-registration';
import { AcceptanceFeeButtons } from './AcceptanceFeeButtons';
import { AdmissionDocumentsTable } from './AdmissionDocumentsTable';
import { CurrentAnnouncements } from '../../../components/CurrentAnnouncements';
import { ConfirmDialog } from './ConfirmDialog';
import { LoadError, LoadingBlock, PageTitle } from './parts';
import { ProgressStepper } from './ProgressStepper';

const ApplicationSlipDialog = lazy(() => import('./ApplicationSlipDialog'));

export interface ApplicantDashboardProps {
  /** The acceptance-fee buttons of the level-3 banner (default: Monnify, Remita disabled, Nomba). */
  acceptanceFeeActions?: ReactNode;
  /** Shown under the admission documents table (level 3 and 4, listed applicants). */
  documentsExtra?: ReactNode;
  /** Anything else the area adds to the dashboard, such as the payment status dialog. */
  children?: ReactNode;
}

/** The seven states of spec section 2, in its order: the first that applies is shown. */
export type DashboardState =
  | { kind: 'documentsOnly' }
  | { kind: 'acceptancePending' }
  | { kind: 'admitted' }
  | { kind: 'underReview' }
  | { kind: 'rejected' }
  | { kind: 'readyToSubmit' }
  | { kind: 'inProgress'; step: 0 | 1 | 2 };

export function dashboardState(record: ApplicantRecord): DashboardState {
  if (record.AdmissionState === 'rejected') return { kind: 'rejected' };
  if (record.AdmissionLevel === ADMISSION_LEVEL_ACCEPTED || record.IsListed) return { kind: 'documentsOnly' };
  if (record.AdmissionLevel === ADMISSION_LEVEL_ADMITTED) return { kind: 'acceptancePending' };
  if (record.AdmissionStatus) return { kind: 'admitted' };
  if (record.RegComplete) return { kind: 'underReview' };
  if (record.IsUploadDocument) return { kind: 'readyToSubmit' };
  if (record.IsBiodataSaved && record.IsOlevelSaved) return { kind: 'inProgress', step: 2 };
  if (record.IsBiodataSaved) return { kind: 'inProgress', step: 1 };
  return { kind: 'inProgress', step: 0 };
}

/** Where each unfinished step is done, and what it asks for. */
const NEXT_STEP: { to: string; text: MessageId }[] = [
  { to: '/applicant/biodata', text: 'applicant.dashboard.next.biodata' },
  { to: '/applicant/olevel', text: 'applicant.dashboard.next.olevel' },
  { to: '/applicant/documents', text: 'applicant.dashboard.next.documents' },
];

/** /applicant/dashboard: the applicant's progress and what to do next. */
export default function ApplicantDashboard({
  acceptanceFeeActions,
  documentsExtra,
  children,
}: ApplicantDashboardProps) {
  const t = useT();
  const user = useSessionUser('applicantUser');
  const record = useApplicantRecord(user?.ApplicantID ?? 0);
  const [slipOpen, setSlipOpen] = useState(false);
  const [slipLoaded, setSlipLoaded] = useState(false);
  useDocumentTitle(`${t('nav.dashboard')} · ${t('portal.name')}`);

  const data = record.data?.Data;
  const name = [data?.FirstName ?? user?.FirstName, data?.LastName ?? user?.LastName]
    .filter(Boolean)
    .join(' ');
  const openSlip = () => {
    setSlipLoaded(true);
    setSlipOpen(true);
  };

  return (
    <>
      <PageTitle>{t('nav.dashboard')}</PageTitle>
      <CurrentAnnouncements area="applicant" />
      <Card variant="outlined" sx={{ mb: 3 }}>
        <CardHeader
          title={t('shell.welcome', { name: name || (user?.JambRegNo ?? '') })}
          subheader={data?.JambRegNo}
          action={<CardMenu />}
          slotProps={{ title: { component: 'h2', variant: 'h6' } }}
        />
        <CardContent sx={{ pt: 0 }}>
          {record.isPending ? (
            <LoadingBlock rows={2} />
          ) : record.isError || !data ? (
            <LoadError error={record.error} onRetry={() => void record.refetch()} />
          ) : (
            <DashboardBody
              record={data}
              name={name}
              onOpenSlip={openSlip}
              acceptanceFeeActions={acceptanceFeeActions}
            />
          )}
        </CardContent>
      </Card>
      {data && ['acceptancePending', 'documentsOnly'].includes(dashboardState(data).kind) && (
        <AdmissionDocumentsTable extra={documentsExtra} />
      )}
      {slipLoaded && (
        <Suspense fallback={null}>
          <ApplicationSlipDialog open={slipOpen} onClose={() => setSlipOpen(false)} />
        </Suspense>
      )}
      {children}
    </>
  );
}

function DashboardBody({
  record,
  name,
  onOpenSlip,
  acceptanceFeeActions,
}: {
  record: ApplicantRecord;
  name: string;
  onOpenSlip: () => void;
  acceptanceFeeActions?: ReactNode;
}) {
  const t = useT();
  const state = dashboardState(record);
  const slipButton = (
    <Button variant="outlined" startIcon={<Badge />} onClick={onOpenSlip}>
      {t('applicant.slip.open')}
    </Button>
  );
  const feeScheduleLink = (
    <Button component={RouterLink} to="/applicant/feeschedule" variant="outlined" startIcon={<TableChart />}>
      {t('applicant.feeSchedule.link')}
    </Button>
  );

  switch (state.kind) {
    case 'documentsOnly':
      return (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography>{t('applicant.dashboard.documentsBelow')}</Typography>
          {feeScheduleLink}
        </Stack>
      );
    case 'acceptancePending':
      return (
        <>
          <ProgressStepper active={5} />
          <Typography component="p" variant="h6" sx={{ mb: 2 }}>
            {t('applicant.dashboard.congratulations', { name })}
          </Typography>
          <Alert severity="warning" sx={{ mb: 2 }}>
            <AlertTitle>{t('applicant.dashboard.pendingAcceptance')}</AlertTitle>
            <Typography variant="body2" sx={{ mb: 2 }}>
              {t('applicant.dashboard.avoidRevocation')}
            </Typography>
            {acceptanceFeeActions ?? <AcceptanceFeeButtons />}
          </Alert>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {feeScheduleLink}
            {slipButton}
          </Stack>
        </>
      );
    case 'admitted':
      return (
        <>
          <ProgressStepper active={5} />
          <Typography component="p" variant="h6" sx={{ mb: 2 }}>
            {t('applicant.dashboard.congratulations', { name })}
          </Typography>
          {slipButton}
        </>
      );
    case 'rejected':
      return (
        <>
          <ProgressStepper active={4} />
          <Alert severity="error" sx={{ mb: 2 }}>
            <AlertTitle>{t('applicant.dashboard.rejected')}</AlertTitle>
            {record.RejectionReason && (
              <Typography variant="body2">
                {t('applicant.dashboard.rejectionReason', { reason: record.RejectionReason })}
              </Typography>
            )}
          </Alert>
          {slipButton}
        </>
      );
    case 'underReview':
      return (
        <>
          <ProgressStepper active={4} />
          <Typography component="p" variant="h6">
            {t('applicant.dashboard.beingReviewed')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('applicant.dashboard.awaitResponse')}
          </Typography>
          {slipButton}
        </>
      );
    case 'readyToSubmit':
      return (
        <>
          <ProgressStepper active={3} />
          <CompleteRegistration applicantId={record.ApplicantID} missing={record.RegistrationMissing} />
        </>
      );
    case 'inProgress': {
      const next = NEXT_STEP[state.step]!;
      return (
        <>
          <ProgressStepper active={state.step} />
          <Typography sx={{ mb: 2 }}>{t(next.text)}</Typography>
          <Button component={RouterLink} to={next.to} variant="contained" endIcon={<ArrowForward />}>
            {t('applicant.dashboard.continue')}
          </Button>
        </>
      );
    }
  }
}

/** 'Complete Registration', confirmed first: afterwards nothing can be changed. */
function CompleteRegistration({ applicantId, missing }: { applicantId: number; missing: string[] }) {
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  const submit = useSubmitRegistration(applicantId);
  return (
    <Box>
      <Typography sx={{ mb: 2 }}>{t('applicant.dashboard.readyToSubmit')}</Typography>
      {missing.length > 0 && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {missing.join('; ')}
        </Alert>
      )}
      <Button variant="contained" startIcon={<HowToReg />} onClick={() => setConfirming(true)}>
        {t('applicant.dashboard.completeRegistration')}
      </Button>
      <ConfirmDialog
        open={confirming}
        text={t('applicant.dashboard.confirmSubmit')}
        confirmLabel={t('applicant.dashboard.submit')}
        pending={submit.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          submit.mutate(undefined, {
            onSuccess: (answer) => {
              setConfirming(false);
              notify.success(answer.Message);
            },
            onError: (error) => {
              setConfirming(false);
              notify.warning(
                error instanceof ApiError && error.message ? error.message : t('applicant.unableToComplete'),
              );
            },
          })
        }
      />
    </Box>
  );
}
