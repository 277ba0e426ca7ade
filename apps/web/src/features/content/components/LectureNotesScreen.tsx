import Delete from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { StudentOffering } from '@portal/contracts';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router';
import { DataTable } from '../../../components/DataTable';
import { LoadingBlock } from '../../../components/LoadState';
import { PageHeading } from '../../../components/PageHeading';
import { SectionCard } from '../../../components/SectionCard';
import { useT } from '../../../i18n/useT';
import { registerServiceWorker } from '../../../lib/serviceWorker';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useStudentOfferings } from '../api/student';
import { useOfflineNotes, type OfflineNote } from '../offlineNotes';
import { ContentError } from './ContentStatus';
import { ContentMessages } from './ContentMessages';

/** /student/lecturenote: the courses of the student's registration this semester, and the notes kept on the device. */
export default function LectureNotesScreen() {
  return (
    <ContentMessages>
      <LectureNotes />
    </ContentMessages>
  );
}

export const coursePath = (courseId: number, sessionId: number) =>
  `/student/lecturenote/${courseId}/${sessionId}`;

function LectureNotes() {
  const t = useT();
  const offerings = useStudentOfferings();
  useDocumentTitle(`${t('content.lectureNotes')} · ${t('portal.name')}`);
  useEffect(() => void registerServiceWorker(), []);
  const semester = offerings.data?.Semester;
  return (
    <>
      <PageHeading
        title={t('content.lectureNotes')}
        intro={semester ? t('content.student.semester', { semester }) : undefined}
      />
      <Stack spacing={2}>
        {offerings.isPending && <LoadingBlock rows={3} />}
        {offerings.isError && (
          <ContentError error={offerings.error} onRetry={() => void offerings.refetch()} />
        )}
        {offerings.data && (
          <DataTable<StudentOffering>
            label={t('content.student.courses')}
            rows={offerings.data.Data}
            rowKey={(row) => `${row.CourseId}-${row.SessionId}`}
            emptyText={t('content.noData')}
            columns={[
              { key: 'code', header: t('content.course.code'), cell: (row) => row.Code, priority: 0 },
              { key: 'title', header: t('content.course.title'), cell: (row) => row.Title, priority: 1 },
              {
                key: 'lecturers',
                header: t('content.course.lecturers'),
                cell: (row) => row.Lecturers.join(', '),
                priority: 3,
              },
              {
                key: 'items',
                header: t('content.student.items'),
                numeric: true,
                cell: (row) => (
                  <Stack direction="row" sx={{ gap: 1, alignItems: 'center', justifyContent: 'flex-end' }}>
                    {row.Items}
                    {row.New > 0 && (
                      <Chip
                        size="small"
                        color="primary"
                        label={t('content.student.newCount', { count: row.New })}
                      />
                    )}
                  </Stack>
                ),
                priority: 2,
              },
            ]}
            actions={{
              header: t('content.actions'),
              cell: (row) => (
                <Button
                  component={RouterLink}
                  to={coursePath(row.CourseId, row.SessionId)}
                  size="small"
                  variant="contained"
                  aria-label={t('content.student.openCourse', { code: row.Code })}
                >
                  {t('content.open')}
                </Button>
              ),
            }}
          />
        )}
        <SavedOnDevice />
      </Stack>
    </>
  );
}

/** 'Saved on this device': the notes readable offline, each removable. */
export function SavedOnDevice() {
  const t = useT();
  const { notes, remove } = useOfflineNotes();
  return (
    <SectionCard title={t('content.offline.title')}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('content.offline.intro')}
      </Typography>
      {notes === null && <LoadingBlock rows={1} />}
      {notes?.length === 0 && <Typography color="text.secondary">{t('content.offline.none')}</Typography>}
      {notes && notes.length > 0 && (
        <Stack
          component="ul"
          aria-label={t('content.offline.title')}
          sx={{ listStyle: 'none', p: 0, m: 0, gap: 1 }}
        >
          {notes.map((note: OfflineNote) => {
            const name = note.title || t('content.offline.untitled', { id: note.itemId });
            return (
              <Stack
                component="li"
                key={note.itemId}
                direction="row"
                sx={{ alignItems: 'center', gap: 1, minWidth: 0 }}
              >
                <Stack sx={{ flex: 1, minWidth: 0 }}>
                  {note.path ? (
                    <Typography
                      component={RouterLink}
                      to={`${note.path}?lesson=${note.itemId}`}
                      sx={{ overflowWrap: 'anywhere' }}
                    >
                      {name}
                    </Typography>
                  ) : (
                    <Typography sx={{ overflowWrap: 'anywhere' }}>{name}</Typography>
                  )}
                  {note.course && (
                    <Typography variant="caption" color="text.secondary">
                      {note.course}
                    </Typography>
                  )}
                </Stack>
                <IconButton
                  onClick={() => void remove(note.itemId)}
                  aria-label={t('content.offline.remove', { name })}
                >
                  <Delete />
                </IconButton>
              </Stack>
            );
          })}
        </Stack>
      )}
    </SectionCard>
  );
}
