import { useT } from '../../../i18n/useT';
import { safeFileName } from '../api/download-pdf';
import { useAdmissionLetter } from '../api/get-letters';
import { AdmissionLetterView } from './AdmissionLetterView';
import { LoadedDocument, PdfButton, useLogLoadFailure } from './parts';
import { PublicDocument } from './PublicDocument';

/** /AdmissionLetter?applicantId=: the public verification page of a provisional admission letter. */
export default function AdmissionLetterPage() {
  return <PublicDocument param="applicantId" title="document.admissionLetter" document={Letter} />;
}

function Letter({ id: applicantId }: { id: string }) {
  const t = useT();
  const letter = useAdmissionLetter(applicantId);
  useLogLoadFailure('admission letter', letter.error);

  return (
    <LoadedDocument query={letter} notFoundText={t('documents.letter.notFound')}>
      {(data) => (
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
      )}
    </LoadedDocument>
  );
}
