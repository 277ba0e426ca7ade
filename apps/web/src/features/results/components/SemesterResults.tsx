import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { StudentResults } from '@portal/contracts';
import { SimpleTable } from '../../../components/SimpleTable';
import { useT } from '../../../i18n/useT';

type Course = StudentResults['Semesters'][number]['Courses'][number];

/** A student's published results per semester (GPA, CGPA), the overall CGPA, class of degree and carry-overs. */
export function SemesterResults({ results }: { results: StudentResults }) {
  const t = useT();
  if (!results.Semesters.length) return <Alert severity="info">{t('results.noResults')}</Alert>;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Chip color="primary" label={t('results.cgpa', { cgpa: results.Cgpa.toFixed(2) })} />
        {results.DegreeClass && <Chip variant="outlined" label={results.DegreeClass} />}
        {results.CarryOvers.length > 0 && (
          <Chip
            color="warning"
            variant="outlined"
            label={t('results.carryOvers', { codes: results.CarryOvers.join(', ') })}
          />
        )}
      </Stack>
      {results.Semesters.map((semester) => (
        <Box key={semester.SemesterId}>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {semester.Semester}
          </Typography>
          <SimpleTable<Course>
            label={semester.Semester}
            rowKey={(c) => c.ResultId}
            rows={semester.Courses}
            columns={[
              { header: t('results.field.code'), cell: (c) => c.Code },
              { header: t('results.field.title'), cell: (c) => c.Title },
              { header: t('results.field.units'), numeric: true, cell: (c) => c.Units },
              { header: t('results.field.score'), numeric: true, cell: (c) => c.Score },
              {
                header: t('results.field.grade'),
                cell: (c) => (c.Passed ? c.Grade : <strong>{c.Grade}</strong>),
              },
              { header: t('results.field.point'), numeric: true, cell: (c) => c.GradePoint.toFixed(2) },
            ]}
          />
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {t('results.gpaLine', {
              units: semester.Units,
              gpa: semester.Gpa.toFixed(2),
              cgpa: semester.Cgpa.toFixed(2),
            })}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}
