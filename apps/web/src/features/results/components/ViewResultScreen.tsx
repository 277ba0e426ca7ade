import FileDownload from '@mui/icons-material/FileDownload';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { serverMessage } from '../../../components/crud/errors';
import { SearchField } from '../../../components/crud/filters';
import { useDebounced } from '../../../components/crud/useDebounced';
import { PageHeading } from '../../../components/PageHeading';
import { useT } from '../../../i18n/useT';
import { apiBlob } from '../../../lib/api';
import { saveFile } from '../../../lib/download';
import { notify } from '../../../lib/notify';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { RESULTS, useStudentResults } from '../api/results';
import { ResultsOverview } from './ResultsOverview';

/** Downloads a student's transcript (PDF with its QR code). */
export function TranscriptButton({ matricNo }: { matricNo: string }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveFile(
        await apiBlob(`${RESULTS}/student/transcript.pdf`, { query: { matricNo } }),
        `Transcript-${matricNo.replace(/[^0-9A-Za-z]/g, '')}.pdf`,
      );
    } catch (error) {
      notify.error(serverMessage(error) || t('error.download'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outlined" startIcon={<FileDownload />} disabled={busy} onClick={() => void download()}>
      {t('results.transcriptPdf')}
    </Button>
  );
}

/** A student found by matric number: their published results and the transcript. */
export function StudentLookup() {
  const t = useT();
  const [matric, setMatric] = useState('');
  const matricNo = useDebounced(matric.trim());
  const found = useStudentResults(matricNo);
  const data = found.data?.Data;
  return (
    <Card variant="outlined">
      <CardContent>
        <SearchField
          label={t('results.field.matricNo')}
          value={matric}
          onChange={setMatric}
          sx={{ maxWidth: 360, mb: 2 }}
        />
        {found.isFetching && <LinearProgress aria-label={t('results.loading')} sx={{ mb: 2 }} />}
        {found.isError && (
          <Alert severity="warning">{serverMessage(found.error) || t('error.generic')}</Alert>
        )}
        {data && (
          <>
            <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 2 }}>
              <div>
                <Typography component="h2" variant="h6">
                  {data.Name}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  <bdi>{data.MatricNo}</bdi> · {data.Department ?? '—'} · {data.Level ?? '—'}
                </Typography>
              </div>
              {data.Results.Semesters.length > 0 && <TranscriptButton matricNo={data.MatricNo} />}
            </Stack>
            <ResultsOverview results={data.Results} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** viewResult: a student's published results by matric number, and the transcript. */
export default function ViewResultScreen() {
  const t = useT();
  const title = t('adminPage.viewResult');
  useDocumentTitle(`${title} · ${t('portal.name')}`);
  return (
    <>
      <PageHeading title={title} intro={t('results.view.intro')} />
      <StudentLookup />
    </>
  );
}
