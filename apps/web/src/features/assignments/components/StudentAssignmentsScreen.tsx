import AttachFile from '@mui/icons-material/AttachFile';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  ASSIGNMENTS_API as API,
  type AssignmentStudentState,
  type Receipt,
  type StudentAssignment,
} from '@portal/contracts';
import { useRef, useState } from 'react';
import { serverMessage } from '../../../components/crud/errors';
import { withMessages } from '../../../components/MessagesBoundary';
import { PageHeading } from '../../../components/PageHeading';
import { TextInput } from '../../../components/form/TextInput';
import { useT } from '../../../i18n/useT';
import { notify } from '../../../lib/notify';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useWhen } from '../../../lib/useWhen';
import { ASSIGNMENT_FILE_ACCEPT, download, useStudentAssignments, useSubmit } from '../api';
import { AssignmentsError } from './AssignmentsError';

const STATE_COLOR: Record<AssignmentStudentState, 'default' | 'info' | 'warning' | 'success' | 'error'> = {
  upcoming: 'default',
  open: 'info',
  dueSoon: 'warning',
  submitted: 'success',
  late: 'warning',
  closed: 'error',
  graded: 'success',
};

/** /student/assignment: the student's assignments across this semester's courses; submit, see the receipt and grade. */
function StudentAssignmentsScreen() {
  const t = useT();
  const list = useStudentAssignments();
  useDocumentTitle(`${t('assignments.student.heading')} · ${t('portal.name')}`);
  return (
    <>
      <PageHeading title={t('assignments.student.heading')} intro={t('assignments.student.intro')} />
      {list.isLoading && <LinearProgress aria-label={t('assignments.student.loading')} />}
      {list.isError && <AssignmentsError error={list.error} />}
      {list.data && list.data.Assignments.length === 0 && (
        <Alert severity="info">{t('assignments.student.none')}</Alert>
      )}
      <Stack spacing={2}>
        {list.data?.Assignments.map((a) => (
          <AssignmentCard key={a.Id} assignment={a} />
        ))}
      </Stack>
    </>
  );
}

function ReceiptView({ receipt }: { receipt: Receipt }) {
  const t = useT();
  const when = useWhen();
  return (
    <Alert severity={receipt.Late ? 'warning' : 'success'} sx={{ mt: 1, overflowWrap: 'anywhere' }}>
      <Typography variant="body2">
        {t('assignments.student.receivedAt', { at: when(receipt.ReceivedAt) })}
        {receipt.Late ? ` · ${t('assignments.student.lateMark', { penalty: receipt.Penalty })}` : ''}
      </Typography>
      <Typography variant="body2" component="div">
        {t('assignments.student.hash')} <code>{receipt.Sha256}</code>
      </Typography>
    </Alert>
  );
}

function AssignmentCard({ assignment: a }: { assignment: StudentAssignment }) {
  const t = useT();
  const when = useWhen();
  const submit = useSubmit();
  const [text, setText] = useState(a.Submission?.Text ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const failed = (error: unknown) => notify.error(serverMessage(error) || t('error.generic'));
  const sub = a.Submission;
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <Typography component="h2" variant="h6">
            {a.Code} · {a.Title}
          </Typography>
          <Chip size="small" color={STATE_COLOR[a.State]} label={t(`assignments.student.state.${a.State}`)} />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {t('assignments.student.due', { due: when(a.DueAt) })} ·{' '}
          {t('assignments.student.outOf', { max: a.MaxScore })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {a.LatePolicy === 'accept'
            ? t('assignments.student.acceptsLate', { until: when(a.LateUntil), penalty: a.LatePenalty ?? 0 })
            : t('assignments.student.refusesLate')}
        </Typography>
        {a.Instructions && (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', mt: 1 }}>
            {a.Instructions}
          </Typography>
        )}
        {a.Files.length > 0 && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
            {a.Files.map((f) => (
              <Chip
                key={f.Id}
                icon={<AttachFile />}
                label={f.Name}
                onClick={() => void download(API.studentFile(f.Id), f.Name, 'student').catch(failed)}
              />
            ))}
          </Stack>
        )}
        {sub?.ReturnedAt && (
          <Alert severity="info" sx={{ mt: 1 }}>
            <Typography variant="body2">
              {t('assignments.student.grade', { score: sub.Score ?? 0, max: a.MaxScore })}
            </Typography>
            {sub.Comment && <Typography variant="body2">{sub.Comment}</Typography>}
          </Alert>
        )}
        {sub && !receipt && <ReceiptView receipt={sub.Receipt} />}
        {receipt && <ReceiptView receipt={receipt} />}
        {sub?.FileName && (
          <Button
            size="small"
            onClick={() => void download(API.ownFile(a.Id), sub.FileName!, 'student').catch(failed)}
          >
            {sub.FileName}
          </Button>
        )}
        {a.CanSubmit && (
          <Stack spacing={1} sx={{ mt: 2 }}>
            {a.WouldBeLate && (
              <Alert severity="warning">
                {t('assignments.student.willBeLate', { penalty: a.LatePenalty ?? 0 })}
              </Alert>
            )}
            <TextInput
              id={`assignment-${a.Id}-answer`}
              label={t('assignments.student.answer')}
              value={text}
              onChange={(e) => setText(e.target.value)}
              multiline
              minRows={3}
            />
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
              <Button variant="outlined" size="small" onClick={() => fileInput.current?.click()}>
                {t('assignments.student.chooseFile')}
              </Button>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {file ? file.name : t('assignments.student.noFile')}
              </Typography>
              <input
                ref={fileInput}
                type="file"
                hidden
                accept={ASSIGNMENT_FILE_ACCEPT}
                aria-label={t('assignments.student.chooseFile')}
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              />
            </Stack>
            <Button
              variant="contained"
              disabled={submit.isPending || (!text.trim() && !file)}
              onClick={() =>
                submit.mutate(
                  { id: a.Id, text, file },
                  {
                    onSuccess: (answer) => {
                      setReceipt(answer.Data);
                      setFile(null);
                      notify.success(answer.Message ?? t('assignments.student.submitted'));
                    },
                    onError: failed,
                  },
                )
              }
              sx={{ alignSelf: 'flex-start' }}
            >
              {sub ? t('assignments.student.replace') : t('assignments.student.submit')}
            </Button>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

export default withMessages('assignments', StudentAssignmentsScreen);
