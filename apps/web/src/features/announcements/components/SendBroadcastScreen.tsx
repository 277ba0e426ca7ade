import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ANNOUNCEMENT_LIMITS, type BroadcastItem } from '@portal/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/crud/ConfirmDialog';
import { QueryStatus } from '../../../components/crud/QueryStatus';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { PageHeading } from '../../../components/PageHeading';
import { SectionCard } from '../../../components/SectionCard';
import { useT } from '../../../i18n/useT';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useWhen } from '../../../lib/useWhen';
import { useBroadcasts, useSendBroadcast } from '../api';
import { reasonOf } from './AnnouncementsScreen';
import { AUDIENCE_LABELS, AudienceFields, EVERYONE, type AudienceValue } from './AudienceFields';

const PAGE_SIZE = 10;

/** Delivered or failed, out of queued, in percent (100 when nothing was e-mailed). */
const percentOf = (b: BroadcastItem) =>
  b.Queued === 0 ? 100 : Math.round(((b.Sent + b.Failed) / b.Queued) * 100);

/** /app/SendBroadcast: write an e-mail and/or in-app message to a group; the past broadcasts with their progress. */
export default function SendBroadcastScreen() {
  const t = useT();
  const when = useWhen();
  const title = t('app.nav.sendBroadcast');
  useDocumentTitle(`${title} · ${t('portal.name')}`);
  const [page, setPage] = useState(1);
  const list = useBroadcasts(page, PAGE_SIZE);
  const sendBroadcast = useSendBroadcast();
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [email, setEmail] = useState(true);
  const [inApp, setInApp] = useState(true);
  const [audience, setAudience] = useState<AudienceValue>(EVERYONE);
  const [confirming, setConfirming] = useState(false);
  const [queued, setQueued] = useState<number | null>(null);
  const rows = list.data?.Data ?? [];
  const pages = Math.max(1, Math.ceil((list.data?.Total ?? 0) / PAGE_SIZE));

  const send = () =>
    sendBroadcast.mutate(
      { Subject: subject, Body: body, Email: email, InApp: inApp, ...audience },
      {
        onSuccess: (answer) => {
          setQueued(answer.Data.Queued);
          setSubject('');
          setBody('');
        },
        onSettled: () => setConfirming(false),
      },
    );

  const columns: DataColumn<BroadcastItem>[] = [
    { key: 'subject', header: t('broadcasts.subject'), cell: (b) => b.Subject, priority: 1 },
    {
      key: 'audience',
      header: t('announcements.audience'),
      cell: (b) => [t(AUDIENCE_LABELS[b.Audience]), b.AudienceDetail].filter(Boolean).join(' · '),
      priority: 4,
    },
    {
      key: 'channels',
      header: t('broadcasts.channels'),
      cell: (b) =>
        [b.Email && t('broadcasts.email'), b.InApp && t('broadcasts.inApp')].filter(Boolean).join(', '),
      priority: 5,
    },
    { key: 'queued', header: t('broadcasts.queued'), cell: (b) => b.Queued, numeric: true, priority: 3 },
    { key: 'sent', header: t('broadcasts.sent'), cell: (b) => b.Sent, numeric: true, priority: 3 },
    { key: 'failed', header: t('broadcasts.failed'), cell: (b) => b.Failed, numeric: true, priority: 3 },
    {
      key: 'progress',
      header: t('broadcasts.progress'),
      cell: (b) => (
        <LinearProgress
          variant="determinate"
          value={percentOf(b)}
          aria-label={`${t('broadcasts.progress')} ${percentOf(b)}%`}
          sx={{ minWidth: 80 }}
        />
      ),
      priority: 2,
    },
    { key: 'date', header: t('broadcasts.date'), cell: (b) => when(b.CreatedAt), priority: 6 },
  ];

  return (
    <>
      <PageHeading title={title} />
      <SectionCard title={title} sx={{ mb: 3 }}>
        <Box
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            setQueued(null);
            setConfirming(true);
          }}
          sx={{ display: 'grid', gap: 2 }}
        >
          {sendBroadcast.isError && (
            <Alert severity="error">{reasonOf(sendBroadcast.error, t('error.generic'))}</Alert>
          )}
          {queued !== null && (
            <Alert severity="success">{t('broadcasts.queuedNotice', { count: queued })}</Alert>
          )}
          <TextField
            size="small"
            required
            label={t('broadcasts.subject')}
            value={subject}
            onChange={(e) => setSubject(e.target.value)}
            slotProps={{ htmlInput: { maxLength: ANNOUNCEMENT_LIMITS.subject } }}
          />
          <TextField
            required
            multiline
            minRows={4}
            label={t('broadcasts.body')}
            value={body}
            onChange={(e) => setBody(e.target.value)}
          />
          <AudienceFields value={audience} onChange={setAudience} />
          <FormGroup row>
            <FormControlLabel
              control={<Checkbox checked={email} onChange={(e) => setEmail(e.target.checked)} />}
              label={t('broadcasts.email')}
            />
            <FormControlLabel
              control={<Checkbox checked={inApp} onChange={(e) => setInApp(e.target.checked)} />}
              label={t('broadcasts.inApp')}
            />
          </FormGroup>
          <Box>
            <Button
              type="submit"
              variant="contained"
              disabled={sendBroadcast.isPending || (!email && !inApp)}
            >
              {t('broadcasts.send')}
            </Button>
          </Box>
        </Box>
      </SectionCard>
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('broadcasts.past')}
      </Typography>
      <QueryStatus query={list} />
      <DataTable
        label={t('broadcasts.past')}
        columns={columns}
        rows={rows}
        rowKey={(b) => b.Id}
        emptyText={t('broadcasts.empty')}
      />
      {pages > 1 && (
        <Pagination sx={{ mt: 2 }} count={pages} page={page} onChange={(_e, value) => setPage(value)} />
      )}
      <ConfirmDialog
        open={confirming}
        title={t('broadcasts.confirmTitle')}
        message={t('broadcasts.confirmMessage', { subject })}
        confirmLabel={t('broadcasts.send')}
        pending={sendBroadcast.isPending}
        onConfirm={send}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
