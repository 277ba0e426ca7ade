import FileDownload from '@mui/icons-material/FileDownload';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { CONTENT_API, type ContentItemProgress, type ContentStudentProgress } from '@portal/contracts';
import { useState } from 'react';
import { ServerTable } from '../../../components/crud/ServerTable';
import type { ListState } from '../../../components/crud/types';
import { LoadingBlock } from '../../../components/LoadState';
import { SectionCard } from '../../../components/SectionCard';
import { DataTable } from '../../../components/DataTable';
import { useT } from '../../../i18n/useT';
import { apiBlob } from '../../../lib/api';
import { saveFile } from '../../../lib/download';
import { notify } from '../../../lib/notify';
import { useItemProgress, useStudentProgress } from '../api/staff';
import { ContentError } from './ContentStatus';

/** How far the enrolled students have gone: per item (opened, completed) and per student, with a CSV. */
export function ProgressPanel({ courseId, sessionId }: { courseId: number; sessionId: number }) {
  const t = useT();
  const items = useItemProgress(courseId, sessionId, true);
  const [state, setState] = useState<ListState>({ page: 1, pageSize: 10 });
  const students = useStudentProgress(courseId, sessionId, state.page, state.pageSize, true);
  const [exporting, setExporting] = useState(false);

  const exportCsv = () => {
    setExporting(true);
    apiBlob(CONTENT_API.progressCsv(courseId, sessionId))
      .then((blob) => saveFile(blob, `content-progress-${courseId}-${sessionId}.csv`))
      .catch(() => notify.error(t('content.error')))
      .finally(() => setExporting(false));
  };

  const enrolled = items.data?.Enrolled ?? 0;
  return (
    <Stack spacing={2}>
      <SectionCard title={t('content.progress.byItem')}>
        {items.isPending && <LoadingBlock rows={2} />}
        {items.isError && <ContentError error={items.error} onRetry={() => void items.refetch()} />}
        {items.data && (
          <DataTable<ContentItemProgress>
            label={t('content.progress.byItem')}
            rows={items.data.Items}
            rowKey={(row) => row.ItemId}
            emptyText={t('content.noData')}
            columns={[
              { key: 'title', header: t('content.item.title'), cell: (row) => row.Title, priority: 0 },
              { key: 'section', header: t('content.section.title'), cell: (row) => row.Section, priority: 3 },
              {
                key: 'opened',
                header: t('content.progress.opened'),
                cell: (row) => t('content.progress.ofEnrolled', { count: row.Opened, enrolled }),
                priority: 1,
              },
              {
                key: 'completed',
                header: t('content.progress.completed'),
                cell: (row) => t('content.progress.ofEnrolled', { count: row.Completed, enrolled }),
                priority: 2,
              },
            ]}
          />
        )}
      </SectionCard>
      <SectionCard
        title={t('content.progress.byStudent')}
        action={
          <Button startIcon={<FileDownload />} onClick={exportCsv} disabled={exporting}>
            {t('content.progress.csv')}
          </Button>
        }
      >
        {students.isError ? (
          <ContentError error={students.error} onRetry={() => void students.refetch()} />
        ) : (
          <ServerTable<ContentStudentProgress>
            label={t('content.progress.byStudent')}
            rows={students.data?.Data ?? []}
            total={students.data?.Total ?? 0}
            loading={students.isFetching}
            getRowId={(row) => row.StudentId}
            state={state}
            onStateChange={setState}
            emptyText={t('content.noData')}
            columns={[
              { field: 'MatricNo', header: t('content.progress.matricNo'), priority: 0 },
              { field: 'Name', header: t('content.progress.name'), priority: 1 },
              {
                field: 'Opened',
                header: t('content.progress.opened'),
                render: (row) => `${row.Opened} / ${row.Total}`,
                priority: 2,
              },
              {
                field: 'Completed',
                header: t('content.progress.completed'),
                render: (row) => `${row.Completed} / ${row.Total}`,
                priority: 2,
              },
              {
                field: 'VideosCompleted',
                header: t('content.progress.videosCompleted'),
                render: (row) => (row.VideosCompleted ? t('content.yes') : t('content.no')),
                priority: 4,
              },
            ]}
          />
        )}
      </SectionCard>
    </Stack>
  );
}
