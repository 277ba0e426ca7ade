import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TranscriptRequestRow } from '@portal/contracts';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { PlainRadioGroup } from '../../../components/form/PlainChoice';
import { serverMessage } from '../../../components/crud/errors';
import { TextInput } from '../../../components/form/TextInput';
import { SelectField } from '../../../components/form/SelectField';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { PageHeading } from '../../../components/PageHeading';
import { SectionCard } from '../../../components/SectionCard';
import { useT } from '../../../i18n/useT';
import { formatNaira } from '../../../lib/money';
import { notify } from '../../../lib/notify';
import { useSessionUser } from '../../../lib/session';
import type { FeeSlot } from '../../../lib/fee';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { EMAIL_PATTERN } from '../../../lib/validation';
import { useDownload } from '../../../lib/useDownload';
import {
  reportCardUrl,
  useRequestTranscript,
  useStudentResults,
  useTranscriptRequests,
} from '../api/student-results';
import { LoadError, LoadingBlock, formatDay } from '../../../components/LoadState';
import { withMessages } from '../../../components/MessagesBoundary';
import { semesterLabel } from '../../../lib/semester';

/** A transcript request to pay for: its id (the payment's record), the fee in naira, the recipient. */
export interface TranscriptToPay {
  id: number;
  amount: number;
  recipient: string;
}

/**
 * /student/ReportCard: a semester's report card as a PDF (its QR code opens the public check), and
 * the transcript requests — their state, a form for a new one, and the fee of one awaiting payment.
 */
function ReportCardScreen({ transcriptFee }: { transcriptFee?: FeeSlot }) {
  const t = useT();
  useDocumentTitle(`${t('student.reportCard.title')} · ${t('portal.name')}`);
  return (
    <>
      <PageHeading title={t('student.reportCard.title')} />
      <Stack spacing={2}>
        <ReportCard />
        <Transcripts transcriptFee={transcriptFee} />
      </Stack>
    </>
  );
}

function ReportCard() {
  const t = useT();
  const results = useStudentResults();
  const user = useSessionUser('studentUser');
  const download = useDownload();
  const semesters = results.data?.Data.Semesters ?? [];
  const [chosen, setChosen] = useState<number | null>(null);
  const semester = semesters.find((s) => s.SemesterId === chosen) ?? semesters.at(-1);

  const save = () => {
    if (!semester) return;
    const matric = (user?.MatricNo ?? '').replace(/[^0-9A-Za-z]/g, '');
    download.mutate(
      {
        url: reportCardUrl(semester.SemesterId),
        fileName: `ReportCard-${matric}-${semester.Semester.replace(/[^0-9A-Za-z]+/g, '')}.pdf`,
      },
      {
        onSuccess: () => notify.success(t('student.documents.downloadStarted')),
        onError: (error) => notify.error(serverMessage(error) || t('error.download')),
      },
    );
  };

  return (
    <SectionCard title={t('student.reportCard.reportCard')}>
      {results.isPending && <LoadingBlock rows={1} />}
      {results.isError && <LoadError error={results.error} onRetry={() => void results.refetch()} />}
      {results.data &&
        (semester ? (
          <>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {t('student.reportCard.intro')}
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
              <SelectField
                label={t('student.reportCard.semester')}
                value={semester.SemesterId}
                onChange={(value) => setChosen(Number(value))}
                options={semesters.map((s) => ({ value: s.SemesterId, label: semesterLabel(s) }))}
                sx={{ flex: '1 1 240px', maxWidth: 420 }}
              />
              <Button
                variant="contained"
                startIcon={<PictureAsPdf />}
                disabled={download.isPending}
                onClick={save}
              >
                {t('student.reportCard.download')}
              </Button>
            </Box>
          </>
        ) : (
          <Typography>{t('student.results.empty')}</Typography>
        ))}
    </SectionCard>
  );
}

const STATE_COLOR = {
  awaiting_payment: 'warning',
  paid: 'info',
  processing: 'info',
  sent: 'success',
} as const;

function Transcripts({ transcriptFee }: { transcriptFee?: FeeSlot }) {
  const t = useT();
  const requests = useTranscriptRequests();
  const [paying, setPaying] = useState<TranscriptToPay | null>(null);
  const rows = requests.data?.Data;
  return (
    <>
      <SectionCard title={t('student.transcripts.title')}>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('student.transcripts.intro')}
        </Typography>
        {requests.isPending && <LoadingBlock rows={2} />}
        {requests.isError && <LoadError error={requests.error} onRetry={() => void requests.refetch()} />}
        {rows &&
          (rows.length === 0 ? (
            <Typography>{t('student.transcripts.empty')}</Typography>
          ) : (
            <List disablePadding aria-label={t('student.transcripts.title')}>
              {rows.map((row) => (
                <TranscriptRequest
                  key={row.Id}
                  row={row}
                  onPay={transcriptFee ? () => setPaying(payable(row)) : undefined}
                  onReachPay={() => transcriptFee?.prepare('transcript')}
                />
              ))}
            </List>
          ))}
      </SectionCard>
      <RequestForm />
      {transcriptFee?.({
        purpose: 'transcript',
        // The dialog is open while a request's Pay button has been pressed.
        due: paying !== null,
        amount: paying?.amount ?? 0,
        recordId: paying?.id ?? null,
        details: { recipient: paying?.recipient ?? '' },
        onClose: () => setPaying(null),
        onPaid: () => void requests.refetch(),
      })}
    </>
  );
}

const payable = (row: TranscriptRequestRow): TranscriptToPay => ({
  id: row.Id,
  amount: row.AmountKobo / 100,
  recipient: row.RecipientName,
});

function TranscriptRequest({
  row,
  onPay,
  onReachPay,
}: {
  row: TranscriptRequestRow;
  onPay?: () => void;
  /** The pointer is over Pay, or it has the focus: its dialog's code downloads then. */
  onReachPay: () => void;
}) {
  const t = useT();
  const intl = useIntl();
  const day = (value: string | null) => formatDay(intl.locale, value);
  const amount = formatNaira(intl, row.AmountKobo / 100);
  const dates = [
    t('student.transcripts.requestedOn', { date: day(row.CreatedAt) }),
    row.PaidAt && t('student.transcripts.paidOn', { date: day(row.PaidAt) }),
    row.SentAt && t('student.transcripts.sentOn', { date: day(row.SentAt) }),
  ].filter(Boolean);
  return (
    <ListItem disableGutters divider data-testid="transcript-request" sx={{ display: 'block', py: 1.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 0.5 }}>
        <Typography component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          <bdi>{row.RecipientName}</bdi>
        </Typography>
        <Chip
          size="small"
          variant="outlined"
          color={STATE_COLOR[row.State]}
          label={t(`student.transcripts.state.${row.State}`)}
        />
      </Box>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        <bdi>{row.RecipientEmail}</bdi> · {t(`student.transcripts.destination.${row.Destination}`)} ·{' '}
        {t('student.transcripts.fee', { amount })}
      </Typography>
      {row.PostalAddress && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          <bdi>{row.PostalAddress}</bdi>
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary">
        {dates.join(' · ')}
      </Typography>
      {row.State === 'sent' && (
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {row.OpenedAt
            ? t('student.transcripts.openedOn', { date: day(row.OpenedAt) })
            : t('student.transcripts.notOpened')}
        </Typography>
      )}
      {row.State === 'awaiting_payment' && onPay && (
        <Button
          variant="contained"
          size="small"
          onClick={onPay}
          onPointerEnter={onReachPay}
          onFocus={onReachPay}
          sx={{ mt: 1 }}
        >
          {t('student.transcripts.pay', { amount })}
        </Button>
      )}
    </ListItem>
  );
}

type Destination = TranscriptRequestRow['Destination'];
const DESTINATIONS: readonly Destination[] = ['Nigeria', 'Abroad'];

/** The contract's limits (transcriptRequestInput), checked here before the server checks them again. */
const LIMITS = { name: [3, 200], email: 200, address: 500 } as const;

interface FormErrors {
  name?: string;
  email?: string;
  address?: string;
}

function RequestForm() {
  const t = useT();
  const request = useRequestTranscript();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [address, setAddress] = useState('');
  const [destination, setDestination] = useState<Destination>('Nigeria');
  const [errors, setErrors] = useState<FormErrors>({});

  const validate = (): FormErrors => {
    const next: FormErrors = {};
    const n = name.trim().length;
    if (n < LIMITS.name[0]) next.name = t('student.transcripts.nameRequired');
    else if (n > LIMITS.name[1]) next.name = t('student.transcripts.tooLong', { max: LIMITS.name[1] });
    const e = email.trim();
    if (!EMAIL_PATTERN.test(e)) next.email = t('student.transcripts.emailInvalid');
    else if (e.length > LIMITS.email) next.email = t('student.transcripts.tooLong', { max: LIMITS.email });
    if (address.trim().length > LIMITS.address)
      next.address = t('student.transcripts.tooLong', { max: LIMITS.address });
    return next;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = validate();
    setErrors(next);
    if (next.name || next.email || next.address) return;
    request.mutate(
      {
        RecipientName: name.trim(),
        RecipientEmail: email.trim().toLowerCase(),
        ...(address.trim() ? { PostalAddress: address.trim() } : {}),
        Destination: destination,
      },
      {
        onSuccess: (answer) => {
          notify.success(answer.Message ?? t('student.transcripts.requested'));
          setName('');
          setEmail('');
          setAddress('');
          setDestination('Nigeria');
        },
        onError: (error) => notify.error(serverMessage(error) || t('error.generic')),
      },
    );
  };

  return (
    <SectionCard title={t('student.transcripts.new')}>
      <Box component="form" noValidate onSubmit={submit} sx={{ maxWidth: 560 }}>
        <TextInput
          id="transcript-recipient"
          label={t('student.transcripts.recipientName')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
          autoComplete="organization"
          error={!!errors.name}
          helperText={errors.name}
        />
        <TextInput
          id="transcript-email"
          label={t('student.transcripts.recipientEmail')}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          required
          type="email"
          autoComplete="off"
          error={!!errors.email}
          helperText={errors.email}
        />
        <TextInput
          id="transcript-address"
          label={t('student.transcripts.postalAddress')}
          value={address}
          onChange={(e) => setAddress(e.target.value)}
          multiline
          minRows={2}
          error={!!errors.address}
          helperText={errors.address}
        />
        <PlainRadioGroup
          row
          legend={t('student.transcripts.destination')}
          value={destination}
          options={DESTINATIONS.map((d) => ({
            value: d,
            label: t(`student.transcripts.destination.${d}`),
          }))}
          onChange={setDestination}
          sx={{ mt: 2, mb: 1 }}
        />
        <SubmitButton pending={request.isPending} label={t('student.transcripts.submit')} />
      </Box>
    </SectionCard>
  );
}

export default withMessages('results', ReportCardScreen);
