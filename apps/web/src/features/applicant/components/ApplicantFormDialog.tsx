import Typography from '@mui/material/Typography';
import { useT } from '../../../i18n/useT';
import { useSessionUser } from '../../../lib/session';
import { useDownloadApplicantForm } from '../api/download-applicant-form';
import { useApplicantRecord } from '../api/get-applicant-record';
import { useOlevelResults } from '../api/olevel';
import { ApplicantDetails } from './ApplicantDetails';
import { LoadError, LoadingBlock } from './parts';
import { PdfDialog } from './PdfDialog';

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
    <PdfDialog
      open={open}
      onClose={onClose}
      titleId="applicant-form-title"
      title={t('applicant.form.title')}
      pdfLabel={t('applicant.form.print')}
      pending={download.isPending}
      download={(onError) => download.mutate(undefined, { onError })}
    >
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
    </PdfDialog>
  );
}
