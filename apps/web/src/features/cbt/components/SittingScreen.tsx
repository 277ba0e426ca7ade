import CloudDone from '@mui/icons-material/CloudDone';
import CloudOff from '@mui/icons-material/CloudOff';
import CloudUpload from '@mui/icons-material/CloudUpload';
import Flag from '@mui/icons-material/Flag';
import OutlinedFlag from '@mui/icons-material/OutlinedFlag';
import Timer from '@mui/icons-material/Timer';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AnswerValue, PaperQuestion } from '@portal/contracts';
import { useEffect, useId, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { serverMessage } from '../../../components/crud/errors';
import { LoadError, LoadingBlock } from '../../../components/LoadState';
import { NotFound } from '../../../components/NotFound';
import { PageHeading } from '../../../components/PageHeading';
import { useT } from '../../../i18n/useT';
import { apiBlob } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import type { QueueStatus } from '../sitting/answerQueue';
import { formatTimeLeft, type ServerClock } from '../sitting/serverClock';
import type { SittingAnswer } from '../sitting/sittingApi';
import { useSitting, type Sitting } from '../sitting/useSitting';
import { CbtMessages } from './CbtMessages';
import { ReceiptPanel } from './ReceiptPanel';

const idParam = (value: string | undefined) =>
  value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;

/** Whether a question has an answer (a cleared one has none). */
const isAnswered = (a: SittingAnswer | undefined) => !!a && a.Answer !== null;

/** /student/exams/:examId: the sitting — one question at a time, the map, the server's clock, the saved state. */
export default function SittingScreen() {
  const examId = idParam(useParams().examId);
  if (!examId) return <NotFound homePath="/student/exams" />;
  return (
    <CbtMessages>
      <SittingView examId={examId} />
    </CbtMessages>
  );
}

function SittingView({ examId }: { examId: number }) {
  const t = useT();
  const sitting = useSitting(examId);
  const { view, phase } = sitting;
  const title = view ? `${view.Code} · ${view.Title}` : t('cbt.student.heading');
  useDocumentTitle(`${title} · ${t('portal.name')}`);
  const back = (
    <Button component={RouterLink} to="/student/exams" variant="text">
      {t('cbt.sitting.backToList')}
    </Button>
  );
  if (phase === 'loading') return <LoadingBlock />;
  if (phase === 'error')
    return (
      <>
        <PageHeading title={title} />
        <LoadError error={sitting.error} onRetry={sitting.reopen} />
        {back}
      </>
    );
  if (!view) return null;
  if (phase === 'submitted' && sitting.receipt)
    return (
      <>
        <PageHeading title={title} />
        <Card variant="outlined">
          <CardContent>
            <ReceiptPanel receipt={sitting.receipt} attemptId={view.AttemptId} />
          </CardContent>
        </Card>
        <Box sx={{ mt: 2 }}>{back}</Box>
      </>
    );
  return <Paper sitting={sitting} title={title} />;
}

function Paper({ sitting, title }: { sitting: Sitting; title: string }) {
  const t = useT();
  const { view, phase, position, answers, status } = sitting;
  const [confirming, setConfirming] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  if (!view) return null;
  const paper = view.Paper;
  const question = paper[position];
  const answered = paper.filter((q) => isAnswered(answers.get(q.QuestionId))).length;
  const unanswered = paper.length - answered;
  const locked = phase !== 'sitting';
  const go = (index: number) => sitting.setPosition(Math.min(Math.max(0, index), paper.length - 1));

  const submit = () => {
    setSubmitting(true);
    sitting
      .submit()
      .then((answer) => {
        setConfirming(false);
        if (answer?.Message) notify.success(answer.Message);
      })
      .catch((error: unknown) =>
        notify.error(
          error instanceof Error && error.message === 'waiting'
            ? t('cbt.sitting.waitingBeforeSubmit')
            : serverMessage(error) || t('error.generic'),
        ),
      )
      .finally(() => setSubmitting(false));
  };

  return (
    <>
      <PageHeading title={title} />
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', mb: 2 }}
      >
        <TimeLeft clock={sitting.clock} />
        <SaveState status={status} />
      </Stack>
      {phase === 'superseded' && (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={sitting.reopen}>
              {t('cbt.sitting.takeBack')}
            </Button>
          }
        >
          {sitting.notice || t('cbt.sitting.superseded')}
        </Alert>
      )}
      {phase === 'ended' && (
        <Alert severity="info" sx={{ mb: 2 }} role="status">
          {t('cbt.sitting.timeUp')}
        </Alert>
      )}
      {status.message && status.state !== 'superseded' && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {status.message}
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 260px' },
          alignItems: 'start',
        }}
      >
        {question && (
          <QuestionCard
            key={question.QuestionId}
            question={question}
            total={paper.length}
            current={answers.get(question.QuestionId)}
            attemptId={view.AttemptId}
            locked={locked}
            onAnswer={(value) => sitting.answer(question.QuestionId, value)}
            onFlag={() => sitting.toggleFlag(question.QuestionId)}
            onPrevious={position > 0 ? () => go(position - 1) : undefined}
            onNext={position < paper.length - 1 ? () => go(position + 1) : undefined}
          />
        )}
        <Stack spacing={2}>
          <QuestionMap paper={paper} answers={answers} position={position} onGo={go} />
          <Typography variant="body2" color="text.secondary">
            {t('cbt.sitting.progress', { answered, total: paper.length })}
          </Typography>
          <Button
            variant="contained"
            color="success"
            disabled={locked || submitting}
            onClick={() => setConfirming(true)}
          >
            {t('cbt.sitting.submit')}
          </Button>
        </Stack>
      </Box>
      <SubmitDialog
        open={confirming}
        pending={submitting}
        message={`${
          unanswered > 0
            ? t('cbt.sitting.submitUnanswered', { n: unanswered, total: paper.length })
            : t('cbt.sitting.submitAll', { total: paper.length })
        } ${t('cbt.sitting.submitFinal')}`}
        onClose={() => setConfirming(false)}
        onConfirm={submit}
      />
    </>
  );
}

/**
 * 'Submit your exam?' with the count unanswered. Not the shared ConfirmDialog: that one downloads
 * its dialog when first opened, which a candidate offline at the end of an exam could not do; and
 * the student's area has its own words for it (the shared confirmation's Cancel lives in the admin
 * catalogue).
 */
function SubmitDialog({
  open,
  pending,
  message,
  onClose,
  onConfirm,
}: {
  open: boolean;
  pending: boolean;
  message: string;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const t = useT();
  const id = useId();
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={`${id}-title`}>{t('cbt.sitting.submitTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          {t('cbt.sitting.keepAnswering')}
        </Button>
        <Button variant="contained" color="success" onClick={onConfirm} disabled={pending}>
          {t('cbt.sitting.submitConfirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The time left, counted down each second from the server's last reading. */
function TimeLeft({ clock }: { clock: ServerClock }) {
  const t = useT();
  const [, tick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = clock.remainingMs();
  const low = left !== null && left < 5 * 60_000;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Timer color={low ? 'error' : 'action'} />
      <Typography
        role="timer"
        aria-label={t('cbt.sitting.timeLeft')}
        variant="h6"
        component="p"
        color={low ? 'error' : 'text.primary'}
        sx={{ fontVariantNumeric: 'tabular-nums' }}
      >
        {left === null ? '—' : formatTimeLeft(left)}
      </Typography>
    </Stack>
  );
}

/** "All answers saved" or "Offline — N answers waiting": what is on the server and what waits on the device. */
function SaveState({ status }: { status: QueueStatus }) {
  const t = useT();
  const offline = status.state === 'offline';
  const saving = status.waiting > 0 && !offline;
  const text = offline
    ? t('cbt.sitting.offline', { n: status.waiting })
    : saving
      ? t('cbt.sitting.saving', { n: status.waiting })
      : t('cbt.sitting.saved');
  return (
    <Stack
      direction="row"
      spacing={1}
      role="status"
      data-testid="save-state"
      sx={{ alignItems: 'center', color: offline ? 'warning.main' : 'text.secondary' }}
    >
      {offline ? <CloudOff /> : saving ? <CloudUpload /> : <CloudDone color="success" />}
      <Typography variant="body2">{text}</Typography>
    </Stack>
  );
}

function QuestionCard({
  question,
  total,
  current,
  attemptId,
  locked,
  onAnswer,
  onFlag,
  onPrevious,
  onNext,
}: {
  question: PaperQuestion;
  total: number;
  current: SittingAnswer | undefined;
  attemptId: number;
  locked: boolean;
  onAnswer: (value: AnswerValue) => void;
  onFlag: () => void;
  onPrevious?: () => void;
  onNext?: () => void;
}) {
  const t = useT();
  const headingId = useId();
  const flagged = current?.Flagged ?? false;
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent>
        <Stack
          direction="row"
          sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
        >
          <Typography id={headingId} component="h2" variant="h6">
            {t('cbt.sitting.questionOf', { n: question.Number, total })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('cbt.sitting.marks', { n: question.Marks })}
          </Typography>
        </Stack>
        <Typography sx={{ whiteSpace: 'pre-wrap', my: 2 }} data-testid="question-text">
          {question.Text}
        </Typography>
        {question.ImageUrl && <QuestionImage attemptId={attemptId} question={question} />}
        <AnswerInput question={question} current={current} locked={locked} onAnswer={onAnswer} />
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 2 }}>
          <Button variant="outlined" onClick={onPrevious} disabled={!onPrevious}>
            {t('cbt.sitting.previous')}
          </Button>
          <Button variant="contained" onClick={onNext} disabled={!onNext}>
            {t('cbt.sitting.next')}
          </Button>
          <Button
            variant={flagged ? 'contained' : 'text'}
            color="warning"
            startIcon={flagged ? <Flag /> : <OutlinedFlag />}
            aria-pressed={flagged}
            onClick={onFlag}
            disabled={locked}
          >
            {t('cbt.sitting.flag')}
          </Button>
          {current && current.Answer !== null && (
            <Button variant="text" onClick={() => onAnswer(null)} disabled={locked}>
              {t('cbt.sitting.clear')}
            </Button>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** A question's image, fetched with the student's token (an <img> cannot send it). */
function QuestionImage({ attemptId, question }: { attemptId: number; question: PaperQuestion }) {
  const t = useT();
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let url: string | null = null;
    let live = true;
    apiBlob(question.ImageUrl!, { area: 'student' })
      .then((blob) => {
        if (!live) return;
        url = URL.createObjectURL(blob);
        setSrc(url);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [attemptId, question.ImageUrl]);
  if (!src) return null;
  return (
    <Box
      component="img"
      src={src}
      alt={t('cbt.sitting.image', { n: question.Number })}
      sx={{ maxWidth: '100%', height: 'auto', mb: 2, display: 'block' }}
    />
  );
}

function AnswerInput({
  question,
  current,
  locked,
  onAnswer,
}: {
  question: PaperQuestion;
  current: SittingAnswer | undefined;
  locked: boolean;
  onAnswer: (value: AnswerValue) => void;
}) {
  const t = useT();
  const value = current?.Answer ?? null;
  const label = t('cbt.sitting.yourAnswer', { n: question.Number });
  if (question.Kind === 'single') {
    const chosen = value && 'Choices' in value ? String(value.Choices[0]) : '';
    return (
      <RadioGroup
        aria-label={label}
        value={chosen}
        onChange={(event) => onAnswer({ Choices: [Number(event.target.value)] })}
      >
        {question.Options.map((o) => (
          <FormControlLabel
            key={o.Id}
            value={String(o.Id)}
            control={<Radio />}
            label={o.Text}
            disabled={locked}
            sx={{ alignItems: 'flex-start', '& .MuiRadio-root': { pt: 0.5 }, mb: 0.5 }}
          />
        ))}
      </RadioGroup>
    );
  }
  if (question.Kind === 'multiple') {
    const chosen = new Set(value && 'Choices' in value ? value.Choices : []);
    const toggle = (id: number) => {
      const next = new Set(chosen);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      onAnswer(next.size ? { Choices: [...next].sort((a, b) => a - b) } : null);
    };
    return (
      <FormGroup aria-label={label} role="group">
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('cbt.sitting.chooseAll')}
        </Typography>
        {question.Options.map((o) => (
          <FormControlLabel
            key={o.Id}
            control={<Checkbox checked={chosen.has(o.Id)} onChange={() => toggle(o.Id)} />}
            label={o.Text}
            disabled={locked}
            sx={{ alignItems: 'flex-start', '& .MuiCheckbox-root': { pt: 0.5 }, mb: 0.5 }}
          />
        ))}
      </FormGroup>
    );
  }
  if (question.Kind === 'truefalse') {
    const chosen = value && 'True' in value ? String(value.True) : '';
    return (
      <RadioGroup
        aria-label={label}
        value={chosen}
        onChange={(event) => onAnswer({ True: event.target.value === 'true' })}
      >
        <FormControlLabel value="true" control={<Radio />} label={t('cbt.sitting.true')} disabled={locked} />
        <FormControlLabel
          value="false"
          control={<Radio />}
          label={t('cbt.sitting.false')}
          disabled={locked}
        />
      </RadioGroup>
    );
  }
  return <NumericAnswer label={label} value={value} locked={locked} onAnswer={onAnswer} />;
}

/** A number, given when the candidate leaves the field or presses Enter (not at every key). */
function NumericAnswer({
  label,
  value,
  locked,
  onAnswer,
}: {
  label: string;
  value: AnswerValue;
  locked: boolean;
  onAnswer: (value: AnswerValue) => void;
}) {
  const t = useT();
  const saved = value && 'Number' in value ? String(value.Number) : '';
  const [text, setText] = useState(saved);
  const parsed = text.trim() === '' ? null : Number(text.trim().replace(',', '.'));
  const invalid = parsed !== null && !Number.isFinite(parsed);
  const current = value && 'Number' in value ? value.Number : null;
  const give = () => {
    // Only a change is an answer (leaving the field after Enter gives nothing more).
    if (invalid || parsed === current) return;
    onAnswer(parsed === null ? null : { Number: parsed });
  };
  return (
    <TextField
      label={label}
      value={text}
      disabled={locked}
      onChange={(event) => setText(event.target.value)}
      onBlur={give}
      onKeyDown={(event) => {
        if (event.key === 'Enter') give();
      }}
      error={invalid}
      helperText={invalid ? t('cbt.sitting.notANumber') : t('cbt.sitting.numberHint')}
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      sx={{ maxWidth: 280 }}
    />
  );
}

/** Every question by number: answered, unanswered, flagged; any can be opened. */
function QuestionMap({
  paper,
  answers,
  position,
  onGo,
}: {
  paper: readonly PaperQuestion[];
  answers: ReadonlyMap<number, SittingAnswer>;
  position: number;
  onGo: (index: number) => void;
}) {
  const t = useT();
  return (
    <Box component="nav" aria-label={t('cbt.sitting.map')}>
      <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
        {t('cbt.sitting.map')}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(44px, 1fr))', gap: 0.75 }}>
        {paper.map((q, index) => {
          const a = answers.get(q.QuestionId);
          const done = isAnswered(a);
          const flagged = a?.Flagged ?? false;
          const state = t(done ? 'cbt.sitting.mapAnswered' : 'cbt.sitting.mapUnanswered');
          return (
            <Button
              key={q.QuestionId}
              size="small"
              variant={done ? 'contained' : 'outlined'}
              color={flagged ? 'warning' : 'primary'}
              aria-current={index === position ? 'step' : undefined}
              aria-label={t(flagged ? 'cbt.sitting.mapItemFlagged' : 'cbt.sitting.mapItem', {
                n: q.Number,
                state,
              })}
              onClick={() => onGo(index)}
              sx={{
                minWidth: 0,
                px: 0,
                fontWeight: index === position ? 700 : 400,
                outline: index === position ? '2px solid' : 'none',
                outlineOffset: 1,
              }}
            >
              {q.Number}
              {flagged && <Flag sx={{ fontSize: 12, ml: 0.25 }} />}
            </Button>
          );
        })}
      </Box>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
        {t('cbt.sitting.mapLegend')}
      </Typography>
    </Box>
  );
}
