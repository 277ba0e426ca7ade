import { z } from 'zod';
import { pageQuery } from './envelope.js';
import { recordId, recordIdNumber } from './ids.js';

/**
 * Discussions (issue 25): three kinds of board — the learning discussion of an offering (its
 * registered students and its lecturers), the student discussion of a department and level (its
 * students), the general discussion (everyone signed in). A board holds threads of a discussion type
 * (the `discussion-types` registry resource); a thread holds replies. A thread's opening text is its
 * first post. Text is HTML sanitised by the server.
 */

export const DISCUSSION_KINDS = ['learning', 'student', 'general'] as const;
export type DiscussionKind = (typeof DISCUSSION_KINDS)[number];

/** The admin page that moderates each kind (registry/pages.ts). */
export const DISCUSSION_PAGES = {
  learning: 'learningdiscussion',
  student: 'studentdiscussion',
  general: 'generaldiscussion',
} as const satisfies Record<DiscussionKind, string>;

export const DISCUSSION_LIMITS = {
  title: 200,
  /** Characters of a post's HTML before sanitising. */
  body: 20_000,
  /** Characters of a post's HTML as stored, after sanitising (escaping lengthens it; the database's bound). */
  storedBody: 150_000,
  reason: 500,
  /** Minutes after posting in which the author may edit. */
  editMinutes: 15,
  /** Posts (threads and replies) per user per minute. */
  postsPerMinute: 6,
} as const;

export const DISCUSSION_MESSAGES = {
  boardIncomplete: 'Say which discussion: a course offering, or a department and level.',
  notMember: 'You do not take part in this discussion.',
  threadNotFound: 'Discussion thread not found.',
  postNotFound: 'Post not found.',
  locked: 'This thread is locked: no new posts or edits.',
  editWindow: `A post can be edited only within ${DISCUSSION_LIMITS.editMinutes} minutes of posting.`,
  notYourPost: 'You can edit only your own posts.',
  alreadyReported: 'You have already reported this post.',
  reported: 'Thank you: the moderators will look at this post.',
  tooFast: 'You are posting too fast. Wait a minute, then try again.',
  titleRequired: 'Give the thread a title.',
  titleTooLong: `A title has at most ${DISCUSSION_LIMITS.title} characters.`,
  bodyRequired: 'Write something.',
  bodyTooLong: `A post has at most ${DISCUSSION_LIMITS.body} characters.`,
  bodyEmpty: 'Nothing is left of this text once scripts and unsafe parts are removed.',
  reasonRequired: 'Say why you are reporting this post.',
  reasonTooLong: `A reason has at most ${DISCUSSION_LIMITS.reason} characters.`,
  typeUnknown: 'Choose an active discussion type.',
  notModerator: 'Only the moderators of this discussion can do this.',
  answerNotAllowed: 'Only a lecturer of this course (or a moderator) can mark an answer.',
  answerNotReply: 'Mark a reply of this thread as its answer.',
  posted: 'Posted.',
  saved: 'Saved.',
  hidden: 'Hidden: only moderators see it now.',
  restored: 'Restored.',
  lockedDone: 'Thread locked.',
  unlockedDone: 'Thread unlocked.',
  pinnedDone: 'Thread pinned.',
  unpinnedDone: 'Thread unpinned.',
  answerMarked: 'Marked as the answer.',
  answerCleared: 'No reply is marked as the answer now.',
} as const;

// ───────────────────────────── paths ─────────────────────────────

type Id = number | string;

/** The student's page (a type-5 notification opens it). */
export const DISCUSSION_STUDENT_PAGE = '/student/discussion';

export const DISCUSSIONS_API = {
  /** GET → the boards the caller takes part in (students: their offerings', their own, the general). */
  boards: '/api/discussions/boards',
  /** GET DiscussionBoardQuery → a board's threads, paged; POST NewThreadInput → a new thread. */
  threads: '/api/discussions/threads',
  /** GET ?page&pageSize → the thread with its replies, paged (oldest first). */
  thread: (threadId: Id) => `/api/discussions/threads/${threadId}`,
  /** POST { Body } → a reply. */
  replies: (threadId: Id) => `/api/discussions/threads/${threadId}/replies`,
  /** POST { PostId } (null clears) → the reply marked as the answer. */
  answer: (threadId: Id) => `/api/discussions/threads/${threadId}/answer`,
  /** PUT { Body, Title? } → the author's edit, within 15 minutes. */
  post: (postId: Id) => `/api/discussions/posts/${postId}`,
  /** POST { Reason } → reported (once per user per post). */
  report: (postId: Id) => `/api/discussions/posts/${postId}/report`,
  // moderators (the kind's admin page; a learning discussion's lecturers)
  // The offerings whose learning discussion the caller moderates: OFFERINGS_API.staff(DISCUSSION_PAGES.learning).
  /** GET DiscussionBoardQuery → the board's reported posts, most reported first. */
  reports: '/api/admin/discussions/reports',
  hide: (postId: Id) => `/api/admin/discussions/posts/${postId}/hide`,
  restore: (postId: Id) => `/api/admin/discussions/posts/${postId}/restore`,
  /** POST { Value } */
  lock: (threadId: Id) => `/api/admin/discussions/threads/${threadId}/lock`,
  /** POST { Value } */
  pin: (threadId: Id) => `/api/admin/discussions/threads/${threadId}/pin`,
} as const;

// ───────────────────────────── inputs ─────────────────────────────

/**
 * Which board: `learning` with courseId and sessionId; `student` with departmentId and levelId (a
 * student's own is used whatever is sent); `general` alone.
 */
export const discussionBoardQuery = pageQuery.extend({
  kind: z.enum(DISCUSSION_KINDS),
  courseId: recordId.optional(),
  sessionId: recordId.optional(),
  departmentId: recordId.optional(),
  levelId: recordId.optional(),
});
export type DiscussionBoardQuery = z.input<typeof discussionBoardQuery>;

const body = z
  .string({ error: DISCUSSION_MESSAGES.bodyRequired })
  .trim()
  .min(1, DISCUSSION_MESSAGES.bodyRequired)
  .max(DISCUSSION_LIMITS.body, DISCUSSION_MESSAGES.bodyTooLong);

const title = z
  .string({ error: DISCUSSION_MESSAGES.titleRequired })
  .trim()
  .min(1, DISCUSSION_MESSAGES.titleRequired)
  .max(DISCUSSION_LIMITS.title, DISCUSSION_MESSAGES.titleTooLong);

export const newThreadInput = z.object({
  Kind: z.enum(DISCUSSION_KINDS),
  CourseId: recordIdNumber.optional(),
  SessionId: recordIdNumber.optional(),
  DepartmentId: recordIdNumber.optional(),
  LevelId: recordIdNumber.optional(),
  TypeId: recordIdNumber,
  Title: title,
  Body: body,
});
export type NewThreadInput = z.infer<typeof newThreadInput>;

export const replyInput = z.object({ Body: body });
export type ReplyInput = z.infer<typeof replyInput>;

/** An edit; Title only for a thread's opening post. */
export const editPostInput = z.object({ Body: body, Title: title.optional() });
export type EditPostInput = z.infer<typeof editPostInput>;

export const reportInput = z.object({
  Reason: z
    .string({ error: DISCUSSION_MESSAGES.reasonRequired })
    .trim()
    .min(1, DISCUSSION_MESSAGES.reasonRequired)
    .max(DISCUSSION_LIMITS.reason, DISCUSSION_MESSAGES.reasonTooLong),
});
export type ReportInput = z.infer<typeof reportInput>;

export const answerInput = z.object({ PostId: recordIdNumber.nullable() });
export const flagInput = z.object({ Value: z.boolean() });

// ───────────────────────────── answers ─────────────────────────────

export const discussionAuthor = z.object({
  Kind: z.enum(['Student', 'Admin']),
  Id: z.number().int(),
  Name: z.string(),
});

export const discussionPost = z.object({
  Id: z.number().int(),
  ThreadId: z.number().int(),
  Opening: z.boolean(),
  /** Sanitised HTML; empty when hidden and the caller is no moderator. */
  Body: z.string(),
  Author: discussionAuthor,
  Hidden: z.boolean(),
  CreatedAt: z.string(),
  EditedAt: z.string().nullable(),
  /** The caller wrote it. */
  Mine: z.boolean(),
  /** The caller wrote it and the 15 minutes are not over. */
  CanEdit: z.boolean(),
  /** How many reported it (moderators only; 0 otherwise). */
  Reports: z.number().int(),
  /** The caller reported it already. */
  ReportedByMe: z.boolean(),
});
export type DiscussionPost = z.infer<typeof discussionPost>;

export const discussionThread = z.object({
  Id: z.number().int(),
  Kind: z.enum(DISCUSSION_KINDS),
  Title: z.string(),
  Type: z.string(),
  TypeId: z.number().int(),
  Author: discussionAuthor,
  Pinned: z.boolean(),
  Locked: z.boolean(),
  Hidden: z.boolean(),
  AnswerPostId: z.number().int().nullable(),
  Replies: z.number().int(),
  CreatedAt: z.string(),
  LastActivityAt: z.string(),
});
export type DiscussionThread = z.infer<typeof discussionThread>;

export const discussionType = z.object({ Id: z.number().int(), Name: z.string() });

export const discussionThreadsResponse = z.object({
  Status: z.string(),
  Data: z.array(discussionThread),
  Page: z.number().int(),
  PageSize: z.number().int(),
  Total: z.number().int(),
  /** The active discussion types a new thread chooses from. */
  Types: z.array(discussionType),
  CanModerate: z.boolean(),
});
export type DiscussionThreadsResponse = z.infer<typeof discussionThreadsResponse>;

export const discussionThreadResponse = z.object({
  Status: z.string(),
  Data: discussionThread.extend({
    Opening: discussionPost,
    Replies: z.array(discussionPost),
    ReplyPage: z.number().int(),
    ReplyPageSize: z.number().int(),
    ReplyTotal: z.number().int(),
    CanModerate: z.boolean(),
    CanMarkAnswer: z.boolean(),
  }),
});
export type DiscussionThreadDetail = z.infer<typeof discussionThreadResponse>['Data'];

export const discussionBoard = z.object({
  Kind: z.enum(DISCUSSION_KINDS),
  CourseId: z.number().int().nullable(),
  SessionId: z.number().int().nullable(),
  DepartmentId: z.number().int().nullable(),
  LevelId: z.number().int().nullable(),
  /** CSC 101 · Introduction to Computing; Computer Science · 100 Level; empty for the general. */
  Name: z.string(),
});
export type DiscussionBoard = z.infer<typeof discussionBoard>;
export const discussionBoardsResponse = z.object({ Status: z.string(), Data: z.array(discussionBoard) });

export const discussionReport = z.object({
  PostId: z.number().int(),
  ThreadId: z.number().int(),
  ThreadTitle: z.string(),
  Excerpt: z.string(),
  Author: z.string(),
  Hidden: z.boolean(),
  Reports: z.number().int(),
  Reasons: z.array(z.string()),
  LastReportedAt: z.string(),
});
export type DiscussionReport = z.infer<typeof discussionReport>;
export const discussionReportsResponse = z.object({
  Status: z.string(),
  Data: z.array(discussionReport),
  Page: z.number().int(),
  PageSize: z.number().int(),
  Total: z.number().int(),
});

export const discussionPostResponse = z.object({
  Status: z.string(),
  Message: z.string(),
  Data: discussionPost,
});
export const discussionThreadCreated = z.object({
  Status: z.string(),
  Message: z.string(),
  Data: discussionThread,
});
export const discussionOkResponse = z.object({ Status: z.string(), Message: z.string() });
