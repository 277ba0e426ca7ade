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
import { useSessionUser } from '../../../lib/session';
import { useDownloadApplicantForm } from '../api/download-applicant-form';
import { useApplicantRecord } from '../api/get-applicant-record';
import { useOlevelResults } from '../api/olevel';
import { ApplicantDetails } from './ApplicantDetails';
import { LoadError, LoadingBlock } from './parts';

/**
 * 'Applicant Form' from the header's profile menu: a full-screen dialog with the applicant's
 * details and O'level results, and Print PDF (the server's A4 landscape ApplicantFormPDF.pdf).
 */
export default function ApplicantFormDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const user = useSessionUser('applicantUser');
  const applicantId = user?.ApplicantID ?? 0;
  const record = useApplicantRecord(applicantId);
  const olevel = useOlevelResults(applicantId);
  const download = useDownloadApplicantForm();
  const data = record.data?.Data;

  return (
    <Dialog fullScreen open={open} onClose={onClose} aria-labelledby="applicant-form-title">
      <AppBar position="sticky" elevation={0}>
        <Toolbar sx={{ gap: 1, flexWrap: 'wrap', py: 1 }}>
          <IconButton edge="start" color="inherit" onClick={onClose} aria-label={t('common.close')}>
            <Close />
          </IconButton>
          <Typography id="applicant-form-title" component="h2" variant="h6" sx={{ flex: 1, minWidth: 0 }}>
            {t('applicant.form.title')}
          </Typography>
          <Button
            variant="contained"
            color="secondary"
            startIcon={<PictureAsPdf />}
            disabled={download.isPending}
            aria-busy={download.isPending}
            onClick={() => {
              notify.success(t('applicant.downloadStarting'));
              download.mutate(undefined, {
                onError: (error) =>
                  notify.error(
                    error instanceof ApiError && error.message ? error.message : t('error.download'),
                  ),
              });
            }}
          >
            {t('applicant.form.print')}
          </Button>
        </Toolbar>
      </AppBar>
      <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 1100, width: '100%', mx: 'auto' }}>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('applicant.form.intro')}
        </Typography>
        {record.isPending || olevel.isPending ? (
          <LoadingBlock rows={6} />
        ) : record.isError || !data ? (
          <LoadError error={record.error} onRetry={() => void record.refetch()} />
        ) : (
          <ApplicantDetails details={data} olevel={olevel.data?.Data ?? []} idPrefix="applicant-form" />
        )}
      </Box>
    </Dialog>
  );
}
