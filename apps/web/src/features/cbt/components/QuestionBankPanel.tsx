import Add from '@mui/icons-material/Add';
import Download from '@mui/icons-material/Download';
import UploadFile from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  BANK_FORMATS,
  CBT_API as API,
  type BankFormat,
  type QuestionView,
  type TopicView,
} from '@portal/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/crud/ConfirmDialog';
import { serverMessage } from '../../../components/crud/errors';
import { ServerTable } from '../../../components/crud/ServerTable';
import type { ListState } from '../../../components/crud/types';
import { useDebounced } from '../../../components/crud/useDebounced';
import { SectionCard } from '../../../components/SectionCard';
import { useT } from '../../../i18n/useT';
import { notify } from '../../../lib/notify';
import {
  download,
  useDeleteQuestion,
  useDeleteTopic,
  useQuestions,
  useSaveTopic,
  useTopics,
  type QuestionFilter,
} from '../api';
import { CbtError } from './CbtError';
import { ImportDialog } from './ImportDialog';
import { QuestionDialog } from './QuestionDialog';

const EXTENSION: Record<BankFormat, string> = { aiken: 'txt', gift: 'gift.txt', xlsx: 'xlsx' };

/** A course's question bank: topics, the questions (paged, filtered), import, export, the template. */
export function QuestionBankPanel({ courseId }: { courseId: number }) {
  const t = useT();
  const topics = useTopics(courseId);
  const [importing, setImporting] = useState(false);
  const failed = (error: unknown) => notify.error(serverMessage(error) || t('error.generic'));
  const exportAs = (format: BankFormat) =>
    void download(API.export(courseId), `bank-${courseId}.${EXTENSION[format]}`, 'admin', { format }).catch(
      failed,
    );
  return (
    <Stack spacing={2}>
      <TopicsCard courseId={courseId} topics={topics.data ?? []} error={topics.error} />
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="outlined" startIcon={<UploadFile />} onClick={() => setImporting(true)}>
          {t('cbt.bank.import')}
        </Button>
        {BANK_FORMATS.map((format) => (
          <Button key={format} variant="text" startIcon={<Download />} onClick={() => exportAs(format)}>
            {t(`cbt.bank.export.${format}`)}
          </Button>
        ))}
        <Button
          variant="text"
          startIcon={<Download />}
          onClick={() => void download(API.template, 'question-bank-template.xlsx', 'admin').catch(failed)}
        >
          {t('cbt.bank.template')}
        </Button>
      </Stack>
      <QuestionsCard courseId={courseId} topics={topics.data ?? []} />
      {importing && (
        <ImportDialog courseId={courseId} topics={topics.data ?? []} onClose={() => setImporting(false)} />
      )}
    </Stack>
  );
}

function TopicsCard({ courseId, topics, error }: { courseId: number; topics: TopicView[]; error: unknown }) {
  const t = useT();
  const save = useSaveTopic(courseId);
  const remove = useDeleteTopic();
  const [name, setName] = useState('');
  const [renaming, setRenaming] = useState<{ topic: TopicView; name: string } | null>(null);
  const [deleting, setDeleting] = useState<TopicView | null>(null);
  const failed = (e: unknown) => notify.error(serverMessage(e) || t('error.generic'));
  return (
    <SectionCard title={t('cbt.bank.topics')}>
      {error ? <CbtError error={error} /> : null}
      {topics.length === 0 && !error && (
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {t('cbt.bank.noTopics')}
        </Typography>
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
        {topics.map((topic) => (
          <Chip
            key={topic.Id}
            label={t('cbt.bank.topicCount', { name: topic.Name, n: topic.Questions })}
            onClick={() => setRenaming({ topic, name: topic.Name })}
            onDelete={() => setDeleting(topic)}
          />
        ))}
      </Stack>
      <Stack
        component="form"
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(
            { id: null, name },
            {
              onSuccess: (answer) => {
                notify.success(answer.Message);
                setName('');
              },
              onError: failed,
            },
          );
        }}
      >
        <TextField
          size="small"
          label={t('cbt.bank.newTopic')}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <Button
          type="submit"
          variant="outlined"
          startIcon={<Add />}
          disabled={!name.trim() || save.isPending}
        >
          {t('cbt.bank.addTopic')}
        </Button>
      </Stack>
      <ConfirmDialog
        open={renaming !== null}
        title={t('cbt.bank.renameTitle')}
        message={t('cbt.bank.renameMessage')}
        confirmLabel={t('cbt.save')}
        pending={save.isPending}
        confirmDisabled={!renaming?.name.trim()}
        onClose={() => setRenaming(null)}
        onConfirm={() =>
          renaming &&
          save.mutate(
            { id: renaming.topic.Id, name: renaming.name },
            {
              onSuccess: (answer) => {
                notify.success(answer.Message);
                setRenaming(null);
              },
              onError: failed,
            },
          )
        }
      >
        <TextField
          fullWidth
          sx={{ mt: 2 }}
          label={t('cbt.bank.topicName')}
          value={renaming?.name ?? ''}
          onChange={(event) => setRenaming((r) => r && { ...r, name: event.target.value })}
        />
      </ConfirmDialog>
      <ConfirmDialog
        open={deleting !== null}
        title={t('cbt.bank.deleteTopicTitle')}
        message={t('cbt.bank.deleteTopicMessage', { name: deleting?.Name ?? '' })}
        confirmLabel={t('cbt.delete')}
        danger
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.Id, {
            onSuccess: (answer) => {
              notify.success(answer.Message);
              setDeleting(null);
            },
            onError: failed,
          })
        }
      />
    </SectionCard>
  );
}

function QuestionsCard({ courseId, topics }: { courseId: number; topics: TopicView[] }) {
  const t = useT();
  const [state, setState] = useState<ListState>({ page: 1, pageSize: 10 });
  const [topicId, setTopicId] = useState<number | null>(null);
  const [search, setSearch] = useState('');
  const [retired, setRetired] = useState(false);
  const settled = useDebounced(search.trim());
  const filter: QuestionFilter = { topicId, search: settled, retired };
  const questions = useQuestions(courseId, state.page, state.pageSize, filter);
  const remove = useDeleteQuestion();
  const [editing, setEditing] = useState<QuestionView | 'new' | null>(null);
  const [deleting, setDeleting] = useState<QuestionView | null>(null);
  const toFirst = () => setState((s) => ({ ...s, page: 1 }));
  return (
    <SectionCard
      title={t('cbt.bank.questions')}
      action={
        <Button
          variant="contained"
          startIcon={<Add />}
          onClick={() => setEditing('new')}
          disabled={topics.length === 0}
        >
          {t('cbt.bank.addQuestion')}
        </Button>
      }
    >
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2, alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label={t('cbt.bank.topic')}
          value={topicId ?? ''}
          onChange={(event) => {
            setTopicId(event.target.value === '' ? null : Number(event.target.value));
            toFirst();
          }}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">{t('cbt.bank.allTopics')}</MenuItem>
          {topics.map((topic) => (
            <MenuItem key={topic.Id} value={topic.Id}>
              {topic.Name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label={t('cbt.bank.search')}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            toFirst();
          }}
        />
        <FormControlLabel
          control={
            <Switch
              checked={retired}
              onChange={(event) => {
                setRetired(event.target.checked);
                toFirst();
              }}
            />
          }
          label={t('cbt.bank.retired')}
        />
      </Stack>
      {questions.isError ? (
        <CbtError error={questions.error} />
      ) : (
        <ServerTable<QuestionView>
          label={t('cbt.bank.questions')}
          rows={questions.data?.Data ?? []}
          total={questions.data?.Total ?? 0}
          loading={questions.isFetching}
          getRowId={(row) => row.Id}
          state={state}
          onStateChange={setState}
          emptyText={t('cbt.bank.noQuestions')}
          columns={[
            {
              field: 'Text',
              header: t('cbt.bank.question'),
              priority: 0,
              render: (row) => (row.Text.length > 120 ? `${row.Text.slice(0, 117)}…` : row.Text),
            },
            {
              field: 'Kind',
              header: t('cbt.bank.kind'),
              priority: 2,
              render: (row) => t(`cbt.kind.${row.Kind}`),
            },
            { field: 'Topic', header: t('cbt.bank.topic'), priority: 3 },
            { field: 'Marks', header: t('cbt.bank.marks'), priority: 4 },
          ]}
          actionsHeader={t('cbt.staff.actions')}
          rowActions={(row) =>
            row.Retired ? null : (
              <Stack direction="row" spacing={0.5}>
                <Button
                  size="small"
                  onClick={() => setEditing(row)}
                  aria-label={t('cbt.bank.editQuestion', { id: row.Id })}
                >
                  {t('cbt.edit')}
                </Button>
                <Button
                  size="small"
                  color="error"
                  onClick={() => setDeleting(row)}
                  aria-label={t('cbt.bank.deleteQuestion', { id: row.Id })}
                >
                  {t('cbt.delete')}
                </Button>
              </Stack>
            )
          }
        />
      )}
      {editing && (
        <QuestionDialog
          courseId={courseId}
          topics={topics}
          question={editing === 'new' ? null : editing}
          defaultTopicId={topicId ?? topics[0]?.Id ?? null}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('cbt.bank.deleteQuestionTitle')}
        message={deleting?.Used ? t('cbt.bank.deleteUsedMessage') : t('cbt.bank.deleteQuestionMessage')}
        confirmLabel={deleting?.Used ? t('cbt.bank.retire') : t('cbt.delete')}
        danger
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.Id, {
            onSuccess: (answer) => {
              notify.success(answer.Message);
              setDeleting(null);
            },
            onError: (error) => notify.error(serverMessage(error) || t('error.generic')),
          })
        }
      />
    </SectionCard>
  );
}
