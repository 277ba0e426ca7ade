import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ResultDocumentView } from '@portal/contracts';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { SemesterResults } from '../../../components/SemesterResults';
import { useT } from '../../../i18n/useT';
import { semesterLabel, useTwoDecimals } from '../../../lib/semester';
import { useResultDocument } from '../api/get-result-document';
import { KeyValues, LoadedDocument, SectionTitle, useLogLoadFailure } from './parts';
import { PublicDocument } from './PublicDocument';

/**
 * /ResultVerify?id=&r=: what a report card's or transcript's QR code (or a transcript recipient's
 * e-mailed link, `r`) opens — the student, the results the document showed as they stand now, and
 * whether the document is still current.
 */
export default function ResultVerifyPage() {
  return <PublicDocument param="id" title="document.resultVerify" document={ResultDocument} />;
}

function ResultDocument({ id }: { id: string }) {
  const t = useT();
  const [params] = useSearchParams();
  const document = useResultDocument(id, params.get('r'));
  useLogLoadFailure('result document', document.error);
  return (
    <LoadedDocument query={document} notFoundText={t('documents.resultVerify.notFound')}>
      {(data) => <DocumentBody doc={data} />}
    </LoadedDocument>
  );
}

function DocumentBody({ doc }: { doc: ResultDocumentView }) {
  const t = useT();
  const intl = useIntl();
  const two = useTwoDecimals();
  const issued = intl.formatDate(new Date(doc.IssuedAt), { dateStyle: 'long', timeZone: 'Africa/Lagos' });
  const results = doc.Results;
  const last = results.Semesters.at(-1);
  // A report card shows the CGPA at the end of its semester; a transcript the CGPA over every one.
  const cgpa = doc.Kind === 'transcript' || !last ? results.Cgpa : last.Cgpa;
  return (
    <Box component="article" data-testid="result-document">
      {doc.Current ? (
        <Alert severity="success" sx={{ mb: 2 }} data-testid="document-current">
          {t('documents.resultVerify.current')}
        </Alert>
      ) : (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="document-outdated">
          {t('documents.resultVerify.outdated')}
        </Alert>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 2 }}>
        <Typography component="h2" variant="h5" sx={{ fontWeight: 700 }}>
          {t(`documents.resultVerify.kind.${doc.Kind}`)}
        </Typography>
        {doc.Kind === 'report_card' && last && <Chip label={<bdi>{semesterLabel(last)}</bdi>} />}
      </Box>
      <KeyValues
        rows={[
          [t('documents.field.name'), <bdi key="name">{doc.Name}</bdi>],
          [t('documents.field.matricNo'), doc.MatricNo],
          [t('documents.field.department'), doc.Department ?? '—'],
          [t('documents.resultVerify.programme'), doc.Programme ?? '—'],
          [t('documents.resultVerify.issuedOn'), issued],
        ]}
      />
      <SemesterResults
        semesters={results.Semesters}
        text={{
          code: t('documents.resultVerify.code'),
          title: t('documents.resultVerify.courseTitle'),
          units: t('documents.resultVerify.units'),
          score: t('documents.resultVerify.score'),
          grade: t('documents.resultVerify.grade'),
          gradePoint: t('documents.resultVerify.gradePoint'),
          table: (semester) => t('documents.resultVerify.semesterTable', { semester }),
          gpaLine: (values) => t('documents.resultVerify.gpaLine', values),
        }}
        frame={({ label, body }) => (
          <Box component="section">
            <SectionTitle>
              <bdi>{label}</bdi>
            </SectionTitle>
            {body}
          </Box>
        )}
        // A course code never breaks between its letters and number.
        code={(c) => c.Code.replace(/ /g, '\u00a0')}
      />
      <SectionTitle>{t('documents.resultVerify.summary')}</SectionTitle>
      <KeyValues
        rows={[
          [t('documents.resultVerify.cgpa'), two(cgpa)],
          [t('documents.resultVerify.degreeClass'), results.DegreeClass ?? '—'],
          [
            t('documents.resultVerify.carryOvers'),
            results.CarryOvers.join(', ') || t('documents.resultVerify.none'),
          ],
        ]}
      />
    </Box>
  );
}
