import { ADMIN_MESSAGES } from './admin.js';
import { ANNOUNCEMENT_MESSAGES, BROADCAST_MESSAGES } from './announcements.js';
import { APPLICANT_MESSAGES, OLEVEL_MESSAGES } from './applicant.js';
import { ASSIGNMENT_MESSAGES } from './assignments.js';
import { AUTH_MESSAGES } from './auth.js';
import { BURSARY_MESSAGES } from './bursary.js';
import { CBT_MESSAGES } from './cbt.js';
import { CONTENT_MESSAGES } from './content.js';
import { LIST_MESSAGES } from './envelope.js';
import { DISCUSSION_MESSAGES } from './discussions.js';
import { COURSE_REGISTRATION_MESSAGES } from './courses.js';
import { HOSTEL_MESSAGES } from './hostels.js';
import { LIVE_CLASS_MESSAGES } from './liveclasses.js';
import { NOTIFICATION_MESSAGES } from './notifications.js';
import { OFFERING_MESSAGES } from './offerings.js';
import { englishCatalogue, messageIndex, type MessageDeclarations } from './messages.js';
import { PAYMENT_MESSAGES, SCHOOL_FEES_MESSAGES } from './payments.js';
import { RECORDS_MESSAGES } from './records.js';
import { RESULT_MESSAGES } from './results.js';
import { SCHOOL_MESSAGES } from './school.js';
import { STUDENT_MESSAGES } from './students.js';
import { UPLOAD_MESSAGES } from './uploads.js';

/** The envelope's own messages, for failures no module words itself. */
export const COMMON_MESSAGES = {
  notFound: 'Record not found.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  forbidden: 'You are not allowed to do this.',
  invalid: 'Invalid input.',
  unexpected: 'An error occurred.',
} as const;

/**
 * Every message the server declares, by namespace: `hostel.closed` is `HOSTEL_MESSAGES.closed`.
 * A namespace is part of each id the web's catalogues translate, so it never changes once given.
 */
export const SERVER_MESSAGES = {
  common: COMMON_MESSAGES,
  auth: AUTH_MESSAGES,
  applicant: APPLICANT_MESSAGES,
  olevel: OLEVEL_MESSAGES,
  admin: ADMIN_MESSAGES,
  payment: PAYMENT_MESSAGES,
  schoolFees: SCHOOL_FEES_MESSAGES,
  bursary: BURSARY_MESSAGES,
  student: STUDENT_MESSAGES,
  records: RECORDS_MESSAGES,
  courseRegistration: COURSE_REGISTRATION_MESSAGES,
  result: RESULT_MESSAGES,
  hostel: HOSTEL_MESSAGES,
  offering: OFFERING_MESSAGES,
  content: CONTENT_MESSAGES,
  notification: NOTIFICATION_MESSAGES,
  upload: UPLOAD_MESSAGES,
  announcement: ANNOUNCEMENT_MESSAGES,
  broadcast: BROADCAST_MESSAGES,
  discussion: DISCUSSION_MESSAGES,
  assignment: ASSIGNMENT_MESSAGES,
  liveClass: LIVE_CLASS_MESSAGES,
  cbt: CBT_MESSAGES,
  list: LIST_MESSAGES,
  school: SCHOOL_MESSAGES,
} satisfies MessageDeclarations;

/** The declared message an English text was made from, with its values; undefined for any other text. */
export const serverMessageRef = messageIndex(SERVER_MESSAGES);

/** Every server message id with its English (ICU) text. */
export const serverMessagesEnglish = () => englishCatalogue(SERVER_MESSAGES);
