import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { LEARNERS_PAGE } from '@portal/contracts';
import { StaffOfferingsScreen } from '../../../components/classroom/StaffOfferingsScreen';
import { serverMessage } from '../../../components/crud/errors';
import { useT } from '../../../i18n/useT';

export const learnersPath = (courseId: number, sessionId: number) =>
  `/app/LearnersManagement/${courseId}/${sessionId}`;

/**
 * /app/LearnersManagement: the course offerings (a lecturer: their own) with their lecturers and how
 * many are enrolled, each opening its learners.
 */
export default function LearnersScreen() {
  const t = useT();
  return (
    <StaffOfferingsScreen
      page={LEARNERS_PAGE}
      labels={{
        title: t('app.nav.learnersManagement'),
        intro: t('learners.intro'),
        search: t('learners.search'),
        table: t('learners.offerings'),
        empty: t('learners.noOfferings'),
        code: t('learners.code'),
        course: t('learners.course'),
        session: t('learners.session'),
        lecturers: t('learners.lecturers'),
        enrolled: t('learners.enrolled'),
        actions: t('learners.actions'),
        open: t('learners.open'),
        openOffering: (code) => t('learners.openOffering', { code }),
      }}
      pathOf={(row) => learnersPath(row.CourseId, row.SessionId)}
      error={(error, retry) => (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={retry}>
              {t('learners.retry')}
            </Button>
          }
        >
          {serverMessage(error) || t('error.generic')}
        </Alert>
      )}
    />
  );
}
