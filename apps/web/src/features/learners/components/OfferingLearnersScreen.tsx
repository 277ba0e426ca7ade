import ArrowBack from '@mui/icons-material/ArrowBack';
import PersonAdd from '@mui/icons-material/PersonAdd';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Learner } from '@portal/contracts';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/crud/ConfirmDialog';
import { serverMessage } from '../../../components/crud/errors';
import { QueryStatus } from '../../../components/crud/QueryStatus';
import { ServerTable } from '../../../components/crud/ServerTable';
import type { ListState } from '../../../components/crud/types';
import { useDebounced } from '../../../components/crud/useDebounced';
import { PageHeading } from '../../../components/PageHeading';
import { useT } from '../../../i18n/useT';
import { notify } from '../../../lib/notify';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useWhen } from '../../../lib/useWhen';
import { useLearnersRoster, useRemoveAuditor } from '../api';
import { AddAuditorDialog } from './AddAuditorDialog';
import { SearchField } from '../../../components/SearchField';

/**
 * /app/LearnersManagement/:courseId/:sessionId: who takes the offering — its approved course
 * registrations, then the students enrolled by hand to audit it — paged and searched on the server,
 * and what each learner did in it: lessons opened and completed, assignments submitted (late among
 * them), live classes attended, and when they were last active. Auditors are added (matric number
 * and reason) and removed here; both are audited on the server.
 */
export default function OfferingLearnersScreen() {
  const t = useT();
  const when = useWhen();
  const params = useParams();
  const courseId = Number(params.courseId);
  const sessionId = Number(params.sessionId);
  const [state, setState] = useState<ListState>({ page: 1, pageSize: 20 });
  const [search, setSearch] = useState('');
  const settled = useDebounced(search.trim());
  const roster = useLearnersRoster(courseId, sessionId, state.page, state.pageSize, settled);
  const remove = useRemoveAuditor();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Learner | null>(null);
  const offering = roster.data?.Offering;
  const title = offering ? `${offering.Code} · ${offering.Title}` : t('app.nav.learnersManagement');
  useDocumentTitle(`${title} · ${t('portal.name')}`);

  const confirmRemove = () =>
    removing?.MatricNo &&
    remove.mutate(
      { courseId, sessionId, matricNo: removing.MatricNo },
      {
        onSuccess: (answer) => {
          notify.success(answer.Message);
          setRemoving(null);
        },
        onError: (error) => notify.error(serverMessage(error) || t('error.generic')),
      },
    );

  return (
    <>
      <PageHeading
        title={title}
        intro={
          offering
            ? t('learners.rosterCounts', {
                session: offering.Session,
                registered: offering.Registered,
                auditing: offering.Auditing,
              })
            : undefined
        }
        action={
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            <Button
              variant="contained"
              startIcon={<PersonAdd />}
              onClick={() => setAdding(true)}
              disabled={!offering}
            >
              {t('learners.addAuditor')}
            </Button>
            <Button component={RouterLink} to="/app/LearnersManagement" startIcon={<ArrowBack />}>
              {t('learners.back')}
            </Button>
          </Stack>
        }
      />
      <Stack spacing={2}>
        <SearchField
          label={t('learners.searchLearners')}
          value={search}
          onChange={(value) => {
            setSearch(value);
            setState((current) => ({ ...current, page: 1 }));
          }}
        />
        <QueryStatus query={roster} />
        <ServerTable<Learner>
          label={t('learners.learners')}
          rows={roster.data?.Data ?? []}
          total={roster.data?.Total ?? 0}
          loading={roster.isFetching}
          getRowId={(l) => l.StudentId}
          state={state}
          onStateChange={setState}
          emptyText={settled ? t('learners.noMatch') : t('learners.noLearners')}
          columns={[
            {
              field: 'MatricNo',
              header: t('learners.matricNo'),
              render: (l) => l.MatricNo ?? '—',
              priority: 1,
            },
            { field: 'Name', header: t('learners.name'), priority: 0 },
            {
              field: 'Enrolment',
              header: t('learners.enrolment'),
              render: (l) => (
                <Box>
                  <Chip
                    size="small"
                    variant={l.Enrolment === 'auditing' ? 'filled' : 'outlined'}
                    color={l.Enrolment === 'auditing' ? 'primary' : 'default'}
                    label={t(`learners.enrolment.${l.Enrolment}`)}
                  />
                  {l.Reason && (
                    <Typography variant="caption" color="text.secondary" component="div">
                      {l.Reason}
                    </Typography>
                  )}
                </Box>
              ),
              priority: 1,
            },
            {
              field: 'Lessons',
              header: t('learners.lessons'),
              render: (l) =>
                t('learners.lessonsCell', { opened: l.LessonsOpened, completed: l.LessonsCompleted }),
              priority: 2,
            },
            {
              field: 'Submissions',
              header: t('learners.submissions'),
              render: (l) => t('learners.submissionsCell', { count: l.Submissions, late: l.LateSubmissions }),
              priority: 2,
            },
            { field: 'ClassesAttended', header: t('learners.classes'), priority: 3 },
            { field: 'ExamsSat', header: t('learners.examsSat'), priority: 3 },
            {
              field: 'LastActive',
              header: t('learners.lastActive'),
              render: (l) => when(l.LastActiveAt),
              priority: 4,
            },
          ]}
          actionsHeader={t('learners.actions')}
          rowActions={(l) =>
            l.Enrolment === 'auditing' ? (
              <Button
                size="small"
                color="error"
                onClick={() => setRemoving(l)}
                aria-label={t('learners.removeAuditorOf', { name: l.Name })}
              >
                {t('learners.remove')}
              </Button>
            ) : null
          }
        />
      </Stack>
      {adding && offering && (
        <AddAuditorDialog
          courseId={offering.CourseId}
          sessionId={offering.SessionId}
          code={offering.Code}
          onClose={() => setAdding(false)}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t('learners.removeAuditorTitle')}
        message={t('learners.removeAuditorConfirm', {
          name: removing?.Name ?? '',
          matricNo: removing?.MatricNo ?? '',
          code: offering?.Code ?? '',
        })}
        confirmLabel={t('learners.remove')}
        danger
        pending={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={confirmRemove}
      />
    </>
  );
}
