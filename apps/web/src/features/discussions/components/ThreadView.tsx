import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DISCUSSION_LIMITS } from '@portal/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/crud/ConfirmDialog';
import { serverMessage } from '../../../components/crud/errors';
import { LoadError, LoadingBlock } from '../../../components/LoadState';
import { useT } from '../../../i18n/useT';
import { notify } from '../../../lib/notify';
import { useReply, useThread, useThreadFlag } from '../api/discussions';
import { PostCard } from './PostCard';

const PAGE_SIZE = 20;

/** A thread: its opening post, its replies (paged, oldest first), a reply box, and the moderators' switches. */
export default function ThreadView({ threadId, onBack }: { threadId: number; onBack: () => void }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const [body, setBody] = useState('');
  const [locking, setLocking] = useState(false);
  const thread = useThread(threadId, page, PAGE_SIZE);
  const reply = useReply();
  const flag = useThreadFlag();
  const error = t('discussions.error');
  const failure = (e: unknown) => notify.error(serverMessage(e) || error);

  const back = (
    <Button startIcon={<ArrowBack />} onClick={onBack} sx={{ alignSelf: 'flex-start' }}>
      {t('discussions.back')}
    </Button>
  );
  if (thread.isPending)
    return (
      <Stack spacing={2}>
        {back}
        <LoadingBlock />
      </Stack>
    );
  if (thread.isError)
    return (
      <Stack spacing={2}>
        {back}
        <LoadError error={thread.error} onRetry={() => void thread.refetch()} />
      </Stack>
    );
  const th = thread.data;
  const pages = Math.ceil(th.ReplyTotal / PAGE_SIZE);
  const card = (p: typeof th.Opening) => (
    <PostCard
      key={p.Id}
      post={p}
      threadId={th.Id}
      isAnswer={th.AnswerPostId === p.Id}
      canMarkAnswer={th.CanMarkAnswer}
      canModerate={th.CanModerate}
      locked={th.Locked}
      title={p.Opening ? th.Title : undefined}
    />
  );
  return (
    <Stack spacing={2}>
      {back}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography component="h2" variant="h6" sx={{ overflowWrap: 'anywhere' }}>
          {th.Title}
        </Typography>
        <Chip size="small" label={th.Type} />
        {th.Pinned && <Chip size="small" color="primary" label={t('discussions.pinned')} />}
        {th.Locked && <Chip size="small" label={t('discussions.locked')} />}
      </Stack>
      {th.CanModerate && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button
            size="small"
            variant="outlined"
            disabled={flag.isPending}
            onClick={() =>
              flag.mutate(
                { threadId: th.Id, flag: 'pin', value: !th.Pinned },
                { onSuccess: (a) => notify.success(a.Message), onError: failure },
              )
            }
          >
            {th.Pinned ? t('discussions.unpin') : t('discussions.pin')}
          </Button>
          <Button
            size="small"
            variant="outlined"
            disabled={flag.isPending}
            onClick={() =>
              th.Locked
                ? flag.mutate(
                    { threadId: th.Id, flag: 'lock', value: false },
                    { onSuccess: (a) => notify.success(a.Message), onError: failure },
                  )
                : setLocking(true)
            }
          >
            {th.Locked ? t('discussions.unlock') : t('discussions.lock')}
          </Button>
        </Stack>
      )}
      {card(th.Opening)}
      <Typography component="h3" variant="subtitle1">
        {t('discussions.replies', { n: th.ReplyTotal })}
      </Typography>
      {th.Replies.length === 0 && (
        <Typography color="text.secondary">{t('discussions.noReplies')}</Typography>
      )}
      {th.Replies.map(card)}
      {pages > 1 && <Pagination count={pages} page={page} onChange={(_, p) => setPage(p)} />}
      {th.Locked ? (
        <Alert severity="info">{t('discussions.lockedNotice')}</Alert>
      ) : (
        <Stack
          component="form"
          spacing={1}
          onSubmit={(event) => {
            event.preventDefault();
            reply.mutate(
              { threadId: th.Id, body },
              {
                onSuccess: (answer) => {
                  notify.success(answer.Message);
                  setBody('');
                  const last = Math.max(1, Math.ceil((th.ReplyTotal + 1) / PAGE_SIZE));
                  setPage(last);
                },
                onError: failure,
              },
            );
          }}
        >
          <TextField
            multiline
            minRows={3}
            label={t('discussions.replyLabel')}
            value={body}
            onChange={(e) => setBody(e.target.value)}
            slotProps={{ htmlInput: { maxLength: DISCUSSION_LIMITS.body } }}
          />
          <Button
            type="submit"
            variant="contained"
            disabled={reply.isPending || !body.trim()}
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('discussions.reply')}
          </Button>
        </Stack>
      )}
      <ConfirmDialog
        open={locking}
        title={t('discussions.lockTitle')}
        message={t('discussions.lockMessage')}
        confirmLabel={t('discussions.lock')}
        danger
        pending={flag.isPending}
        onClose={() => setLocking(false)}
        onConfirm={() =>
          flag.mutate(
            { threadId: th.Id, flag: 'lock', value: true },
            {
              onSuccess: (a) => {
                notify.success(a.Message);
                setLocking(false);
              },
              onError: failure,
            },
          )
        }
      />
    </Stack>
  );
}
