import { useT } from '../../../i18n/useT';
import { useApplicationSlip, useDownloadSlipPdf } from '../api/application-slip';
import { ApplicantDetails } from './ApplicantDetails';
import { LoadError, LoadingBlock } from './parts';
import { PdfDialog } from './PdfDialog';

/** 'PROSPECTIVE STUDENT APPLICATION SLIP', full screen, with the server's A4 landscape PDF. */
export default function ApplicationSlipDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const slip = useApplicationSlip(open);
  const download = useDownloadSlipPdf();
  const data = slip.data?.Data;

  return (
    <PdfDialog
      open={open}
      onClose={onClose}
      titleId="application-slip-title"
      title={t('applicant.slip.title')}
      pdfLabel={t('applicant.slip.download')}
      pending={download.isPending}
      ready={!!data}
      download={(onError) => data && download.mutate(data.JambRegNo, { onError })}
    >
      {slip.isPending ? (
        <LoadingBlock rows={6} />
      ) : slip.isError || !data ? (
        <LoadError error={slip.error} onRetry={() => void slip.refetch()} />
      ) : (
        <ApplicantDetails details={data} olevel={data.OlevelResults} idPrefix="slip" />
      )}
    </PdfDialog>
  );
}
