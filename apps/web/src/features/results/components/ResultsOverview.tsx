import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { StudentResults } from '@portal/contracts';
import { SemesterResults } from '../../../components/SemesterResults';
import { useT } from '../../../i18n/useT';

/** A student's published results per semester (GPA, CGPA), the overall CGPA, class of degree and carry-overs. */
export function ResultsOverview({ results }: { results: StudentResults }) {
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
      <SemesterResults
        semesters={results.Semesters}
        text={{
          code: t('results.field.code'),
          title: t('results.field.title'),
          units: t('results.field.units'),
          score: t('results.field.score'),
          grade: t('results.field.grade'),
          gradePoint: t('results.field.point'),
          table: (semester) => semester,
          gpaLine: (values) => t('results.gpaLine', values),
        }}
        frame={({ label, body }) => (
          <Box>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
              {label}
            </Typography>
            {body}
          </Box>
        )}
      />
    </Stack>
  );
}
