import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DISCUSSION_LIMITS, type DiscussionPost } from '@portal/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/crud/ConfirmDialog';
import { serverMessage } from '../../../components/crud/errors';
import { useT } from '../../../i18n/useT';
import { notify } from '../../../lib/notify';
import { useWhen } from '../../../lib/useWhen';
import { useEditPost, useHidePost, useMarkAnswer, useReport } from '../api/discussions';

const failure = (fallback: string) => (error: unknown) => notify.error(serverMessage(error) || fallback);
const success = (answer: { Message: string }) => notify.success(answer.Message);

/** One post: its author and time, the sanitised text, and what the caller may do with it. */
export function PostCard({
  post,
  threadId,
  isAnswer,
  canMarkAnswer,
  canModerate,
  locked,
  title,
}: {
  post: DiscussionPost;
  threadId: number;
  isAnswer: boolean;
  canMarkAnswer: boolean;
  canModerate: boolean;
  locked: boolean;
  /** The thread's title, editable with its opening post. */
  title?: string;
}) {
  const t = useT();
  const when = useWhen();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState({ body: '', title: '' });
  const [reporting, setReporting] = useState(false);
  const [reason, setReason] = useState('');
  const [hiding, setHiding] = useState(false);
  const edit = useEditPost();
  const report = useReport();
  const mark = useMarkAnswer();
  const hide = useHidePost();
  const error = t('discussions.error');
  // The server keeps sanitised HTML; what the author typed as plain text is shown with its line breaks.
  const plain = (html: string) =>
    html
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/p>\s*<p>/gi, '\n\n')
      .replace(/<[^>]*>/g, '')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');

  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, borderColor: isAnswer ? 'success.main' : undefined, opacity: post.Hidden ? 0.7 : 1 }}
      data-testid={`post-${post.Id}`}
    >
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle2">{post.Author.Name}</Typography>
        <Typography variant="caption" color="text.secondary">
          {when(post.CreatedAt)}
          {post.EditedAt ? ` · ${t('discussions.edited')}` : ''}
        </Typography>
        {isAnswer && <Chip size="small" color="success" label={t('discussions.answer')} />}
        {post.Hidden && <Chip size="small" color="warning" label={t('discussions.hiddenTag')} />}
        {canModerate && post.Reports > 0 && (
          <Chip size="small" color="error" label={t('discussions.reportCount', { n: post.Reports })} />
        )}
      </Stack>
      {editing ? (
        <Stack spacing={1}>
          {post.Opening && (
            <TextField
              size="small"
              label={t('discussions.field.title')}
              value={draft.title}
              onChange={(e) => setDraft({ ...draft, title: e.target.value })}
              slotProps={{ htmlInput: { maxLength: DISCUSSION_LIMITS.title } }}
            />
          )}
          <TextField
            multiline
            minRows={3}
            label={t('discussions.field.body')}
            value={draft.body}
            onChange={(e) => setDraft({ ...draft, body: e.target.value })}
            slotProps={{ htmlInput: { maxLength: DISCUSSION_LIMITS.body } }}
          />
          <Stack direction="row" spacing={1}>
            <Button
              variant="contained"
              size="small"
              disabled={edit.isPending || !draft.body.trim()}
              onClick={() =>
                edit.mutate(
                  {
                    postId: post.Id,
                    input: {
                      Body: draft.body,
                      ...(post.Opening && draft.title ? { Title: draft.title } : {}),
                    },
                  },
                  {
                    onSuccess: (answer) => {
                      success(answer);
                      setEditing(false);
                    },
                    onError: failure(error),
                  },
                )
              }
            >
              {t('discussions.save')}
            </Button>
            <Button size="small" onClick={() => setEditing(false)}>
              {t('discussions.cancel')}
            </Button>
          </Stack>
        </Stack>
      ) : (
        <Box
          sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap', '& p': { m: 0 } }}
          dangerouslySetInnerHTML={{ __html: post.Body }}
        />
      )}
      {!editing && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }}>
          {post.CanEdit && !locked && (
            <Button
              size="small"
              onClick={() => {
                setDraft({ body: plain(post.Body), title: title ?? '' });
                setEditing(true);
              }}
            >
              {t('discussions.edit')}
            </Button>
          )}
          {!post.Mine && !post.ReportedByMe && !canModerate && (
            <Button size="small" color="inherit" onClick={() => setReporting(true)}>
              {t('discussions.report')}
            </Button>
          )}
          {post.ReportedByMe && (
            <Typography variant="caption" color="text.secondary" sx={{ alignSelf: 'center' }}>
              {t('discussions.reported')}
            </Typography>
          )}
          {canMarkAnswer && !post.Opening && (
            <Button
              size="small"
              color="success"
              disabled={mark.isPending}
              onClick={() =>
                mark.mutate(
                  { threadId, postId: isAnswer ? null : post.Id },
                  { onSuccess: success, onError: failure(error) },
                )
              }
            >
              {isAnswer ? t('discussions.unmarkAnswer') : t('discussions.markAnswer')}
            </Button>
          )}
          {canModerate &&
            (post.Hidden ? (
              <Button
                size="small"
                disabled={hide.isPending}
                onClick={() =>
                  hide.mutate(
                    { postId: post.Id, hidden: false },
                    { onSuccess: success, onError: failure(error) },
                  )
                }
              >
                {t('discussions.restore')}
              </Button>
            ) : (
              <Button size="small" color="warning" onClick={() => setHiding(true)}>
                {t('discussions.hide')}
              </Button>
            ))}
        </Stack>
      )}
      <ConfirmDialog
        open={hiding}
        title={t('discussions.hideTitle')}
        message={t('discussions.hideMessage')}
        confirmLabel={t('discussions.hide')}
        danger
        pending={hide.isPending}
        onClose={() => setHiding(false)}
        onConfirm={() =>
          hide.mutate(
            { postId: post.Id, hidden: true },
            {
              onSuccess: (answer) => {
                success(answer);
                setHiding(false);
              },
              onError: failure(error),
            },
          )
        }
      />
      <ConfirmDialog
        open={reporting}
        title={t('discussions.reportTitle')}
        message={t('discussions.reportIntro')}
        confirmLabel={t('discussions.report')}
        pending={report.isPending}
        confirmDisabled={!reason.trim()}
        onClose={() => setReporting(false)}
        onConfirm={() =>
          report.mutate(
            { postId: post.Id, reason },
            {
              onSuccess: (answer) => {
                success(answer);
                setReporting(false);
                setReason('');
              },
              onError: failure(error),
            },
          )
        }
      >
        <TextField
          fullWidth
          multiline
          minRows={2}
          label={t('discussions.field.reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          slotProps={{ htmlInput: { maxLength: DISCUSSION_LIMITS.reason } }}
          sx={{ mt: 2 }}
        />
      </ConfirmDialog>
    </Paper>
  );
}
