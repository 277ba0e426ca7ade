import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DISCUSSION_LIMITS } from '@portal/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { serverMessage } from '../../../components/crud/errors';
import { LoadError, LoadingBlock } from '../../../components/LoadState';
import { useT } from '../../../i18n/useT';
import { notify } from '../../../lib/notify';
import { useWhen } from '../../../lib/useWhen';
import { useCreateThread, useThreads, type BoardRef } from '../api/discussions';
import { ThreadView } from './ThreadView';

const PAGE_SIZE = 15;

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
  if (open) return <ThreadView threadId={open} onBack={() => setOpen(null)} />;
  return <ThreadList board={board} onOpen={setOpen} />;
}

function ThreadList({ board, onOpen }: { board: BoardRef; onOpen: (id: number) => void }) {
  const t = useT();
  const when = useWhen();
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
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
        onClick={() => setCreating(true)}
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
              <ListItemButton key={th.Id} divider onClick={() => onOpen(th.Id)}>
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
    </Stack>
  );
}

function NewThreadDialog({
  open,
  board,
  types,
  onClose,
  onCreated,
}: {
  open: boolean;
  board: BoardRef;
  types: { Id: number; Name: string }[];
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const t = useT();
  const [typeId, setTypeId] = useState<number | ''>('');
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const create = useCreateThread();
  const ready = typeId !== '' && title.trim() && body.trim();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('discussions.newThread')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            label={t('discussions.field.type')}
            value={typeId}
            onChange={(e) => setTypeId(Number(e.target.value))}
          >
            {types.map((type) => (
              <MenuItem key={type.Id} value={type.Id}>
                {type.Name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('discussions.field.title')}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            slotProps={{ htmlInput: { maxLength: DISCUSSION_LIMITS.title } }}
          />
          <TextField
            multiline
            minRows={4}
            label={t('discussions.field.body')}
            value={body}
            onChange={(e) => setBody(e.target.value)}
            slotProps={{ htmlInput: { maxLength: DISCUSSION_LIMITS.body } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('discussions.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!ready || create.isPending}
          onClick={() =>
            create.mutate(
              {
                Kind: board.kind,
                CourseId: board.courseId,
                SessionId: board.sessionId,
                DepartmentId: board.departmentId,
                LevelId: board.levelId,
                TypeId: Number(typeId),
                Title: title,
                Body: body,
              },
              {
                onSuccess: (answer) => {
                  notify.success(answer.Message);
                  setTitle('');
                  setBody('');
                  onCreated(answer.Data.Id);
                },
                onError: (e) => notify.error(serverMessage(e) || t('discussions.error')),
              },
            )
          }
        >
          {t('discussions.post')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
