import Download from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ApplicationView } from '@portal/contracts';
import { useId, useState } from 'react';
import { serverMessage } from '../../../components/crud/errors';
import type { MessageId } from '../../../i18n/locales';
import { useT } from '../../../i18n/useT';
import { notify } from '../../../lib/notify';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { exportApplications } from '../api/export-applications';
import {
  ApplicationFilters,
  EMPTY_FILTERS,
  filterQuery,
  type ApplicationFilterValues,
} from './ApplicationFilters';

const VIEWS: [ApplicationView, MessageId][] = [
  ['all', 'admissions.list.all'],
  ['inprogress', 'admissions.list.inprogress'],
  ['completed', 'admissions.list.completed'],
  ['screening', 'admissions.list.screening'],
  ['verification', 'admissions.list.verification'],
  ['confirmation', 'admissions.list.confirmation'],
  ['rejected', 'admissions.list.rejected'],
  ['admitted', 'admissions.list.admitted'],
];

/** admission/export: a list with the processing filters, downloaded as CSV or XLSX. */
export default function ExportScreen() {
  const t = useT();
  const id = useId();
  const title = t('admissions.export.title');
  useDocumentTitle(`${title} · ${t('portal.name')}`);
  const [view, setView] = useState<ApplicationView>('all');
  const [format, setFormat] = useState<'csv' | 'xlsx'>('csv');
  const [filters, setFilters] = useState<ApplicationFilterValues>(EMPTY_FILTERS);
  const [busy, setBusy] = useState(false);

  const run = async () => {
    setBusy(true);
    try {
      await exportApplications(view, format, filterQuery(filters, filters.search));
      notify.success(t('admissions.export.started'));
    } catch (error) {
      notify.error(serverMessage(error) || t('error.download'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 600, mb: 2 }}>
        {title}
      </Typography>
      <Card variant="outlined">
        <CardContent>
          <TextField
            select
            size="small"
            label={t('admissions.export.list')}
            value={view}
            onChange={(event) => setView(event.target.value as ApplicationView)}
            sx={{ mb: 2, minWidth: 240 }}
          >
            {VIEWS.map(([value, label]) => (
              <MenuItem key={value} value={value}>
                {t(label)}
              </MenuItem>
            ))}
          </TextField>
          <ApplicationFilters values={filters} onChange={setFilters} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <Stack>
              <FormLabel id={`${id}-format`}>{t('admissions.export.format')}</FormLabel>
              <RadioGroup
                row
                aria-labelledby={`${id}-format`}
                value={format}
                onChange={(event) => setFormat(event.target.value as 'csv' | 'xlsx')}
              >
                <FormControlLabel value="csv" control={<Radio />} label="CSV" />
                <FormControlLabel value="xlsx" control={<Radio />} label="XLSX" />
              </RadioGroup>
            </Stack>
            <Button variant="contained" startIcon={<Download />} disabled={busy} onClick={() => void run()}>
              {t('admissions.export.download')}
            </Button>
          </Stack>
          {busy && <LinearProgress aria-label={t('common.loading')} sx={{ mt: 2 }} />}
        </CardContent>
      </Card>
    </>
  );
}
