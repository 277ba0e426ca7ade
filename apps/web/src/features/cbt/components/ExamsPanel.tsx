import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ExamStaffState, ExamView } from '@portal/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/crud/ConfirmDialog';
import { serverMessage } from '../../../components/crud/errors';
import { useT } from '../../../i18n/useT';
import { notify } from '../../../lib/notify';
import { useWhen } from '../../../lib/useWhen';
import { useDeleteExam, usePublishExam, useReleaseExam } from '../api';
import { AnalysisPanel } from './AnalysisPanel';
import { CbtError } from './CbtError';
import { ExamDialog } from './ExamDialog';
import { InvigilationPanel } from './InvigilationPanel';

const STATE_COLOR: Record<ExamStaffState, 'default' | 'success' | 'info'> = {
  draft: 'default',
  published: 'success',
  sat: 'info',
};

/** An offering's exams: set, edit, publish, delete; invigilate; results and item analysis. */
export function ExamsPanel({
  courseId,
  sessionId,
  exams,
}: {
  courseId: number;
  sessionId: number;
  exams: UseQueryResult<ExamView[]>;
}) {
  const t = useT();
  const [editing, setEditing] = useState<ExamView | 'new' | null>(null);
  return (
    <>
      <Button variant="contained" startIcon={<Add />} onClick={() => setEditing('new')} sx={{ mb: 2 }}>
        {t('cbt.exam.new')}
      </Button>
      {exams.isLoading && <LinearProgress aria-label={t('cbt.loading')} />}
      {exams.isError && <CbtError error={exams.error} />}
      {exams.data && exams.data.length === 0 && <Alert severity="info">{t('cbt.exam.none')}</Alert>}
      <Stack spacing={2}>
        {exams.data?.map((exam) => (
          <ExamCard key={exam.Id} exam={exam} onEdit={() => setEditing(exam)} />
        ))}
      </Stack>
      {editing && (
        <ExamDialog
          courseId={courseId}
          sessionId={sessionId}
          exam={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}

type Asking = 'delete' | 'publish' | 'release' | null;

function ExamCard({ exam, onEdit }: { exam: ExamView; onEdit: () => void }) {
  const t = useT();
  const when = useWhen();
  const [asking, setAsking] = useState<Asking>(null);
  const [open, setOpen] = useState<'invigilate' | 'analysis' | null>(null);
  const remove = useDeleteExam();
  const publish = usePublishExam();
  const release = useReleaseExam();
  const done = (answer: { Message: string }) => {
    setAsking(null);
    notify.success(answer.Message);
  };
  const failed = (error: unknown) => notify.error(serverMessage(error) || t('error.generic'));
  const confirm = {
    delete: {
      title: t('cbt.exam.deleteTitle'),
      message: t('cbt.exam.deleteMessage', { title: exam.Title }),
      label: t('cbt.delete'),
      run: () => remove.mutate(exam.Id, { onSuccess: done, onError: failed }),
    },
    publish: {
      title: t('cbt.exam.publishTitle'),
      message: t('cbt.exam.publishMessage', { n: exam.Enrolled }),
      label: t('cbt.exam.publish'),
      run: () => publish.mutate(exam.Id, { onSuccess: done, onError: failed }),
    },
    release: {
      title: t('cbt.exam.releaseTitle'),
      message: t('cbt.exam.releaseMessage', { n: exam.Submitted }),
      label: t('cbt.exam.release'),
      run: () => release.mutate(exam.Id, { onSuccess: done, onError: failed }),
    },
  };
  const current = asking ? confirm[asking] : null;
  return (
    <Card variant="outlined" component="section" aria-label={exam.Title}>
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <Typography component="h2" variant="h6">
            {exam.Title}
          </Typography>
          <Chip size="small" color={STATE_COLOR[exam.State]} label={t(`cbt.exam.state.${exam.State}`)} />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {t('cbt.exam.window', { opens: when(exam.OpensAt), closes: when(exam.ClosesAt) })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('cbt.exam.summary', {
            questions: exam.Questions,
            minutes: exam.DurationMinutes,
            pass: exam.PassMark,
          })}
          {exam.ScoreItem ? ` · ${t('cbt.exam.feeds', { item: exam.ScoreItem })}` : ''}
        </Typography>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('cbt.exam.counts', {
            enrolled: exam.Enrolled,
            started: exam.Started,
            submitted: exam.Submitted,
          })}
        </Typography>
        {exam.ReleasedAt && (
          <Typography variant="body2" color="success.main">
            {t('cbt.exam.released', { at: when(exam.ReleasedAt) })}
          </Typography>
        )}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 2 }}>
          {exam.State !== 'sat' && (
            <Button size="small" variant="outlined" onClick={onEdit}>
              {t('cbt.edit')}
            </Button>
          )}
          {exam.State === 'draft' && (
            <Button size="small" variant="contained" onClick={() => setAsking('publish')}>
              {t('cbt.exam.publish')}
            </Button>
          )}
          {exam.State !== 'draft' && (
            <Button
              size="small"
              variant={open === 'invigilate' ? 'contained' : 'outlined'}
              onClick={() => setOpen((o) => (o === 'invigilate' ? null : 'invigilate'))}
              aria-expanded={open === 'invigilate'}
            >
              {t('cbt.exam.invigilate')}
            </Button>
          )}
          {exam.Submitted > 0 && (
            <Button
              size="small"
              variant={open === 'analysis' ? 'contained' : 'outlined'}
              onClick={() => setOpen((o) => (o === 'analysis' ? null : 'analysis'))}
              aria-expanded={open === 'analysis'}
            >
              {t('cbt.exam.analysis')}
            </Button>
          )}
          {exam.Submitted > 0 && !exam.ReleasedAt && (
            <Button size="small" variant="outlined" onClick={() => setAsking('release')}>
              {t('cbt.exam.release')}
            </Button>
          )}
          {exam.State !== 'sat' && (
            <Button size="small" color="error" onClick={() => setAsking('delete')}>
              {t('cbt.delete')}
            </Button>
          )}
        </Stack>
        {open && (
          <Box sx={{ mt: 2 }}>
            {open === 'invigilate' ? <InvigilationPanel exam={exam} /> : <AnalysisPanel exam={exam} />}
          </Box>
        )}
      </CardContent>
      <ConfirmDialog
        open={current !== null}
        title={current?.title ?? ''}
        message={current?.message ?? ''}
        confirmLabel={current?.label ?? ''}
        danger={asking === 'delete'}
        pending={remove.isPending || publish.isPending || release.isPending}
        onClose={() => setAsking(null)}
        onConfirm={() => current?.run()}
      />
    </Card>
  );
}
