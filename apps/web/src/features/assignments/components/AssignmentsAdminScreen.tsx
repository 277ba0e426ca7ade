import { StaffOfferingsScreen } from '../../../components/classroom/StaffOfferingsScreen';
import { ASSIGNMENT_PAGE } from '@portal/contracts';
import { useT } from '../../../i18n/useT';
import { AssignmentsError } from './AssignmentsError';

export const offeringAssignmentsPath = (courseId: number, sessionId: number) =>
  `/admin/assignment/${courseId}/${sessionId}`;

/** /admin/assignment: the offerings the lecturer teaches (the page's administrator: every offering). */
export default function AssignmentsAdminScreen() {
  const t = useT();
  return (
    <StaffOfferingsScreen
      page={ASSIGNMENT_PAGE}
      labels={{
        title: t('assignments.staff.heading'),
        intro: t('assignments.staff.intro'),
        search: t('assignments.staff.search'),
        table: t('assignments.staff.offerings'),
        empty: t('assignments.staff.noOfferings'),
        code: t('assignments.staff.code'),
        course: t('assignments.staff.course'),
        session: t('assignments.staff.session'),
        actions: t('assignments.staff.actions'),
        open: t('assignments.staff.open'),
        openOffering: (code) => t('assignments.staff.openOffering', { code }),
      }}
      pathOf={(row) => offeringAssignmentsPath(row.CourseId, row.SessionId)}
      error={(error) => <AssignmentsError error={error} />}
    />
  );
}
