import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Snackbar from '@mui/material/Snackbar';
import { useState } from 'react';
import { dismissNotice, type Notice } from '../lib/notify';

/** Successes and information go by themselves; errors and warnings stay until the user closes them. */
const AUTO_HIDE_MS: Record<Notice['severity'], number | null> = {
  success: 5000,
  info: 5000,
  warning: null,
  error: null,
};

/** One notification on screen; loaded on first use so the snackbar code stays off the critical path. */
export default function NotificationSnackbar({ notice }: { notice: Notice }) {
  const [open, setOpen] = useState(true);
  return (
    <Snackbar
      open={open}
      autoHideDuration={AUTO_HIDE_MS[notice.severity]}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      onClose={(_event, reason) => reason !== 'clickaway' && setOpen(false)}
      slotProps={{ transition: { onExited: () => dismissNotice(notice.id) } }}
    >
      <Alert severity={notice.severity} onClose={() => setOpen(false)} sx={{ width: '100%', boxShadow: 3 }}>
        {notice.title && <AlertTitle>{notice.title}</AlertTitle>}
        {notice.message}
      </Alert>
    </Snackbar>
  );
}
