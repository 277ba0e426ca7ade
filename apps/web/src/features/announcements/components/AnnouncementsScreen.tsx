import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Pagination from '@mui/material/Pagination';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { ANNOUNCEMENT_LIMITS, type AnnouncementItem } from '@portal/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/crud/ConfirmDialog';
import { QueryStatus } from '../../../components/crud/QueryStatus';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { PageHeading } from '../../../components/PageHeading';
import type { MessageId } from '../../../i18n/locales';
import { useT } from '../../../i18n/useT';
import { ApiError } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useWhen } from '../../../lib/useWhen';
import { useAnnouncements, useSaveAnnouncement, useWithdrawAnnouncement } from '../api';
import { AUDIENCE_LABELS, AudienceFields, EVERYONE, type AudienceValue } from './AudienceFields';

const PAGE_SIZE = 20;

const STATE_LABELS: Record<AnnouncementItem['State'], MessageId> = {
  scheduled: 'announcements.state.scheduled',
  current: 'announcements.state.current',
  expired: 'announcements.state.expired',
  withdrawn: 'announcements.state.withdrawn',
};

/** A datetime-local value read as Lagos time (UTC+1, no daylight saving), and back. */
const LAGOS_OFFSET_MS = 60 * 60_000;
const toLagosLocal = (iso: string | null) =>
  iso ? new Date(Date.parse(iso) + LAGOS_OFFSET_MS).toISOString().slice(0, 16) : '';
const fromLagosLocal = (value: string) => (value ? `${value}:00+01:00` : null);

/** The server's reason: its message, or the first field's. */
export function reasonOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.errors[0]?.message || error.message || fallback;
  return fallback;
}

/** /admin/announcement: the announcements with their state; publish, edit, withdraw (confirmed). */
export default function AnnouncementsScreen() {
  const t = useT();
  const when = useWhen();
  const title = t('adminPage.announcement');
  useDocumentTitle(`${title} · ${t('portal.name')}`);
  const [page, setPage] = useState(1);
  const list = useAnnouncements(page, PAGE_SIZE);
  const [editing, setEditing] = useState<AnnouncementItem | 'new' | null>(null);
  const [withdrawing, setWithdrawing] = useState<AnnouncementItem | null>(null);
  const withdraw = useWithdrawAnnouncement();
  const rows = list.data?.Data ?? [];
  const pages = Math.max(1, Math.ceil((list.data?.Total ?? 0) / PAGE_SIZE));

  const columns: DataColumn<AnnouncementItem>[] = [
    { key: 'title', header: t('announcements.title'), cell: (a) => a.Title, priority: 1 },
    {
      key: 'audience',
      header: t('announcements.audience'),
      cell: (a) => [t(AUDIENCE_LABELS[a.Audience]), a.AudienceDetail].filter(Boolean).join(' · '),
      priority: 3,
    },
    { key: 'publish', header: t('announcements.publishAt'), cell: (a) => when(a.PublishAt), priority: 4 },
    { key: 'expires', header: t('announcements.expiresAt'), cell: (a) => when(a.ExpiresAt), priority: 5 },
    {
      key: 'state',
      header: t('announcements.state'),
      cell: (a) => (
        <Chip
          size="small"
          label={t(STATE_LABELS[a.State])}
          color={a.State === 'current' ? 'success' : 'default'}
        />
      ),
      priority: 2,
    },
  ];

  return (
    <>
      <PageHeading
        title={title}
        action={
          <Button variant="contained" startIcon={<Add />} onClick={() => setEditing('new')}>
            {t('announcements.new')}
          </Button>
        }
      />
      <QueryStatus query={list} />
      <DataTable
        label={title}
        columns={columns}
        rows={rows}
        rowKey={(a) => a.Id}
        loading={list.isFetching}
        emptyText={t('announcements.empty')}
        actions={{
          header: t('crud.actions'),
          cell: (a) =>
            a.State === 'withdrawn' ? null : (
              <Box sx={{ display: 'flex', gap: 1 }}>
                <Button
                  size="small"
                  onClick={() => setEditing(a)}
                  aria-label={t('announcements.editNamed', { name: a.Title })}
                >
                  {t('crud.edit')}
                </Button>
                <Button
                  size="small"
                  color="error"
                  onClick={() => setWithdrawing(a)}
                  aria-label={t('announcements.withdrawNamed', { name: a.Title })}
                >
                  {t('announcements.withdraw')}
                </Button>
              </Box>
            ),
        }}
      />
      {pages > 1 && (
        <Pagination sx={{ mt: 2 }} count={pages} page={page} onChange={(_e, value) => setPage(value)} />
      )}
      {editing !== null && (
        <AnnouncementDialog item={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={withdrawing !== null}
        title={t('announcements.withdrawTitle')}
        message={t('announcements.withdrawMessage', { name: withdrawing?.Title ?? '' })}
        confirmLabel={t('announcements.withdraw')}
        danger
        pending={withdraw.isPending}
        onConfirm={() =>
          withdrawing && withdraw.mutate(withdrawing.Id, { onSettled: () => setWithdrawing(null) })
        }
        onClose={() => setWithdrawing(null)}
      />
    </>
  );
}

function AnnouncementDialog({ item, onClose }: { item: AnnouncementItem | null; onClose: () => void }) {
  const t = useT();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const save = useSaveAnnouncement();
  const [title, setTitle] = useState(item?.Title ?? '');
  const [body, setBody] = useState(item?.Body ?? '');
  const [audience, setAudience] = useState<AudienceValue>(
    item
      ? {
          Audience: item.Audience,
          FacultyId: item.FacultyId,
          DepartmentId: item.DepartmentId,
          LevelId: item.LevelId,
        }
      : EVERYONE,
  );
  const [publishAt, setPublishAt] = useState(item ? toLagosLocal(item.PublishAt) : '');
  const [expiresAt, setExpiresAt] = useState(item ? toLagosLocal(item.ExpiresAt) : '');
  const submit = () =>
    save.mutate(
      {
        id: item?.Id ?? null,
        input: {
          Title: title,
          Body: body,
          ...audience,
          PublishAt: fromLagosLocal(publishAt),
          ExpiresAt: fromLagosLocal(expiresAt),
        },
      },
      { onSuccess: onClose },
    );
  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="md">
      <DialogTitle>{item ? t('announcements.edit') : t('announcements.new')}</DialogTitle>
      <DialogContent>
        <Box
          component="form"
          id="announcement-form"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
          sx={{ display: 'grid', gap: 2, pt: 1 }}
        >
          {save.isError && <Alert severity="error">{reasonOf(save.error, t('error.generic'))}</Alert>}
          <TextField
            size="small"
            required
            label={t('announcements.title')}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            slotProps={{ htmlInput: { maxLength: ANNOUNCEMENT_LIMITS.title } }}
          />
          <TextField
            required
            multiline
            minRows={5}
            label={t('announcements.body')}
            helperText={t('announcements.bodyHelp')}
            value={body}
            onChange={(e) => setBody(e.target.value)}
          />
          <AudienceFields value={audience} onChange={setAudience} />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField
              size="small"
              type="datetime-local"
              label={t('announcements.publishAt')}
              helperText={t('announcements.publishHelp')}
              value={publishAt}
              onChange={(e) => setPublishAt(e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              size="small"
              type="datetime-local"
              label={t('announcements.expiresAt')}
              helperText={t('announcements.expiresHelp')}
              value={expiresAt}
              onChange={(e) => setExpiresAt(e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Box>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('crud.cancel')}</Button>
        <Button type="submit" form="announcement-form" variant="contained" disabled={save.isPending}>
          {item ? t('crud.save') : t('announcements.publish')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
