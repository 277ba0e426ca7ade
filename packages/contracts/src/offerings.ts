/**
 * A course offering (a course in an academic session) is where the classroom lives: its content,
 * assignments, discussion, live classes and exams. Who may act on one is decided once, by the
 * offerings module: its lecturers (CourseLecturers) and an admin holding the page of the feature who
 * lectures nothing; students whose approved registration holds the course.
 */
export const OFFERING_MESSAGES = {
  offeringNotFound: 'This course has no offering in that session.',
  notLecturer:
    'Only the lecturers of this course in this session (or an admin with this page who lectures no course) can do this.',
  notEnrolled: 'You are not registered for this course in this session.',
} as const;
