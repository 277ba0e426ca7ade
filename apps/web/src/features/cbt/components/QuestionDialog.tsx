import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import {
  CBT_LIMITS,
  QUESTION_KINDS,
  type QuestionInput,
  type QuestionKind,
  type QuestionView,
  type TopicView,
} from '@portal/contracts';
import { useId, useState } from 'react';
import { CancelAndConfirm } from '../../../components/crud/CancelAndConfirm';
import { serverMessage } from '../../../components/crud/errors';
import { useT } from '../../../i18n/useT';
import { notify } from '../../../lib/notify';
import { useSaveQuestion } from '../api';

interface OptionDraft {
  Text: string;
  Correct: boolean;
}

const blankOptions = (): OptionDraft[] => [
  { Text: '', Correct: true },
  { Text: '', Correct: false },
  { Text: '', Correct: false },
  { Text: '', Correct: false },
];

/** Adds or changes a question: topic, kind, text (formulas as text), options or answer, marks. */
export function QuestionDialog({
  courseId,
  topics,
  question,
  defaultTopicId,
  onClose,
}: {
  courseId: number;
  topics: TopicView[];
  question: QuestionView | null;
  defaultTopicId: number | null;
  onClose: () => void;
}) {
  const t = useT();
  const id = useId();
  const save = useSaveQuestion(courseId);
  const [topicId, setTopicId] = useState<number | ''>(question?.TopicId ?? defaultTopicId ?? '');
  const [kind, setKind] = useState<QuestionKind>(question?.Kind ?? 'single');
  const [text, setText] = useState(question?.Text ?? '');
  const [options, setOptions] = useState<OptionDraft[]>(
    question?.Options.length
      ? question.Options.map((o) => ({ Text: o.Text, Correct: o.Correct }))
      : blankOptions(),
  );
  const [truth, setTruth] = useState<boolean | null>(question?.Answer ?? null);
  const [value, setValue] = useState(question?.Value?.toString() ?? '');
  const [tolerance, setTolerance] = useState(question?.Tolerance?.toString() ?? '0');
  const [marks, setMarks] = useState(String(question?.Marks ?? 1));
  const [problem, setProblem] = useState<string | null>(null);
  const withOptions = kind === 'single' || kind === 'multiple';

  const setOption = (index: number, patch: Partial<OptionDraft>) =>
    setOptions((current) =>
      current.map((o, i) =>
        i === index ? { ...o, ...patch } : kind === 'single' && patch.Correct ? { ...o, Correct: false } : o,
      ),
    );

  const input = (): QuestionInput => ({
    TopicId: Number(topicId),
    Kind: kind,
    Text: text,
    Options: withOptions ? options : [],
    Answer: kind === 'truefalse' ? truth : null,
    Value: kind === 'numeric' && value.trim() !== '' ? Number(value) : null,
    Tolerance: kind === 'numeric' && tolerance.trim() !== '' ? Number(tolerance) : null,
    Marks: Number(marks),
  });

  const submit = () => {
    setProblem(null);
    save.mutate(
      { id: question?.Id ?? null, input: input() },
      {
        onSuccess: (answer) => {
          notify.success(answer.Message);
          onClose();
        },
        onError: (error) => setProblem(serverMessage(error) || t('error.generic')),
      },
    );
  };

  return (
    <Dialog
      open
      onClose={save.isPending ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      fullWidth
      maxWidth="md"
    >
      <DialogTitle id={`${id}-title`}>
        {question ? t('cbt.bank.editTitle') : t('cbt.bank.addQuestion')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {problem && <Alert severity="error">{problem}</Alert>}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              required
              label={t('cbt.bank.topic')}
              value={topicId}
              onChange={(event) => setTopicId(Number(event.target.value))}
              sx={{ flex: 1 }}
            >
              {topics.map((topic) => (
                <MenuItem key={topic.Id} value={topic.Id}>
                  {topic.Name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label={t('cbt.bank.kind')}
              value={kind}
              onChange={(event) => setKind(event.target.value as QuestionKind)}
              sx={{ flex: 1 }}
            >
              {QUESTION_KINDS.map((k) => (
                <MenuItem key={k} value={k}>
                  {t(`cbt.kind.${k}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={t('cbt.bank.marks')}
              value={marks}
              onChange={(event) => setMarks(event.target.value)}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              sx={{ width: { sm: 120 } }}
            />
          </Stack>
          <TextField
            required
            multiline
            minRows={3}
            label={t('cbt.bank.question')}
            helperText={t('cbt.bank.formulaHint')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            slotProps={{ htmlInput: { maxLength: CBT_LIMITS.questionText } }}
          />
          {withOptions && (
            <Stack spacing={1} role="group" aria-label={t('cbt.bank.options')}>
              <Typography variant="subtitle2">
                {kind === 'single' ? t('cbt.bank.optionsSingle') : t('cbt.bank.optionsMultiple')}
              </Typography>
              {options.map((o, index) => {
                const letter = String.fromCharCode(65 + index);
                return (
                  <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    {kind === 'single' ? (
                      <Radio
                        checked={o.Correct}
                        onChange={() => setOption(index, { Correct: true })}
                        slotProps={{ input: { 'aria-label': t('cbt.bank.correctOption', { letter }) } }}
                      />
                    ) : (
                      <Checkbox
                        checked={o.Correct}
                        onChange={(event) => setOption(index, { Correct: event.target.checked })}
                        slotProps={{ input: { 'aria-label': t('cbt.bank.correctOption', { letter }) } }}
                      />
                    )}
                    <TextField
                      size="small"
                      fullWidth
                      label={t('cbt.bank.option', { letter })}
                      value={o.Text}
                      onChange={(event) => setOption(index, { Text: event.target.value })}
                    />
                    <IconButton
                      aria-label={t('cbt.bank.removeOption', { letter })}
                      disabled={options.length <= CBT_LIMITS.minOptions}
                      onClick={() => setOptions((current) => current.filter((_, i) => i !== index))}
                    >
                      <Delete />
                    </IconButton>
                  </Stack>
                );
              })}
              <Button
                startIcon={<Add />}
                sx={{ alignSelf: 'flex-start' }}
                disabled={options.length >= CBT_LIMITS.maxOptions}
                onClick={() => setOptions((current) => [...current, { Text: '', Correct: false }])}
              >
                {t('cbt.bank.addOption')}
              </Button>
            </Stack>
          )}
          {kind === 'truefalse' && (
            <RadioGroup
              row
              aria-label={t('cbt.bank.statementIs')}
              value={truth === null ? '' : String(truth)}
              onChange={(event) => setTruth(event.target.value === 'true')}
            >
              <FormControlLabel value="true" control={<Radio />} label={t('cbt.sitting.true')} />
              <FormControlLabel value="false" control={<Radio />} label={t('cbt.sitting.false')} />
            </RadioGroup>
          )}
          {kind === 'numeric' && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label={t('cbt.bank.value')}
                value={value}
                onChange={(event) => setValue(event.target.value)}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
              <TextField
                label={t('cbt.bank.tolerance')}
                value={tolerance}
                onChange={(event) => setTolerance(event.target.value)}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
            </Stack>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <CancelAndConfirm
          pending={save.isPending}
          onCancel={onClose}
          onConfirm={submit}
          label={t('cbt.save')}
          disabled={topicId === '' || !text.trim()}
        />
      </DialogActions>
    </Dialog>
  );
}
