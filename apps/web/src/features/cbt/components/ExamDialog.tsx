import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ExamInput, ExamView } from '@portal/contracts';
import { useId, useState } from 'react';
import { CancelAndConfirm } from '../../../components/crud/CancelAndConfirm';
import { serverMessage } from '../../../components/crud/errors';
import { useT } from '../../../i18n/useT';
import { fromLagosInput, toLagosInput } from '../../../lib/lagosTime';
import { notify } from '../../../lib/notify';
import { useSaveExam, useScoreItems, useStaffSearch, useTopics } from '../api';

interface SectionDraft {
  TopicIds: number[];
  Count: string;
}
interface Person {
  Id: number;
  Name: string;
  Email?: string;
}
interface HallDraft {
  Name: string;
  Capacity: string;
  Invigilators: Person[];
}

const HOUR = 3600_000;

/**
 * Sets or changes an exam: title, instructions, window (Lagos time), duration, sections drawing N
 * questions from topics, shuffling, pass mark, the score item it feeds, halls and invigilators, review.
 */
export function ExamDialog({
  courseId,
  sessionId,
  exam,
  onClose,
}: {
  courseId: number;
  sessionId: number;
  exam: ExamView | null;
  onClose: () => void;
}) {
  const t = useT();
  const id = useId();
  const save = useSaveExam(courseId, sessionId);
  const topics = useTopics(courseId).data ?? [];
  const scoreItems = useScoreItems().data ?? [];
  const [title, setTitle] = useState(exam?.Title ?? '');
  const [instructions, setInstructions] = useState(exam?.Instructions ?? '');
  const [opens, setOpens] = useState(
    toLagosInput(exam?.OpensAt ?? new Date(Date.now() + 24 * HOUR).toISOString()),
  );
  const [closes, setCloses] = useState(
    toLagosInput(exam?.ClosesAt ?? new Date(Date.now() + 26 * HOUR).toISOString()),
  );
  const [duration, setDuration] = useState(String(exam?.DurationMinutes ?? 30));
  const [sections, setSections] = useState<SectionDraft[]>(
    exam?.Sections.map((s) => ({ TopicIds: s.TopicIds, Count: String(s.Count) })) ?? [
      { TopicIds: [], Count: '10' },
    ],
  );
  const [shuffleQuestions, setShuffleQuestions] = useState(exam?.ShuffleQuestions ?? true);
  const [shuffleOptions, setShuffleOptions] = useState(exam?.ShuffleOptions ?? true);
  const [passMark, setPassMark] = useState(String(exam?.PassMark ?? 50));
  const [scoreItemId, setScoreItemId] = useState<number | ''>(exam?.ScoreItemId ?? '');
  const [halls, setHalls] = useState<HallDraft[]>(
    exam?.Halls.map((h) => ({
      Name: h.Name,
      Capacity: String(h.Capacity),
      Invigilators: h.InvigilatorIds.map((personId, i) => ({ Id: personId, Name: h.Invigilators[i] ?? '' })),
    })) ?? [],
  );
  const [review, setReview] = useState(exam?.ReviewAfterRelease ?? false);
  const [problem, setProblem] = useState<string | null>(null);

  const input = (): ExamInput => ({
    Title: title,
    Instructions: instructions,
    OpensAt: fromLagosInput(opens),
    ClosesAt: fromLagosInput(closes),
    DurationMinutes: Number(duration),
    Sections: sections.map((s) => ({ TopicIds: s.TopicIds, Count: Number(s.Count) })),
    ShuffleQuestions: shuffleQuestions,
    ShuffleOptions: shuffleOptions,
    PassMark: Number(passMark),
    ScoreItemId: scoreItemId === '' ? null : scoreItemId,
    Halls: halls.map((h) => ({
      Name: h.Name,
      Capacity: Number(h.Capacity),
      InvigilatorIds: h.Invigilators.map((p) => p.Id),
    })),
    ReviewAfterRelease: review,
  });

  const submit = () => {
    setProblem(null);
    save.mutate(
      { id: exam?.Id ?? null, input: input() },
      {
        onSuccess: (answer) => {
          notify.success(answer.Message);
          onClose();
        },
        onError: (error) => setProblem(serverMessage(error) || t('error.generic')),
      },
    );
  };
  const patchSection = (index: number, patch: Partial<SectionDraft>) =>
    setSections((current) => current.map((s, i) => (i === index ? { ...s, ...patch } : s)));
  const patchHall = (index: number, patch: Partial<HallDraft>) =>
    setHalls((current) => current.map((h, i) => (i === index ? { ...h, ...patch } : h)));

  return (
    <Dialog
      open
      onClose={save.isPending ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      fullWidth
      maxWidth="md"
    >
      <DialogTitle id={`${id}-title`}>{exam ? t('cbt.exam.editTitle') : t('cbt.exam.new')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {problem && <Alert severity="error">{problem}</Alert>}
          <TextField
            required
            label={t('cbt.exam.title')}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
          />
          <TextField
            multiline
            minRows={2}
            label={t('cbt.exam.instructions')}
            value={instructions}
            onChange={(e) => setInstructions(e.target.value)}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              type="datetime-local"
              required
              label={t('cbt.exam.opens')}
              value={opens}
              onChange={(e) => setOpens(e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ flex: 1 }}
            />
            <TextField
              type="datetime-local"
              required
              label={t('cbt.exam.closes')}
              value={closes}
              onChange={(e) => setCloses(e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ flex: 1 }}
            />
          </Stack>
          <Typography variant="caption" color="text.secondary">
            {t('cbt.exam.lagosTime')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              required
              label={t('cbt.exam.duration')}
              value={duration}
              onChange={(e) => setDuration(e.target.value)}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
            <TextField
              required
              label={t('cbt.exam.passMark')}
              value={passMark}
              onChange={(e) => setPassMark(e.target.value)}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
            <TextField
              select
              label={t('cbt.exam.scoreItem')}
              value={scoreItemId}
              onChange={(e) => setScoreItemId(e.target.value === '' ? '' : Number(e.target.value))}
              sx={{ minWidth: 200 }}
            >
              <MenuItem value="">{t('cbt.exam.noScoreItem')}</MenuItem>
              {scoreItems.map((item) => (
                <MenuItem key={item.Id} value={item.Id}>
                  {t('cbt.exam.scoreItemOption', { name: item.Name, max: item.Max })}
                </MenuItem>
              ))}
            </TextField>
          </Stack>

          <Typography component="h3" variant="subtitle1">
            {t('cbt.exam.sections')}
          </Typography>
          {sections.map((section, index) => (
            <Paper key={index} variant="outlined" sx={{ p: 1.5 }}>
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1}
                sx={{ alignItems: { sm: 'center' } }}
              >
                <TextField
                  select
                  label={t('cbt.exam.sectionTopics', { n: index + 1 })}
                  value={section.TopicIds}
                  onChange={(e) => {
                    const value = e.target.value as unknown as number[] | string;
                    patchSection(index, {
                      TopicIds: (typeof value === 'string' ? value.split(',') : value).map(Number),
                    });
                  }}
                  slotProps={{ select: { multiple: true } }}
                  sx={{ flex: 1, minWidth: 0 }}
                >
                  {topics.map((topic) => (
                    <MenuItem key={topic.Id} value={topic.Id}>
                      {t('cbt.bank.topicCount', { name: topic.Name, n: topic.Questions })}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  label={t('cbt.exam.sectionCount', { n: index + 1 })}
                  value={section.Count}
                  onChange={(e) => patchSection(index, { Count: e.target.value })}
                  slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                  sx={{ width: { sm: 140 } }}
                />
                <IconButton
                  aria-label={t('cbt.exam.removeSection', { n: index + 1 })}
                  disabled={sections.length <= 1}
                  onClick={() => setSections((current) => current.filter((_, i) => i !== index))}
                >
                  <Delete />
                </IconButton>
              </Stack>
            </Paper>
          ))}
          <Button
            startIcon={<Add />}
            sx={{ alignSelf: 'flex-start' }}
            onClick={() => setSections((current) => [...current, { TopicIds: [], Count: '5' }])}
          >
            {t('cbt.exam.addSection')}
          </Button>
          <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <FormControlLabel
              control={
                <Switch checked={shuffleQuestions} onChange={(e) => setShuffleQuestions(e.target.checked)} />
              }
              label={t('cbt.exam.shuffleQuestions')}
            />
            <FormControlLabel
              control={
                <Switch checked={shuffleOptions} onChange={(e) => setShuffleOptions(e.target.checked)} />
              }
              label={t('cbt.exam.shuffleOptions')}
            />
            <FormControlLabel
              control={<Switch checked={review} onChange={(e) => setReview(e.target.checked)} />}
              label={t('cbt.exam.review')}
            />
          </Stack>

          <Typography component="h3" variant="subtitle1">
            {t('cbt.exam.halls')}
          </Typography>
          {halls.map((hall, index) => (
            <Paper key={index} variant="outlined" sx={{ p: 1.5 }}>
              <Stack spacing={1}>
                <Stack
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={1}
                  sx={{ alignItems: { sm: 'center' } }}
                >
                  <TextField
                    label={t('cbt.exam.hallName', { n: index + 1 })}
                    value={hall.Name}
                    onChange={(e) => patchHall(index, { Name: e.target.value })}
                    sx={{ flex: 1 }}
                  />
                  <TextField
                    label={t('cbt.exam.capacity', { n: index + 1 })}
                    value={hall.Capacity}
                    onChange={(e) => patchHall(index, { Capacity: e.target.value })}
                    slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                    sx={{ width: { sm: 140 } }}
                  />
                  <IconButton
                    aria-label={t('cbt.exam.removeHall', { n: index + 1 })}
                    onClick={() => setHalls((current) => current.filter((_, i) => i !== index))}
                  >
                    <Delete />
                  </IconButton>
                </Stack>
                <InvigilatorPicker
                  label={t('cbt.exam.invigilators', { n: index + 1 })}
                  value={hall.Invigilators}
                  onChange={(people) => patchHall(index, { Invigilators: people })}
                />
              </Stack>
            </Paper>
          ))}
          <Button
            startIcon={<Add />}
            sx={{ alignSelf: 'flex-start' }}
            onClick={() =>
              setHalls((current) => [...current, { Name: '', Capacity: '50', Invigilators: [] }])
            }
          >
            {t('cbt.exam.addHall')}
          </Button>
        </Stack>
      </DialogContent>
      <DialogActions>
        <CancelAndConfirm
          pending={save.isPending}
          onCancel={onClose}
          onConfirm={submit}
          label={t('cbt.save')}
          disabled={!title.trim() || !opens || !closes}
        />
      </DialogActions>
    </Dialog>
  );
}

/** Staff accounts found by name or e-mail, several chosen. */
function InvigilatorPicker({
  label,
  value,
  onChange,
}: {
  label: string;
  value: Person[];
  onChange: (people: Person[]) => void;
}) {
  const [search, setSearch] = useState('');
  const found = useStaffSearch(search.trim());
  const options: Person[] = Array.isArray(found.data) ? found.data : [];
  return (
    <Autocomplete<Person, true>
      multiple
      options={options}
      value={value}
      loading={found.isFetching}
      getOptionLabel={(p) => (p.Email ? `${p.Name} (${p.Email})` : p.Name)}
      isOptionEqualToValue={(a, b) => a.Id === b.Id}
      filterOptions={(options) => options}
      onInputChange={(_, text) => setSearch(text)}
      onChange={(_, people) => onChange(people.map((p) => ({ Id: p.Id, Name: p.Name })))}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}
