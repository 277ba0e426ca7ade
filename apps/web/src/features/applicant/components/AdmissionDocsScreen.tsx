import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useT } from '../../../i18n/useT';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { AdmissionDocumentsTable } from './AdmissionDocumentsTable';
import { ApplicantDocumentsList } from './DocumentsScreen';
import { PageTitle } from './parts';

/**
 * /applicant/admissiondocs ('Application Documents', once registration is complete): the
 * admission documents table and, below it, what the applicant uploaded (downloads only).
 */
export default function AdmissionDocsScreen({ documentsExtra }: { documentsExtra?: ReactNode }) {
  const t = useT();
  useDocumentTitle(`${t('applicant.nav.applicationDocuments')} · ${t('portal.name')}`);
  return (
    <>
      <PageTitle>{t('applicant.nav.applicationDocuments')}</PageTitle>
      <AdmissionDocumentsTable extra={documentsExtra} />
      <Typography component="h2" variant="h6" sx={{ mt: 3, mb: 1 }}>
        {t('applicant.documents.yourUploads')}
      </Typography>
      <ApplicantDocumentsList readOnly headingLevel="h3" />
    </>
  );
}
