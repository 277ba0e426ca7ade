import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Snackbar from '@mui/material/Snackbar';
import { useState } from 'react';
import { dismissNotice, type Notice } from '../lib/notify';

const AUTO_HIDE_MS = 6000;

/** One notification on screen; loaded on first use so the snackbar code stays off the critical path. */
export default function NotificationSnackbar({ notice }: { notice: Notice }) {
  const [open, setOpen] = useState(true);
  return (
    <Snackbar
      open={open}
      autoHideDuration={AUTO_HIDE_MS}
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
