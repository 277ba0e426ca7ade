import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import { DesktopOnly } from '../../../components/DesktopOnly';
import { PageHeading } from '../../../components/PageHeading';
import { useT } from '../../../i18n/useT';
import { useSessionUser } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { safeFileName } from '../api/download-pdf';
import { useDocumentLinks } from '../api/get-document-links';
import { useAdmissionLetter } from '../api/get-letters';
import { LetterBody, LetterHead } from './AdmissionLetterView';
import { DocumentsMessages } from './DocumentsMessages';
import { DocumentState, PdfButton, QrBlock } from './parts';

/**
 * /applicant/admissionletter: the provisional admission letter as a page, desktop only (spec
 * section 2: below 768 px 'Sorry, this page is not accessible on screens smaller than 768px…').
 */
export default function ProvisionalLetterScreen() {
  return (
    <DocumentsMessages>
      <Screen />
    </DocumentsMessages>
  );
}

function Screen() {
  const t = useT();
  useDocumentTitle(`${t('document.admissionLetter')} · ${t('portal.name')}`);
  return (
    <>
      <PageHeading title={t('document.admissionLetter')} />
      <DesktopOnly>
        <Letter />
      </DesktopOnly>
    </>
  );
}

function Letter() {
  const t = useT();
  const user = useSessionUser('applicantUser');
  const links = useDocumentLinks();
  const applicantId = links.data?.Data.AdmissionLetterId ?? null;
  const letter = useAdmissionLetter(applicantId);

  if (links.data && !applicantId)
    return <Alert severity="info">{t('documents.admission.notAdmitted')}</Alert>;
  const data = letter.data?.Data;
  if (!data)
    return (
      <DocumentState
        loading={links.isPending || letter.isPending}
        error={links.error ?? letter.error}
        notFoundText={t('documents.letter.notFound')}
        onRetry={() => void (links.isError ? links.refetch() : letter.refetch())}
      />
    );
  return (
    <Paper variant="outlined" sx={{ p: 4, maxWidth: 900 }}>
      <Box sx={{ mb: 3 }}>
        <PdfButton
          download={{
            url: '/api/applicant/admission-documents/1.pdf',
            fileName: safeFileName(`ProvisionalAdmissionLetter-${user?.JambRegNo ?? data.jambRegNo}.pdf`),
            area: 'applicant',
          }}
        />
      </Box>
      <LetterHead letter={data} title={t('documents.letter.title')} />
      <LetterBody letter={data} photo />
      <Divider sx={{ my: 2 }} />
      <QrBlock image={data.QRcode} url={data.verifyUrl} caption={t('documents.qr.caption')} />
    </Paper>
  );
}
