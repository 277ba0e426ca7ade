import { CBT_PAGE } from '@portal/contracts';
import { StaffOfferingsScreen } from '../../../components/classroom/StaffOfferingsScreen';
import { useT } from '../../../i18n/useT';
import { CbtError } from './CbtError';
import { CbtMessages } from './CbtMessages';

export const offeringCbtPath = (courseId: number, sessionId: number) => `/admin/cbt/${courseId}/${sessionId}`;

/** /admin/cbt: the offerings the lecturer teaches (the page's administrator: every offering). */
export default function CbtAdminScreen() {
  return (
    <CbtMessages>
      <Offerings />
    </CbtMessages>
  );
}

function Offerings() {
  const t = useT();
  return (
    <StaffOfferingsScreen
      page={CBT_PAGE}
      labels={{
        title: t('cbt.staff.heading'),
        intro: t('cbt.staff.intro'),
        search: t('cbt.staff.search'),
        table: t('cbt.staff.offerings'),
        empty: t('cbt.staff.noOfferings'),
        code: t('cbt.staff.code'),
        course: t('cbt.staff.course'),
        session: t('cbt.staff.session'),
        actions: t('cbt.staff.actions'),
        open: t('cbt.staff.open'),
        openOffering: (code) => t('cbt.staff.openOffering', { code }),
      }}
      pathOf={(row) => offeringCbtPath(row.CourseId, row.SessionId)}
      error={(error) => <CbtError error={error} />}
    />
  );
}
