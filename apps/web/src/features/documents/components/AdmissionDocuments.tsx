import Description from '@mui/icons-material/Description';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useT } from '../../../i18n/useT';
import { useSessionUser } from '../../../lib/session';
import { useDocumentLinks } from '../api/get-document-links';
import { ADMISSION_DOCUMENT_TITLES } from './admissionDocumentTitles';
import { DocumentsMessages } from './DocumentsMessages';

const AdmissionDocumentDialog = lazy(() => import('./AdmissionDocumentDialog'));

/**
 * The admitted applicant's documents (the dashboard's `documentsExtra`): the four admission
 * documents, each in a full-screen dialog with its PDF (2-4 once the acceptance fee is paid), the
 * acceptance-fee receipt and the provisional admission letter page.
 */
export function AdmissionDocuments() {
  return (
    <DocumentsMessages>
      <Documents />
    </DocumentsMessages>
  );
}

function Documents() {
  const t = useT();
  const user = useSessionUser('applicantUser');
  const links = useDocumentLinks();
  const [open, setOpen] = useState<number | null>(null);
  const data = links.data?.Data;
  if (!data?.AdmissionLetterId) return null;
  const locked = data.Documents.some((d) => !d.Available);

  return (
    <Box component="section" aria-labelledby="admission-letter-documents" sx={{ mt: 3 }}>
      <Typography id="admission-letter-documents" component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('documents.admission.heading')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
        {data.Documents.map((doc) => (
          <Button
            key={doc.Number}
            variant="outlined"
            startIcon={<Description />}
            disabled={!doc.Available}
            onClick={() => setOpen(doc.Number)}
          >
            {t(ADMISSION_DOCUMENT_TITLES[doc.Number]?.title ?? 'documents.admission.letter')}
          </Button>
        ))}
      </Box>
      {locked && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('documents.admission.acceptanceFirst')}
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
        {data.AcceptanceReceiptId && (
          <Button
            component={RouterLink}
            to={`/QrCode?transactionId=${encodeURIComponent(data.AcceptanceReceiptId)}`}
            startIcon={<ReceiptLong />}
          >
            {t('documents.admission.receipt')}
          </Button>
        )}
        <Button component={RouterLink} to="/applicant/admissionletter" startIcon={<Description />}>
          {t('documents.admission.letterPage')}
        </Button>
      </Box>
      {open !== null && (
        <Suspense fallback={null}>
          <AdmissionDocumentDialog
            number={open}
            links={data}
            jambRegNo={user?.JambRegNo ?? ''}
            onClose={() => setOpen(null)}
          />
        </Suspense>
      )}
    </Box>
  );
}
