import ArrowBack from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import { Link as RouterLink, useParams } from 'react-router';
import { QueryStatus } from '../../../components/crud/QueryStatus';
import { DataTable } from '../../../components/DataTable';
import { PageHeading } from '../../../components/PageHeading';
import { useT } from '../../../i18n/useT';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useWhen } from '../../../lib/useWhen';
import { useLearnersRoster } from '../api';

/**
 * /app/LearnersManagement/:courseId/:sessionId: who takes the offering (approved course registrations)
 * and what each learner did in it — lessons opened and completed, assignments submitted (late among
 * them), live classes attended, and when they were last active.
 */
export default function OfferingLearnersScreen() {
  const t = useT();
  const when = useWhen();
  const params = useParams();
  const roster = useLearnersRoster(Number(params.courseId), Number(params.sessionId));
  const data = roster.data?.Data;
  const title = data ? `${data.Code} · ${data.Title}` : t('app.nav.learnersManagement');
  useDocumentTitle(`${title} · ${t('portal.name')}`);
  return (
    <>
      <PageHeading
        title={title}
        intro={
          data ? t('learners.rosterIntro', { session: data.Session, count: data.Learners.length }) : undefined
        }
        action={
          <Button component={RouterLink} to="/app/LearnersManagement" startIcon={<ArrowBack />}>
            {t('learners.back')}
          </Button>
        }
      />
      <QueryStatus query={roster} />
      {data && (
        <DataTable
          label={t('learners.learners')}
          rows={data.Learners}
          rowKey={(l) => String(l.StudentId)}
          emptyText={t('learners.noLearners')}
          columns={[
            { key: 'MatricNo', header: t('learners.matricNo'), cell: (l) => l.MatricNo ?? '—', priority: 1 },
            { key: 'Name', header: t('learners.name'), cell: (l) => l.Name, priority: 0 },
            {
              key: 'Lessons',
              header: t('learners.lessons'),
              cell: (l) =>
                t('learners.lessonsCell', { opened: l.LessonsOpened, completed: l.LessonsCompleted }),
              priority: 2,
            },
            {
              key: 'Submissions',
              header: t('learners.submissions'),
              cell: (l) => t('learners.submissionsCell', { count: l.Submissions, late: l.LateSubmissions }),
              priority: 2,
            },
            { key: 'Classes', header: t('learners.classes'), cell: (l) => l.ClassesAttended, priority: 3 },
            {
              key: 'LastActive',
              header: t('learners.lastActive'),
              cell: (l) => when(l.LastActiveAt),
              priority: 4,
            },
          ]}
        />
      )}
    </>
  );
}
