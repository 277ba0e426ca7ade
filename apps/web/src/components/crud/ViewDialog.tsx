import Close from '@mui/icons-material/Close';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Breakpoint, Theme } from '@mui/material/styles';
import { useId, type ReactNode } from 'react';
import { useT } from '../../i18n/useT';

/** A dialog to read something in, closed by its corner button; full screen below `fullScreenBelow`. */
export function ViewDialog({
  title,
  onClose,
  fullScreenBelow,
  children,
}: {
  title: string;
  onClose: () => void;
  fullScreenBelow: Breakpoint;
  children: ReactNode;
}) {
  const t = useT();
  const id = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down(fullScreenBelow), {
    noSsr: true,
  });
  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="md"
      aria-labelledby={`${id}-title`}
    >
      <DialogTitle id={`${id}-title`} sx={{ pr: 7 }}>
        {title}
        <IconButton
          aria-label={t('common.close')}
          onClick={onClose}
          sx={{ position: 'absolute', right: 8, top: 8 }}
        >
          <Close />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>{children}</DialogContent>
    </Dialog>
  );
}
