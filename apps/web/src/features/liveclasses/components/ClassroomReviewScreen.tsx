import Chip from '@mui/material/Chip';
import type { LiveClassReviewRow } from '@portal/contracts';
import { useState } from 'react';
import { ServerTable } from '../../../components/crud/ServerTable';
import type { ListState } from '../../../components/crud/types';
import { PageHeading } from '../../../components/PageHeading';
import { useT } from '../../../i18n/useT';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useWhen } from '../../../lib/useWhen';
import { useReview } from '../api';
import { LiveClassError } from './LiveClassError';
import { LiveClassesMessages } from './LiveClassesMessages';
import { StateChip } from './StateChip';

/** /app/classroomReview: every live class with attendance rate, duration and recording; never-started ones flagged. */
export default function ClassroomReviewScreen() {
  return (
    <LiveClassesMessages>
      <Review />
    </LiveClassesMessages>
  );
}

function Review() {
  const t = useT();
  const when = useWhen();
  const [state, setState] = useState<ListState>({ page: 1, pageSize: 10 });
  const review = useReview(state.page, state.pageSize);
  useDocumentTitle(`${t('liveclasses.review.title')} · ${t('portal.name')}`);
  return (
    <>
      <PageHeading title={t('liveclasses.review.title')} intro={t('liveclasses.review.intro')} />
      {review.isError ? (
        <LiveClassError error={review.error} onRetry={() => void review.refetch()} />
      ) : (
        <ServerTable<LiveClassReviewRow>
          label={t('liveclasses.review.title')}
          rows={review.data?.Data ?? []}
          total={review.data?.Total ?? 0}
          loading={review.isFetching}
          getRowId={(row) => row.Id}
          state={state}
          onStateChange={setState}
          emptyText={t('liveclasses.noData')}
          columns={[
            {
              field: 'Title',
              header: t('liveclasses.col.title'),
              render: (row) => `${row.Code}: ${row.Title}`,
              priority: 0,
            },
            {
              field: 'StartsAt',
              header: t('liveclasses.col.when'),
              render: (row) => when(row.StartsAt),
              priority: 2,
            },
            {
              field: 'State',
              header: t('liveclasses.col.state'),
              render: (row) =>
                row.NeverStarted ? (
                  <Chip size="small" color="error" label={t('liveclasses.review.neverStarted')} />
                ) : (
                  <StateChip state={row.State} />
                ),
              priority: 1,
            },
            {
              field: 'AttendanceRate',
              header: t('liveclasses.review.rate'),
              render: (row) =>
                t('liveclasses.review.rateValue', {
                  rate: row.AttendanceRate,
                  attended: row.Attended,
                  enrolled: row.Enrolled,
                }),
              priority: 1,
            },
            {
              field: 'RanMinutes',
              header: t('liveclasses.review.ran'),
              render: (row) =>
                row.RanMinutes === null
                  ? '—'
                  : t('liveclasses.review.ranValue', { ran: row.RanMinutes, planned: row.DurationMinutes }),
              priority: 3,
            },
            {
              field: 'Recording',
              header: t('liveclasses.review.recording'),
              render: (row) => (row.Recording ? t('liveclasses.yes') : t('liveclasses.no')),
              priority: 4,
            },
            { field: 'Lecturer', header: t('liveclasses.review.lecturer'), priority: 5 },
          ]}
        />
      )}
    </>
  );
}
