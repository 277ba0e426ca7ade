import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useT } from '../../../i18n/useT';

/**
 * A fee paid from a row's Pay button (a transcript request): its own module, so the pages whose fee
 * is a card (a bed, the late registration fee) do not download MUI's dialog with it.
 */
export default function FeeDialog({
  title,
  intro,
  buttons,
  onClose,
}: {
  title: string;
  intro: string;
  buttons: ReactNode;
  onClose?: () => void;
}) {
  const t = useT();
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2, overflowWrap: 'anywhere' }}>{intro}</Typography>
        {buttons}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('payments.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
