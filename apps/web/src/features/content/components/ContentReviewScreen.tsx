import Check from '@mui/icons-material/Check';
import Undo from '@mui/icons-material/Undo';
import Visibility from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { CONTENT_LIMITS, type ContentLesson, type ContentReviewEntry } from '@portal/contracts';
import { lazy, Suspense, useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../components/crud/ConfirmDialog';
import { serverMessage } from '../../../components/crud/errors';
import { ServerTable } from '../../../components/crud/ServerTable';
import type { ListState } from '../../../components/crud/types';
import { LoadingBlock } from '../../../components/LoadState';
import { PageHeading } from '../../../components/PageHeading';
import { useT } from '../../../i18n/useT';
import { authHeaders } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useReviewDecision, useReviews } from '../api/review';
import { isPdf } from '../lessons';
import { ContentError } from './ContentStatus';
import { ContentMessages } from './ContentMessages';
import type { PdfSource } from './PdfReader';

const PdfReader = lazy(() => import('./PdfReader'));

/** /app/content-review: items waiting for review, oldest first; approve, or return with a comment. */
export default function ContentReviewScreen() {
  return (
    <ContentMessages>
      <Reviews />
    </ContentMessages>
  );
}

function Reviews() {
  const t = useT();
  const [state, setState] = useState<ListState>({ page: 1, pageSize: 10 });
  const reviews = useReviews(state.page, state.pageSize);
  const decide = useReviewDecision();
  const [returning, setReturning] = useState<ContentReviewEntry | null>(null);
  const [comment, setComment] = useState('');
  const [viewing, setViewing] = useState<ContentReviewEntry | null>(null);
  useDocumentTitle(`${t('content.review.title')} · ${t('portal.name')}`);

  const settle = {
    onSuccess: (answer: { Message: string }) => {
      notify.success(answer.Message);
      setReturning(null);
      setComment('');
    },
    onError: (error: unknown) => notify.error(serverMessage(error) || t('content.error')),
  };

  return (
    <>
      <PageHeading title={t('content.review.title')} intro={t('content.review.intro')} />
      {reviews.isError ? (
        <ContentError error={reviews.error} onRetry={() => void reviews.refetch()} />
      ) : (
        <ServerTable<ContentReviewEntry>
          label={t('content.review.queue')}
          rows={reviews.data?.Data ?? []}
          total={reviews.data?.Total ?? 0}
          loading={reviews.isFetching}
          getRowId={(row) => row.Item.Id}
          state={state}
          onStateChange={setState}
          emptyText={t('content.noData')}
          columns={[
            { field: 'Title', header: t('content.item.title'), render: (row) => row.Item.Title, priority: 0 },
            {
              field: 'Course',
              header: t('content.review.course'),
              render: (row) => `${row.Code} · ${row.Section}`,
              priority: 1,
            },
            {
              field: 'Kind',
              header: t('content.item.kind'),
              render: (row) => t(`content.kind.${row.Item.Kind}`),
              priority: 3,
            },
            { field: 'SubmittedBy', header: t('content.review.submittedBy'), priority: 2 },
            {
              field: 'SubmittedAt',
              header: t('content.review.submittedAt'),
              render: (row) => new Date(row.SubmittedAt).toLocaleString(),
              priority: 4,
            },
          ]}
          actionsHeader={t('content.actions')}
          rowActions={(row) => (
            <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
              <Button size="small" startIcon={<Visibility />} onClick={() => setViewing(row)}>
                {t('content.review.view')}
              </Button>
              <Button
                size="small"
                variant="contained"
                startIcon={<Check />}
                disabled={decide.isPending}
                aria-label={t('content.review.approveNamed', { name: row.Item.Title })}
                onClick={() => decide.mutate({ itemId: row.Item.Id }, settle)}
              >
                {t('content.review.approve')}
              </Button>
              <Button
                size="small"
                startIcon={<Undo />}
                aria-label={t('content.review.returnNamed', { name: row.Item.Title })}
                onClick={() => setReturning(row)}
              >
                {t('content.review.return')}
              </Button>
            </Stack>
          )}
        />
      )}
      <ConfirmDialog
        open={returning !== null}
        title={t('content.review.returnTitle', { name: returning?.Item.Title ?? '' })}
        message={t('content.review.returnIntro')}
        confirmLabel={t('content.review.return')}
        pending={decide.isPending}
        confirmDisabled={!comment.trim()}
        onClose={() => setReturning(null)}
        onConfirm={() =>
          returning && decide.mutate({ itemId: returning.Item.Id, comment: comment.trim() }, settle)
        }
      >
        <TextField
          fullWidth
          multiline
          minRows={3}
          sx={{ mt: 2 }}
          label={t('content.review.comment')}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          slotProps={{ htmlInput: { maxLength: CONTENT_LIMITS.comment } }}
        />
      </ConfirmDialog>
      {viewing && <ItemView entry={viewing} onClose={() => setViewing(null)} />}
    </>
  );
}

/** The item under review, as students would see it. */
function ItemView({ entry, onClose }: { entry: ContentReviewEntry; onClose: () => void }) {
  const t = useT();
  const item = entry.Item;
  const lesson = useMemo(
    () => ({ Kind: item.Kind, File: item.File }) as Pick<ContentLesson, 'Kind' | 'File'>,
    [item.Kind, item.File],
  );
  const source = useMemo<PdfSource | null>(
    () => (item.FileUrl ? { url: item.FileUrl, headers: authHeaders() } : null),
    [item.FileUrl],
  );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="content-review-view">
      <DialogTitle id="content-review-view">{item.Title}</DialogTitle>
      <DialogContent>
        {isPdf(lesson as ContentLesson) && source && (
          <Suspense fallback={<LoadingBlock rows={1} />}>
            <PdfReader source={source} title={item.Title} />
          </Suspense>
        )}
        {item.Kind === 'text' && (
          // Sanitised by the server when saved.
          <Box sx={{ overflowWrap: 'anywhere' }} dangerouslySetInnerHTML={{ __html: item.Html ?? '' }} />
        )}
        {item.Url && (
          <Button href={item.Url} target="_blank" rel="noopener noreferrer">
            {item.Url}
          </Button>
        )}
        {!isPdf(lesson as ContentLesson) && item.File && (
          <Box sx={{ mt: 1 }}>
            {t('content.review.fileKind', { name: item.File.Name, kind: item.File.Kind })}
          </Box>
        )}
        <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 2 }}>
          <Button onClick={onClose}>{t('content.close')}</Button>
        </Stack>
      </DialogContent>
    </Dialog>
  );
}
