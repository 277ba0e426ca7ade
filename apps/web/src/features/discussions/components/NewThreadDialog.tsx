import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DISCUSSION_LIMITS } from '@portal/contracts';
import { useState } from 'react';
import { serverMessage } from '../../../components/crud/errors';
import { useT } from '../../../i18n/useT';
import { notify } from '../../../lib/notify';
import { useCreateThread, type BoardRef } from '../api/discussions';

/** A new thread on a board: its own module, downloaded when the student reaches for New thread. */
export default function NewThreadDialog({
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
