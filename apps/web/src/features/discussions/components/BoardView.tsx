import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadError, LoadingBlock } from '../../../components/LoadState';
import { useT } from '../../../i18n/useT';
import { preloadable } from '../../../lib/preloadable';
import { useWhen } from '../../../lib/useWhen';
import { useThreads, type BoardRef } from '../api/discussions';

const PAGE_SIZE = 15;

/**
 * An open thread, and the form of a new one: their own modules (the posts' editing, replies and
 * confirmations), downloaded when the student opens a thread or reaches for New thread, not with every
 * visit of a board's list.
 */
const ThreadView = preloadable(() => import('./ThreadView'));
const NewThreadDialog = preloadable(() => import('./NewThreadDialog'));
const reachThread = () => void ThreadView.preload().catch(() => undefined);
const reachNew = () => void NewThreadDialog.preload().catch(() => undefined);

/** The open thread, behind a placeholder while its module downloads. */
export function OpenThread(props: { threadId: number; onBack: () => void }) {
  return (
    <Suspense fallback={<LoadingBlock />}>
      <ThreadView {...props} />
    </Suspense>
  );
}

/** The thread open on screen, kept in the address (?thread=) so a notification's link opens it. */
export function useOpenThread() {
  const [search, setSearch] = useSearchParams();
  const raw = Number(search.get('thread'));
  const open = Number.isInteger(raw) && raw > 0 ? raw : null;
  const setOpen = (id: number | null) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('thread', String(id));
        else next.delete('thread');
        return next;
      },
      { replace: id === null },
    );
  return [open, setOpen] as const;
}

/** A board: its threads (pinned first, newest activity first, paged on the server), or the open thread. */
export function BoardView({ board }: { board: BoardRef }) {
  const [open, setOpen] = useOpenThread();
  if (open) return <OpenThread threadId={open} onBack={() => setOpen(null)} />;
  return <ThreadList board={board} onOpen={setOpen} />;
}

function ThreadList({ board, onOpen }: { board: BoardRef; onOpen: (id: number) => void }) {
  const t = useT();
  const when = useWhen();
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  // Kept once opened, so that what the student typed survives closing the dialog by mistake.
  const [drafting, setDrafting] = useState(false);
  const threads = useThreads(board, page, PAGE_SIZE);
  if (threads.isPending) return <LoadingBlock />;
  if (threads.isError) return <LoadError error={threads.error} onRetry={() => void threads.refetch()} />;
  const { Data, Total, Types } = threads.data;
  const pages = Math.ceil(Total / PAGE_SIZE);
  return (
    <Stack spacing={2}>
      <Button
        variant="contained"
        startIcon={<Add />}
        onClick={() => {
          setCreating(true);
          setDrafting(true);
        }}
        onPointerEnter={reachNew}
        onFocus={reachNew}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('discussions.newThread')}
      </Button>
      {Data.length === 0 ? (
        <Typography color="text.secondary">{t('discussions.empty')}</Typography>
      ) : (
        <Paper variant="outlined">
          <List disablePadding aria-label={t('discussions.threads')}>
            {Data.map((th) => (
              <ListItemButton
                key={th.Id}
                divider
                onClick={() => onOpen(th.Id)}
                onPointerEnter={reachThread}
                onFocus={reachThread}
              >
                <ListItemText
                  primary={
                    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}>
                      <Typography component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                        {th.Title}
                      </Typography>
                      <Chip size="small" label={th.Type} />
                      {th.Pinned && <Chip size="small" color="primary" label={t('discussions.pinned')} />}
                      {th.Locked && <Chip size="small" label={t('discussions.locked')} />}
                      {th.Hidden && <Chip size="small" color="warning" label={t('discussions.hiddenTag')} />}
                      {th.AnswerPostId && (
                        <Chip size="small" color="success" label={t('discussions.answer')} />
                      )}
                    </Stack>
                  }
                  secondary={`${th.Author.Name} · ${when(th.LastActivityAt)} · ${t('discussions.replies', { n: th.Replies })}`}
                />
              </ListItemButton>
            ))}
          </List>
        </Paper>
      )}
      {pages > 1 && <Pagination count={pages} page={page} onChange={(_, p) => setPage(p)} />}
      {drafting && (
        <Suspense fallback={null}>
          <NewThreadDialog
            open={creating}
            board={board}
            types={Types}
            onClose={() => setCreating(false)}
            onCreated={(id) => {
              setCreating(false);
              onOpen(id);
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}
