import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ResultDocumentView } from '@portal/contracts';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { SimpleTable } from '../../../components/SimpleTable';
import { useT } from '../../../i18n/useT';
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

type Semester = ResultDocumentView['Results']['Semesters'][number];

const semesterLabel = (s: Pick<Semester, 'Semester' | 'Session'>) =>
  s.Semester.includes(s.Session) ? s.Semester : `${s.Semester} · ${s.Session}`;

function DocumentBody({ doc }: { doc: ResultDocumentView }) {
  const t = useT();
  const intl = useIntl();
  const two = (value: number) =>
    intl.formatNumber(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
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
      {results.Semesters.map((semester) => {
        const label = semesterLabel(semester);
        return (
          <Box component="section" key={semester.SemesterId}>
            <SectionTitle>
              <bdi>{label}</bdi>
            </SectionTitle>
            <SimpleTable
              label={t('documents.resultVerify.semesterTable', { semester: label })}
              rows={semester.Courses}
              rowKey={(c) => c.ResultId}
              columns={[
                // A course code never breaks between its letters and number.
                { header: t('documents.resultVerify.code'), cell: (c) => c.Code.replace(/ /g, '\u00a0') },
                { header: t('documents.resultVerify.courseTitle'), cell: (c) => c.Title },
                { header: t('documents.resultVerify.units'), cell: (c) => c.Units, numeric: true },
                { header: t('documents.resultVerify.score'), cell: (c) => c.Score, numeric: true },
                { header: t('documents.resultVerify.grade'), cell: (c) => c.Grade },
                {
                  header: t('documents.resultVerify.gradePoint'),
                  cell: (c) => two(c.GradePoint),
                  numeric: true,
                },
              ]}
            />
            <Typography sx={{ fontWeight: 600, mt: 1 }} data-testid="semester-gpa">
              {t('documents.resultVerify.gpaLine', {
                gpa: two(semester.Gpa),
                cgpa: two(semester.Cgpa),
                units: semester.Units,
              })}
            </Typography>
          </Box>
        );
      })}
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
