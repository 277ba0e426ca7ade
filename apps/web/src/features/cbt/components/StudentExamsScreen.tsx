import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ExamStudentState, StudentExam } from '@portal/contracts';
import { Link as RouterLink } from 'react-router';
import { LoadError, LoadingBlock } from '../../../components/LoadState';
import { PageHeading } from '../../../components/PageHeading';
import { useT } from '../../../i18n/useT';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useWhen } from '../../../lib/useWhen';
import { useStudentExams } from '../api';
import { CbtMessages } from './CbtMessages';
import { ReceiptPanel } from './ReceiptPanel';

const STATE_COLOR: Record<ExamStudentState, 'default' | 'info' | 'warning' | 'success' | 'error'> = {
  upcoming: 'default',
  open: 'info',
  inProgress: 'warning',
  submitted: 'success',
  closed: 'error',
};

export const sittingPath = (examId: number) => `/student/exams/${examId}`;

/** /student/exams: the student's exams this semester, their state; start or resume one; receipts and results. */
export default function StudentExamsScreen() {
  return (
    <CbtMessages>
      <ExamsList />
    </CbtMessages>
  );
}

function ExamsList() {
  const t = useT();
  const exams = useStudentExams();
  useDocumentTitle(`${t('cbt.student.heading')} · ${t('portal.name')}`);
  return (
    <>
      <PageHeading title={t('cbt.student.heading')} intro={t('cbt.student.intro')} />
      {exams.isPending && <LoadingBlock />}
      {exams.isError && <LoadError error={exams.error} onRetry={() => void exams.refetch()} />}
      {exams.data && exams.data.Exams.length === 0 && <Alert severity="info">{t('cbt.student.none')}</Alert>}
      <Stack spacing={2}>
        {exams.data?.Exams.map((exam) => (
          <ExamCard key={exam.ExamId} exam={exam} />
        ))}
      </Stack>
    </>
  );
}

function ExamCard({ exam }: { exam: StudentExam }) {
  const t = useT();
  const when = useWhen();
  const title = `${exam.Code} · ${exam.Title}`;
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <Typography component="h2" variant="h6">
            {title}
          </Typography>
          <Chip size="small" color={STATE_COLOR[exam.State]} label={t(`cbt.student.state.${exam.State}`)} />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {t('cbt.student.window', { opens: when(exam.OpensAt), closes: when(exam.ClosesAt) })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('cbt.student.size', { questions: exam.Questions, minutes: exam.DurationMinutes })}
          {exam.Hall ? ` · ${t('cbt.student.hall', { hall: exam.Hall })}` : ''}
        </Typography>
        {exam.Instructions && (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', mt: 1 }}>
            {exam.Instructions}
          </Typography>
        )}
        {exam.Released && exam.Percent !== null && (
          <Alert severity={exam.Passed ? 'success' : 'warning'} sx={{ mt: 1 }}>
            {t(exam.Passed ? 'cbt.student.passed' : 'cbt.student.notPassed', { percent: exam.Percent })}
          </Alert>
        )}
        {exam.State === 'open' && (
          <Button
            component={RouterLink}
            to={sittingPath(exam.ExamId)}
            variant="contained"
            sx={{ mt: 2 }}
            aria-label={t('cbt.student.startExam', { title })}
          >
            {t('cbt.student.start')}
          </Button>
        )}
        {exam.State === 'inProgress' && (
          <Button
            component={RouterLink}
            to={sittingPath(exam.ExamId)}
            variant="contained"
            color="warning"
            sx={{ mt: 2 }}
            aria-label={t('cbt.student.resumeExam', { title })}
          >
            {t('cbt.student.resume')}
          </Button>
        )}
        {exam.Receipt && exam.AttemptId !== null && (
          <ReceiptPanel receipt={exam.Receipt} attemptId={exam.AttemptId} compact />
        )}
      </CardContent>
    </Card>
  );
}
