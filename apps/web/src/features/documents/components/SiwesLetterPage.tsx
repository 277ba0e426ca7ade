import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import type { SiwesLetter } from '@portal/contracts';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useT } from '../../../i18n/useT';
import { notify } from '../../../lib/notify';
import { safeFileName } from '../api/download-pdf';
import { useSiwesLetter } from '../api/get-letters';
import { KeyValues, LoadedDocument, PdfButton, QrBlock, SectionTitle } from './parts';
import { PublicDocument } from './PublicDocument';

/** /SiwesLetter?StudId=: the SIWES industrial-training placement letter. */
export default function SiwesLetterPage() {
  return <PublicDocument param="StudId" title="document.siwesLetter" document={Letter} />;
}

function Letter({ id: studId }: { id: string }) {
  const t = useT();
  const letter = useSiwesLetter(studId);
  // Spec section 8: 'SIWES letter load failure: An error occurred.'
  useEffect(() => {
    if (letter.isError) notify.error(t('documents.error.generic'));
  }, [letter.isError, t]);

  return (
    <LoadedDocument query={letter} notFoundText={t('documents.siwes.notFound')}>
      {(data) => <SiwesLetterView letter={data} />}
    </LoadedDocument>
  );
}

function SiwesLetterView({ letter }: { letter: SiwesLetter }) {
  const t = useT();
  const intl = useIntl();
  const [subject = '', ...paragraphs] = letter.paragraphs;
  return (
    <Box component="article" data-testid="siwes-letter">
      <Box sx={{ textAlign: 'center', mb: 2 }}>
        <Typography component="p" variant="h6" sx={{ fontWeight: 700 }}>
          {letter.institutionName}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('documents.siwes.unit')}
        </Typography>
        <Typography component="h2" variant="h5" sx={{ fontWeight: 700, mt: 2 }}>
          {t('documents.siwes.title')}
        </Typography>
      </Box>
      <KeyValues
        rows={[
          [t('documents.siwes.ref'), letter.SIWESFormRef],
          [t('documents.siwes.date'), intl.formatDate(new Date(), { dateStyle: 'long' })],
        ]}
      />
      <SectionTitle>{t('documents.siwes.student')}</SectionTitle>
      <KeyValues
        rows={[
          [t('documents.field.name'), letter.Name],
          [t('documents.field.matricNo'), letter.MatricNumber],
          [t('documents.field.courseOfStudy'), letter.CourseOfStudy],
          [t('documents.field.department'), letter.Department],
          [t('documents.field.faculty'), letter.Faculty],
          [t('documents.field.level'), letter.Level],
          [t('documents.siwes.graduatingLevel'), letter.GraduatingLevel],
          [t('documents.field.session'), letter.Session],
          [t('documents.siwes.duration'), t('documents.siwes.months', { months: letter.DurationMonths })],
        ]}
      />
      <Divider sx={{ my: 2 }} />
      <Typography sx={{ mb: 1.5 }}>{t('documents.siwes.addressee')}</Typography>
      <Typography sx={{ mb: 1.5 }}>{t('documents.siwes.dear')}</Typography>
      <Typography sx={{ fontWeight: 700, mb: 1.5 }}>{subject}</Typography>
      {paragraphs.map((text, i) => (
        <Typography key={i} sx={{ mb: 1.5 }}>
          {text}
        </Typography>
      ))}
      <Typography sx={{ mt: 3, fontWeight: 600 }}>{t('documents.siwes.coordinator')}</Typography>
      <Divider sx={{ my: 2 }} />
      <QrBlock image={letter.QRcode} url={letter.verifyUrl} caption={t('documents.qr.caption')} />
      <Box sx={{ mt: 2 }}>
        <PdfButton
          download={{
            url: letter.pdfUrl,
            // As the server names it: the matric number without its slashes.
            fileName: safeFileName(`SIWESLetter-${letter.MatricNumber.replace(/[^0-9A-Za-z]/g, '')}.pdf`),
            area: null,
          }}
        />
      </Box>
    </Box>
  );
}
