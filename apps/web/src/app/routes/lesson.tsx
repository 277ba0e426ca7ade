import Box from '@mui/material/Box';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { MessagesBoundary } from '../../components/MessagesBoundary';
import { LoadingBlock } from '../../components/LoadState';
import CoursePlayerScreen from '../../features/content/components/CoursePlayerScreen';
import { RequireStudentPage } from '../../features/student/components/RequireStudentPage';
import UnauthorizedScreen from '../../features/student/components/UnauthorizedScreen';
import { useMarkReadOnVisit } from '../shell/notificationsRead';

/**
 * /student/lecturenote/:courseId/:sessionId, a lesson page: the course player full screen under a
 * light header of its own (the course and a way back to the lecture notes, CoursePlayerScreen),
 * not inside the student area's frame (sidebar, menus, bell: the student.tsx chunk), which a lesson
 * would download for nothing (issue 24: a lesson page ≤ 150 KiB over the wire). Its own lazy chunk
 * (AppRoutes, chunks.config.ts: the `lesson` family), behind the same gates as the area's pages:
 * signed in as a student (RequireUser) and the page in the student's RoleData ('lecturenote').
 * Opening it marks the lecture notes' notifications read, as any lecture-notes page in the shell does.
 */
export default function StudentLessonRoute() {
  useMarkReadOnVisit('lectureNotes');
  // Its own error boundary, as each page in the area's frame has: a lesson that fails does not stay
  // failed on the student's next page (the route table's boundary is the whole /student area's).
  return (
    <ErrorBoundary>
      <RequireStudentPage
        page="lecturenote"
        unauthorized={
          // The area's 'Not available to you', with the area's strings (downloaded only then).
          <Box sx={{ p: { xs: 2, sm: 3 } }}>
            <MessagesBoundary namespace="student" fallback={<LoadingBlock />}>
              <UnauthorizedScreen />
            </MessagesBoundary>
          </Box>
        }
      >
        <CoursePlayerScreen />
      </RequireStudentPage>
    </ErrorBoundary>
  );
}
