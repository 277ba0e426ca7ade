import { StaffOfferingsScreen } from '../../../components/classroom/StaffOfferingsScreen';
import { CONTENT_PAGES } from '@portal/contracts';
import { useT } from '../../../i18n/useT';
import { ContentError } from './ContentStatus';
import { ContentMessages } from './ContentMessages';

/** /admin/managecontent: the offerings the lecturer teaches (an admin holding the page: every offering). */
export default function ManageContentScreen() {
  return (
    <ContentMessages>
      <Offerings />
    </ContentMessages>
  );
}

export const offeringPath = (courseId: number, sessionId: number) =>
  `/admin/managecontent/${courseId}/${sessionId}`;

function Offerings() {
  const t = useT();
  return (
    <StaffOfferingsScreen
      page={CONTENT_PAGES.manage}
      labels={{
        title: t('content.manage.title'),
        intro: t('content.manage.intro'),
        search: t('content.manage.search'),
        table: t('content.manage.offerings'),
        empty: t('content.noData'),
        code: t('content.course.code'),
        course: t('content.course.title'),
        session: t('content.course.session'),
        lecturers: t('content.course.lecturers'),
        enrolled: t('content.manage.enrolled'),
        actions: t('content.actions'),
        open: t('content.open'),
        openOffering: (code) => t('content.manage.openOffering', { code }),
      }}
      pathOf={(row) => offeringPath(row.CourseId, row.SessionId)}
      error={(error, retry) => <ContentError error={error} onRetry={retry} />}
      columns={[
        {
          field: 'Items',
          header: t('content.manage.itemsColumn'),
          render: (row) =>
            t('content.manage.itemCounts', {
              items: row.Counts.Items ?? 0,
              published: row.Counts.Published ?? 0,
              pending: row.Counts.PendingReview ?? 0,
            }),
          priority: 2,
        },
      ]}
    />
  );
}
