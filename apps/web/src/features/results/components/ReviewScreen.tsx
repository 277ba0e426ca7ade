import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ResultQueryRow, ReviewQueueRow } from '@portal/contracts';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../components/crud/ConfirmDialog';
import { serverMessage } from '../../../components/crud/errors';
import { QueryTable } from '../../../components/crud/ServerTable';
import { useListFilters } from '../../../components/crud/useListFilters';
import { PageHeading } from '../../../components/PageHeading';
import { useT } from '../../../i18n/useT';
import { notify } from '../../../lib/notify';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useWhen } from '../../../lib/useWhen';
import { useAnswerQuery, useResultQueries, useReviewQueue, type SheetKey } from '../api/results';
import { SheetPanel } from './SheetPanel';

/**
 * ReviewResult: the score sheets awaiting a stage the reviewer holds (open one, approve or return it
 * with a comment), and the students' queries on published results of the departments they head.
 */
export default function ReviewScreen() {
  const t = useT();
  const title = t('adminPage.ReviewResult');
  useDocumentTitle(`${title} · ${t('portal.name')}`);
  const [view, setView] = useState<'sheets' | 'queries'>('sheets');
  return (
    <>
      <PageHeading title={title} intro={t('results.review.intro')} />
      <Tabs
        value={view}
        onChange={(_event, next: 'sheets' | 'queries') => setView(next)}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="sheets" label={t('results.review.awaiting')} />
        <Tab value="queries" label={t('results.review.queries')} />
      </Tabs>
      {view === 'sheets' ? <Queue /> : <Queries />}
    </>
  );
}

function Queue() {
  const t = useT();
  const when = useWhen();
  const { state, setState } = useListFilters({});
  const query = useMemo(() => ({ page: state.page, pageSize: state.pageSize }), [state]);
  const list = useReviewQueue(query);
  const [open, setOpen] = useState<SheetKey | null>(null);
  return (
    <>
      <Card variant="outlined">
        <CardContent>
          <QueryTable<ReviewQueueRow>
            label={t('results.review.awaiting')}
            query={list}
            getRowId={(row) => row.SheetId}
            state={state}
            onStateChange={setState}
            emptyText={t('results.review.empty')}
            columns={[
              { field: 'Code', header: t('results.field.code') },
              { field: 'Title', header: t('results.field.title') },
              { field: 'Department', header: t('results.field.department'), priority: 3 },
              { field: 'Semester', header: t('results.field.semester'), priority: 2 },
              { field: 'Stage', header: t('results.field.stage') },
              { field: 'Students', header: t('results.field.students') },
              {
                field: 'SubmittedAt',
                header: t('results.field.submittedAt'),
                priority: 4,
                render: (r) => when(r.SubmittedAt),
              },
            ]}
            rowActions={(row) => (
              <Button
                size="small"
                onClick={() => setOpen({ courseId: row.CourseId, semesterId: row.SemesterId })}
                aria-label={t('results.openSheetOf', { code: row.Code })}
              >
                {t('results.openSheet')}
              </Button>
            )}
          />
        </CardContent>
      </Card>
      {open && (
        <SheetPanel
          key={`${open.courseId}-${open.semesterId}`}
          sheetKey={open}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}

function Queries() {
  const t = useT();
  const when = useWhen();
  const [answered, setAnswered] = useState(false);
  const { state, setState } = useListFilters({});
  const query = useMemo(
    () => ({ page: state.page, pageSize: state.pageSize, answered: String(answered) }),
    [state, answered],
  );
  const list = useResultQueries(query);
  const [answering, setAnswering] = useState<ResultQueryRow | null>(null);
  const [answer, setAnswer] = useState('');
  const send = useAnswerQuery();
  return (
    <Card variant="outlined">
      <CardContent>
        <Tabs
          value={answered ? 'answered' : 'open'}
          onChange={(_e, v: string) => setAnswered(v === 'answered')}
          sx={{ mb: 1 }}
        >
          <Tab value="open" label={t('results.queries.open')} />
          <Tab value="answered" label={t('results.queries.answered')} />
        </Tabs>
        <QueryTable<ResultQueryRow>
          label={t('results.review.queries')}
          query={list}
          getRowId={(row) => row.Id}
          state={state}
          onStateChange={setState}
          emptyText={t('results.queries.empty')}
          columns={[
            { field: 'MatricNo', header: t('results.field.matricNo') },
            { field: 'Name', header: t('results.field.name'), priority: 2 },
            { field: 'Code', header: t('results.field.code') },
            { field: 'Semester', header: t('results.field.semester'), priority: 3 },
            {
              field: 'Score',
              header: t('results.field.score'),
              render: (r) => `${r.Score} ${r.Grade}`,
            },
            { field: 'Reason', header: t('results.field.reason') },
            ...(answered
              ? [{ field: 'Answer', header: t('results.field.answer') }]
              : [
                  {
                    field: 'CreatedAt',
                    header: t('results.field.raisedAt'),
                    render: (r: ResultQueryRow) => when(r.CreatedAt),
                  },
                ]),
          ]}
          rowActions={
            answered
              ? undefined
              : (row) => (
                  <Button size="small" onClick={() => (setAnswer(''), setAnswering(row))}>
                    {t('results.queries.answer')}
                  </Button>
                )
          }
        />
      </CardContent>
      <ConfirmDialog
        open={answering !== null}
        title={t('results.queries.answerTitle', {
          code: answering?.Code ?? '',
          matricNo: answering?.MatricNo ?? '',
        })}
        message={answering?.Reason ?? ''}
        confirmLabel={t('results.queries.send')}
        pending={send.isPending}
        confirmDisabled={answer.trim().length < 2}
        onClose={() => setAnswering(null)}
        onConfirm={() =>
          answering &&
          send.mutate(
            { id: answering.Id, answer: answer.trim() },
            {
              onSuccess: (reply) => {
                notify.success(reply.Message);
                setAnswering(null);
              },
              onError: (error) => notify.error(serverMessage(error) || t('error.generic')),
            },
          )
        }
      >
        <TextField
          fullWidth
          multiline
          minRows={3}
          required
          sx={{ mt: 2 }}
          label={t('results.field.answer')}
          value={answer}
          onChange={(event) => setAnswer(event.target.value)}
        />
        <Typography variant="caption" color="text.secondary">
          {t('results.queries.hint')}
        </Typography>
      </ConfirmDialog>
    </Card>
  );
}
