import Close from '@mui/icons-material/Close';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useT } from '../../../i18n/useT';
import { ApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useApplicationSlip, useDownloadSlipPdf } from '../api/application-slip';
import { ApplicantDetails } from './ApplicantDetails';
import { LoadError, LoadingBlock } from './parts';

/** 'PROSPECTIVE STUDENT APPLICATION SLIP', full screen, with the server's A4 landscape PDF. */
export default function ApplicationSlipDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const slip = useApplicationSlip(open);
  const download = useDownloadSlipPdf();
  const data = slip.data?.Data;

  return (
    <Dialog fullScreen open={open} onClose={onClose} aria-labelledby="application-slip-title">
      <AppBar position="sticky" elevation={0}>
        <Toolbar sx={{ gap: 1, flexWrap: 'wrap', py: 1 }}>
          <IconButton edge="start" color="inherit" onClick={onClose} aria-label={t('common.close')}>
            <Close />
          </IconButton>
          <Typography
            id="application-slip-title"
            component="h2"
            variant="h6"
            sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}
          >
            {t('applicant.slip.title')}
          </Typography>
          <Button
            variant="contained"
            color="secondary"
            startIcon={<PictureAsPdf />}
            disabled={!data || download.isPending}
            aria-busy={download.isPending}
            onClick={() => {
              if (!data) return;
              notify.success(t('applicant.downloadStarting'));
              download.mutate(data.JambRegNo, {
                onError: (error) =>
                  notify.error(
                    error instanceof ApiError && error.message ? error.message : t('error.download'),
                  ),
              });
            }}
          >
            {t('applicant.slip.download')}
          </Button>
        </Toolbar>
      </AppBar>
      <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 1100, width: '100%', mx: 'auto' }}>
        {slip.isPending ? (
          <LoadingBlock rows={6} />
        ) : slip.isError || !data ? (
          <LoadError error={slip.error} onRetry={() => void slip.refetch()} />
        ) : (
          <ApplicantDetails details={data} olevel={data.OlevelResults} idPrefix="slip" />
        )}
      </Box>
    </Dialog>
  );
}
