import { StaffOfferingsScreen } from '../../../components/classroom/StaffOfferingsScreen';
import { LIVE_CLASS_PAGES } from '@portal/contracts';
import { useT } from '../../../i18n/useT';
import { LiveClassError } from './LiveClassError';
import { LiveClassesMessages } from './LiveClassesMessages';

export const liveOfferingPath = (courseId: number, sessionId: number) =>
  `/admin/LiveClassroom/${courseId}/${sessionId}`;

/** /admin/LiveClassroom: the courses the lecturer teaches (the page's administrator: every course). */
export default function LiveClassroomScreen() {
  return (
    <LiveClassesMessages>
      <Offerings />
    </LiveClassesMessages>
  );
}

function Offerings() {
  const t = useT();
  return (
    <StaffOfferingsScreen
      page={LIVE_CLASS_PAGES.manage}
      labels={{
        title: t('liveclasses.manage.title'),
        intro: t('liveclasses.manage.intro'),
        search: t('liveclasses.search'),
        table: t('liveclasses.offerings'),
        empty: t('liveclasses.noData'),
        code: t('liveclasses.code'),
        course: t('liveclasses.course'),
        session: t('liveclasses.session'),
        lecturers: t('liveclasses.lecturers'),
        enrolled: t('liveclasses.enrolled'),
        actions: t('liveclasses.actions'),
        open: t('liveclasses.open'),
        openOffering: (code) => t('liveclasses.openOffering', { code }),
      }}
      pathOf={(row) => liveOfferingPath(row.CourseId, row.SessionId)}
      error={(error, retry) => <LiveClassError error={error} onRetry={retry} />}
    />
  );
}
