import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { serverMessage } from '../../../components/crud/errors';
import { LoadError, LoadingBlock } from '../../../components/LoadState';
import { useT } from '../../../i18n/useT';
import { notify } from '../../../lib/notify';
import { useWhen } from '../../../lib/useWhen';
import { useHidePost, useReports, type BoardRef } from '../api/discussions';

/** A board's reported posts, most reported first, for its moderators: open the thread, hide or restore. */
export function ReportsPanel({ board, onOpen }: { board: BoardRef; onOpen: (threadId: number) => void }) {
  const t = useT();
  const when = useWhen();
  const [page, setPage] = useState(1);
  const reports = useReports(board, page);
  const hide = useHidePost();
  if (reports.isPending) return <LoadingBlock rows={1} />;
  if (reports.isError) return <LoadError error={reports.error} onRetry={() => void reports.refetch()} />;
  const pages = Math.ceil(reports.data.Total / reports.data.PageSize);
  return (
    <Stack spacing={1.5} component="section" aria-label={t('discussions.reports')}>
      <Typography component="h2" variant="h6">
        {t('discussions.reports')}
      </Typography>
      {reports.data.Data.length === 0 && (
        <Typography color="text.secondary">{t('discussions.noReports')}</Typography>
      )}
      {reports.data.Data.map((r) => (
        <Paper key={r.PostId} variant="outlined" sx={{ p: 1.5 }}>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <Typography variant="subtitle2" sx={{ overflowWrap: 'anywhere' }}>
              {r.ThreadTitle}
            </Typography>
            <Chip size="small" color="error" label={t('discussions.reportCount', { n: r.Reports })} />
            {r.Hidden && <Chip size="small" color="warning" label={t('discussions.hiddenTag')} />}
          </Stack>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere', my: 0.5 }}>
            {r.Author}: {r.Excerpt}
          </Typography>
          <Typography
            variant="caption"
            color="text.secondary"
            component="p"
            sx={{ overflowWrap: 'anywhere' }}
          >
            {when(r.LastReportedAt)} · {r.Reasons.join(' · ')}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
            <Button size="small" variant="outlined" onClick={() => onOpen(r.ThreadId)}>
              {t('discussions.open')}
            </Button>
            <Button
              size="small"
              color={r.Hidden ? 'primary' : 'warning'}
              disabled={hide.isPending}
              onClick={() =>
                hide.mutate(
                  { postId: r.PostId, hidden: !r.Hidden },
                  {
                    onSuccess: (a) => notify.success(a.Message),
                    onError: (e) => notify.error(serverMessage(e) || t('discussions.error')),
                  },
                )
              }
            >
              {r.Hidden ? t('discussions.restore') : t('discussions.hide')}
            </Button>
          </Stack>
        </Paper>
      ))}
      {pages > 1 && <Pagination count={pages} page={page} onChange={(_, p) => setPage(p)} />}
    </Stack>
  );
}
