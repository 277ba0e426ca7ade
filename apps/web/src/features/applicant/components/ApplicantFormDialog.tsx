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
import { useDownloadApplicantForm } from '../api/download-applicant-form';

/**
 * 'Applicant Form' from the header's profile menu: a full-screen dialog with the form's PDF.
 * (The on-screen form with O'level results belongs to the applicant screens.)
 */
export default function ApplicantFormDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const download = useDownloadApplicantForm();
  return (
    <Dialog fullScreen open={open} onClose={onClose} aria-labelledby="applicant-form-title">
      <AppBar position="sticky" elevation={0}>
        <Toolbar>
          <IconButton edge="start" color="inherit" onClick={onClose} aria-label={t('common.close')}>
            <Close />
          </IconButton>
          <Typography id="applicant-form-title" component="h2" variant="h6" sx={{ flex: 1, ml: 1 }}>
            {t('applicant.form.title')}
          </Typography>
        </Toolbar>
      </AppBar>
      <Box sx={{ p: 3, maxWidth: 640 }}>
        <Typography sx={{ mb: 2 }}>{t('applicant.form.intro')}</Typography>
        <Button
          variant="contained"
          startIcon={<PictureAsPdf />}
          disabled={download.isPending}
          onClick={() =>
            download.mutate(undefined, {
              onError: (error) =>
                notify.error(
                  error instanceof ApiError && error.message ? error.message : t('error.download'),
                ),
            })
          }
        >
          {t('applicant.form.print')}
        </Button>
      </Box>
    </Dialog>
  );
}
