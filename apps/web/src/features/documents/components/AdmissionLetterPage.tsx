import { useEffect } from 'react';
import { useT } from '../../../i18n/useT';
import { safeFileName } from '../api/download-pdf';
import { useAdmissionLetter } from '../api/get-letters';
import { AdmissionLetterView } from './AdmissionLetterView';
import { DocumentState, PdfButton } from './parts';
import { PublicDocument } from './PublicDocument';

/** /AdmissionLetter?applicantId=: the public verification page of a provisional admission letter. */
export default function AdmissionLetterPage() {
  return (
    <PublicDocument param="applicantId" title="document.admissionLetter">
      {(applicantId) => <Letter key={applicantId} applicantId={applicantId} />}
    </PublicDocument>
  );
}

function Letter({ applicantId }: { applicantId: string }) {
  const t = useT();
  const letter = useAdmissionLetter(applicantId);
  // Spec section 8: a letter that fails to load is logged (the page says so too).
  useEffect(() => {
    if (letter.error) console.error('admission letter', letter.error);
  }, [letter.error]);

  const data = letter.data?.Data;
  if (!data)
    return (
      <DocumentState
        loading={letter.isPending}
        error={letter.error}
        notFoundText={t('documents.letter.notFound')}
        onRetry={() => void letter.refetch()}
      />
    );
  return (
    <AdmissionLetterView
      letter={data}
      actions={
        <PdfButton
          download={{
            url: data.pdfUrl,
            fileName: safeFileName(`ProvisionalAdmissionLetter-${data.jambRegNo}.pdf`),
            area: null,
          }}
        />
      }
    />
  );
}
