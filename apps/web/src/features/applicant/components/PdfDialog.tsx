import Close from '@mui/icons-material/Close';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useT } from '../../../i18n/useT';
import { ApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';

/**
 * A full-screen dialog of one of the applicant's documents: Close, its title and its PDF button
 * in a bar, then the document. `download` starts the PDF; its failure is told here.
 */
export function PdfDialog({
  open,
  onClose,
  titleId,
  title,
  pdfLabel,
  pending,
  ready = true,
  download,
  children,
}: {
  open: boolean;
  onClose: () => void;
  titleId: string;
  title: string;
  pdfLabel: string;
  pending: boolean;
  /** False while there is nothing to download yet. */
  ready?: boolean;
  download: (onError: (error: unknown) => void) => void;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <Dialog fullScreen open={open} onClose={onClose} aria-labelledby={titleId}>
      <AppBar position="sticky" elevation={0}>
        <Toolbar sx={{ gap: 1, flexWrap: 'wrap', py: 1 }}>
          <IconButton edge="start" color="inherit" onClick={onClose} aria-label={t('common.close')}>
            <Close />
          </IconButton>
          <Typography
            id={titleId}
            component="h2"
            variant="h6"
            // Never narrower than its longest word: on a phone the title takes a line of its own
            // rather than breaking inside a word ('PROSPECTIV / E STUDENT').
            sx={{ flex: '1 1 auto', overflowWrap: 'break-word' }}
          >
            {title}
          </Typography>
          <Button
            variant="contained"
            color="secondary"
            startIcon={<PictureAsPdf />}
            disabled={!ready || pending}
            aria-busy={pending}
            onClick={() => {
              notify.success(t('applicant.downloadStarting'));
              download((error) =>
                notify.error(
                  error instanceof ApiError && error.message ? error.message : t('error.download'),
                ),
              );
            }}
          >
            {pdfLabel}
          </Button>
        </Toolbar>
      </AppBar>
      <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 1100, width: '100%', mx: 'auto' }}>{children}</Box>
    </Dialog>
  );
}
