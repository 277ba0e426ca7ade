import { z } from 'zod';
import { recordId, recordIdNumber } from './ids.js';
import { template, textArg } from './messages.js';
import { offeringSummary } from './offerings.js';

/**
 * Course content (issue 24): an offering (a course in a session; its semester is the course's own
 * term) has ordered sections, each with ordered items — a document, a video (an uploaded file or a
 * link to a declared video host), a text page (HTML sanitised by the server) or a link. Authors are
 * the offering's course lecturers (CourseLecturers) and admins holding `managecontent`; students
 * registered for the course that session read the published items. An offering is addressed by
 * `courseId` and `sessionId` everywhere.
 */

/** The pages content is guarded by: the admin page of authors and the /app page of reviewers. */
export const CONTENT_PAGES = {
  /** /admin/managecontent: an admin holding it may author any offering; lecturers author their own. */
  manage: 'managecontent',
  /** /app/content-review: the review queue (approve or return with a comment). */
  review: 'content-review',
} as const;

export const CONTENT_ITEM_KINDS = ['document', 'video', 'text', 'link'] as const;
export type ContentItemKind = (typeof CONTENT_ITEM_KINDS)[number];

/**
 * An item's state: `draft` until published; publishing makes it `published`, or `pending_review`
 * where the school's setting says content needs review; a reviewer approves (`published`) or returns
 * it with a comment (`returned`, the lecturer edits and publishes again); unpublishing → `draft`.
 */
export const CONTENT_ITEM_STATES = ['draft', 'pending_review', 'published', 'returned'] as const;
export type ContentItemState = (typeof CONTENT_ITEM_STATES)[number];

/** The hosts a video link may point at (and their subdomains, e.g. www., m., player.). Declared once. */
export const VIDEO_LINK_HOSTS = ['youtube.com', 'youtu.be', 'youtube-nocookie.com', 'vimeo.com'] as const;

/** Bounds of the inputs. */
export const CONTENT_LIMITS = {
  title: 200,
  url: 2000,
  /** Characters of a text page's HTML, before sanitising. */
  html: 200_000,
  comment: 2000,
  /** Ids in one reorder request. */
  reorder: 500,
  /** Seconds a video position may name (24 h). */
  position: 86_400,
} as const;

export const CONTENT_MESSAGES = {
  sectionNotFound: 'Section not found.',
  itemNotFound: 'Content item not found.',
  reorderNotAll: 'List every section of this course once, in the new order.',
  reorderItemsNotAll: 'List every item of this section once, in the new order.',
  reorderForeign: template('These ids do not belong to this course offering: {ids}.', textArg('ids')),
  reorderRepeated: 'An id is listed twice.',
  titleRequired: 'Give a title.',
  titleTooLong: `A title has at most ${CONTENT_LIMITS.title} characters.`,
  urlInvalid: 'Give a full web address starting with http:// or https://.',
  videoHost: template(
    '{host} is not a video host this portal plays. Use a link to {hosts}, or upload the video.',
    textArg('host'),
    textArg('hosts'),
  ),
  videoSource: 'A video is either an uploaded file or a link, not both and not neither.',
  fileRequired: 'Upload the file first.',
  htmlRequired: 'Write the text of the page.',
  htmlTooLong: `A text page has at most ${CONTENT_LIMITS.html} characters.`,
  kindChange: 'An item’s kind cannot change; add a new item instead.',
  published: 'Published: students registered for the course can see it.',
  submitted: 'Sent for review: students see it once a reviewer approves it.',
  unpublished: 'Unpublished: students no longer see it.',
  approved: 'Approved and published.',
  returned: 'Returned to the lecturer with your comment.',
  notPending: 'This item is not waiting for review.',
  commentRequired: 'Say what should change.',
  sectionPublished: 'The section is published.',
  sectionUnpublished: 'The section is unpublished: students no longer see it.',
  sectionNotEmpty: 'Delete or move the items of this section first.',
  deleted: 'Deleted.',
  saved: 'Saved.',
  noFile: 'This item has no file.',
  progressEmpty: 'Say what happened: opened, completed or a position.',
} as const;

/** Subdomain-aware check: is this host one of VIDEO_LINK_HOSTS (or under one)? */
export function isVideoHost(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return VIDEO_LINK_HOSTS.some((allowed) => h === allowed || h.endsWith(`.${allowed}`));
}

/** The problem with a video link, in words; null when it may be used. */
export function videoLinkProblem(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return CONTENT_MESSAGES.urlInvalid;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return CONTENT_MESSAGES.urlInvalid;
  if (!isVideoHost(parsed.hostname))
    return CONTENT_MESSAGES.videoHost(parsed.hostname, VIDEO_LINK_HOSTS.join(', '));
  return null;
}

// ───────────────────────────── paths ─────────────────────────────

/** The web pages content links to (a notification's link opens the student's one). */
export const CONTENT_STUDENT_PAGE = (courseId: number | string, sessionId: number | string) =>
  `/student/lecturenote/${courseId}/${sessionId}`;
export const CONTENT_PREVIEW_PAGE = (courseId: number | string, sessionId: number | string) =>
  `/admin/managecontent/${courseId}/${sessionId}/preview`;

/**
 * The query a file URL (`FileUrl` in answers) carries: a link signed for the caller and the item,
 * valid for an hour or two, so a `<video>` or pdf.js reads it by ranges without an Authorization
 * header. Without it the file routes take the caller's bearer token as usual.
 */
export const contentFileQuery = z.object({
  u: z.string().max(40).optional(),
  exp: z.coerce.number().int().min(0).max(99_999_999_999).optional(),
  sig: z.string().max(100).optional(),
});

// The API's paths (CONTENT_API) are in content-api.ts, which imports nothing: a page that only calls
// the API does not take this module's messages and checks with them.

// ───────────────────────────── inputs ─────────────────────────────

export const offeringParams = z.object({ courseId: recordId, sessionId: recordId });
export type OfferingParams = z.infer<typeof offeringParams>;

const title = z
  .string({ error: CONTENT_MESSAGES.titleRequired })
  .trim()
  .min(1, CONTENT_MESSAGES.titleRequired)
  .max(CONTENT_LIMITS.title, CONTENT_MESSAGES.titleTooLong);

const httpUrl = z
  .string({ error: CONTENT_MESSAGES.urlInvalid })
  .trim()
  .max(CONTENT_LIMITS.url, CONTENT_MESSAGES.urlInvalid)
  .refine((value) => {
    try {
      const u = new URL(value);
      return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0;
    } catch {
      return false;
    }
  }, CONTENT_MESSAGES.urlInvalid);

/** A finished upload's id (uploads' tus upload), claimed by the item. */
const uploadId = z.uuid('uploadId is the id of a finished upload.');

export const sectionInput = z.object({ Title: title });
export type SectionInput = z.infer<typeof sectionInput>;

export const reorderInput = z.object({
  ids: z
    .array(recordIdNumber)
    .min(1)
    .max(CONTENT_LIMITS.reorder)
    .refine((ids) => new Set(ids).size === ids.length, CONTENT_MESSAGES.reorderRepeated),
});
export type ReorderInput = z.infer<typeof reorderInput>;

/**
 * An item to create or change. A document needs `UploadId` when created (on a change, one replaces
 * the file); a video takes an upload or a `Url` of a declared host; a text page's `Html` is sanitised
 * by the server (scripts, event handlers and javascript: links removed).
 */
export const contentItemInput = z.discriminatedUnion('Kind', [
  z.object({ Kind: z.literal('document'), Title: title, UploadId: uploadId.optional() }),
  z
    .object({
      Kind: z.literal('video'),
      Title: title,
      UploadId: uploadId.optional(),
      Url: httpUrl.optional(),
    })
    .superRefine((value, ctx) => {
      if (value.UploadId && value.Url)
        ctx.addIssue({ code: 'custom', message: CONTENT_MESSAGES.videoSource, path: ['Url'] });
      if (value.Url) {
        const problem = videoLinkProblem(value.Url);
        if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['Url'] });
      }
    }),
  z.object({
    Kind: z.literal('text'),
    Title: title,
    Html: z
      .string({ error: CONTENT_MESSAGES.htmlRequired })
      .min(1, CONTENT_MESSAGES.htmlRequired)
      .max(CONTENT_LIMITS.html, CONTENT_MESSAGES.htmlTooLong),
  }),
  z.object({ Kind: z.literal('link'), Title: title, Url: httpUrl }),
]);
export type ContentItemInput = z.infer<typeof contentItemInput>;

export const reviewReturnInput = z.object({
  Comment: z
    .string({ error: CONTENT_MESSAGES.commentRequired })
    .trim()
    .min(1, CONTENT_MESSAGES.commentRequired)
    .max(CONTENT_LIMITS.comment),
});
export type ReviewReturnInput = z.infer<typeof reviewReturnInput>;

/** One of: the item was opened; it was completed (a video ended, a document read); where the player stopped. */
export const contentProgressInput = z
  .object({
    Opened: z.literal(true).optional(),
    Completed: z.literal(true).optional(),
    PositionSeconds: z.number().min(0).max(CONTENT_LIMITS.position).optional(),
  })
  .refine(
    (v) => v.Opened !== undefined || v.Completed !== undefined || v.PositionSeconds !== undefined,
    CONTENT_MESSAGES.progressEmpty,
  );
export type ContentProgressInput = z.infer<typeof contentProgressInput>;

export const courseContentQuery = z.object({ sessionId: recordId.optional() });

// ───────────────────────────── answers ─────────────────────────────

export const contentFile = z.object({
  Name: z.string(),
  Mime: z.string(),
  Size: z.number().int(),
  /** pdf, pptx, ppt, docx, doc, mp4, webm (UPLOAD_KINDS). */
  Kind: z.string(),
});
export type ContentFile = z.infer<typeof contentFile>;

/** An item as its authors see it. */
export const contentItem = z.object({
  Id: z.number().int(),
  SectionId: z.number().int(),
  Position: z.number().int(),
  Kind: z.enum(CONTENT_ITEM_KINDS),
  Title: z.string(),
  State: z.enum(CONTENT_ITEM_STATES),
  /** The reviewer's comment when returned. */
  ReviewComment: z.string().nullable(),
  /** link and video-by-link items. */
  Url: z.string().nullable(),
  /** text items: the sanitised HTML. */
  Html: z.string().nullable(),
  File: contentFile.nullable(),
  /** Where the file is served to staff (CONTENT_API.itemFile). */
  FileUrl: z.string().nullable(),
  PublishedAt: z.string().nullable(),
  UpdatedAt: z.string(),
});
export type ContentItem = z.infer<typeof contentItem>;

export const contentSection = z.object({
  Id: z.number().int(),
  Title: z.string(),
  Position: z.number().int(),
  Published: z.boolean(),
  Items: z.array(contentItem),
});
export type ContentSection = z.infer<typeof contentSection>;

/** An offering as content's authors see it: with its items' counts by state. */
export const contentOffering = offeringSummary.extend({
  Items: z.number().int(),
  Published: z.number().int(),
  PendingReview: z.number().int(),
  Returned: z.number().int(),
});
export type ContentOffering = z.infer<typeof contentOffering>;

export const contentOfferingDetail = contentOffering.extend({
  /** The school's setting: publishing sends items for review first. */
  NeedsReview: z.boolean(),
  Sections: z.array(contentSection),
});
export type ContentOfferingDetail = z.infer<typeof contentOfferingDetail>;
export const contentOfferingResponse = z.object({
  Status: z.string(),
  Message: z.string().optional(),
  Data: contentOfferingDetail,
});

export const contentSectionResponse = z.object({
  Status: z.string(),
  Message: z.string(),
  Data: contentSection,
});
export const contentItemResponse = z.object({ Status: z.string(), Message: z.string(), Data: contentItem });
export const contentOkResponse = z.object({ Status: z.string(), Message: z.string() });

/** A lesson as the player and the student's page show it. */
export const contentLesson = z.object({
  Id: z.number().int(),
  SectionId: z.number().int(),
  Kind: z.enum(CONTENT_ITEM_KINDS),
  Title: z.string(),
  Url: z.string().nullable(),
  Html: z.string().nullable(),
  File: contentFile.nullable(),
  /** CONTENT_API.studentItemFile (students) or itemFile (staff preview). */
  FileUrl: z.string().nullable(),
  PublishedAt: z.string().nullable(),
  /** The caller's progress (always false / 0 / null in the staff preview). */
  Opened: z.boolean(),
  Completed: z.boolean(),
  PositionSeconds: z.number().nullable(),
  /** Published since the student's previous visit of the offering. */
  IsNew: z.boolean(),
});
export type ContentLesson = z.infer<typeof contentLesson>;

export const studentContent = z.object({
  CourseId: z.number().int(),
  SessionId: z.number().int(),
  Code: z.string(),
  Title: z.string(),
  Lecturers: z.array(z.string()),
  /** The previous visit (before this one); null on the first. */
  LastVisitedAt: z.string().nullable(),
  VideosCompleted: z.boolean(),
  Sections: z.array(z.object({ Id: z.number().int(), Title: z.string(), Items: z.array(contentLesson) })),
});
export type StudentContent = z.infer<typeof studentContent>;
export const studentContentResponse = z.object({ Status: z.string(), Data: studentContent });

export const studentOffering = z.object({
  CourseId: z.number().int(),
  SessionId: z.number().int(),
  Code: z.string(),
  Title: z.string(),
  Units: z.number().int(),
  Lecturers: z.array(z.string()),
  /** Published items the student can see. */
  Items: z.number().int(),
  /** Of those, published since the last visit (all, before the first visit). */
  New: z.number().int(),
  Completed: z.number().int(),
  LastVisitedAt: z.string().nullable(),
});
export type StudentOffering = z.infer<typeof studentOffering>;
export const studentOfferingsResponse = z.object({
  Status: z.string(),
  Data: z.array(studentOffering),
  /** The semester listed ('2024/2025 First'); null when no semester is current. */
  Semester: z.string().nullable(),
});
export type StudentOfferingsResponse = z.infer<typeof studentOfferingsResponse>;

export const contentProgressResponse = z.object({
  Status: z.string(),
  Data: z.object({
    Opened: z.boolean(),
    Completed: z.boolean(),
    PositionSeconds: z.number().nullable(),
  }),
});

/** A review queue entry: the item with its offering. */
export const contentReviewEntry = z.object({
  Item: contentItem,
  Section: z.string(),
  CourseId: z.number().int(),
  SessionId: z.number().int(),
  Code: z.string(),
  CourseTitle: z.string(),
  Session: z.string(),
  Lecturers: z.array(z.string()),
  SubmittedAt: z.string(),
  SubmittedBy: z.string(),
});
export type ContentReviewEntry = z.infer<typeof contentReviewEntry>;
export const contentReviewsResponse = z.object({
  Status: z.string(),
  Data: z.array(contentReviewEntry),
  Page: z.number().int(),
  PageSize: z.number().int(),
  Total: z.number().int(),
});

export const contentItemProgress = z.object({
  ItemId: z.number().int(),
  SectionId: z.number().int(),
  Section: z.string(),
  Kind: z.enum(CONTENT_ITEM_KINDS),
  Title: z.string(),
  State: z.enum(CONTENT_ITEM_STATES),
  Opened: z.number().int(),
  Completed: z.number().int(),
});
export type ContentItemProgress = z.infer<typeof contentItemProgress>;
export const contentProgressByItemResponse = z.object({
  Status: z.string(),
  Data: z.object({ Enrolled: z.number().int(), Items: z.array(contentItemProgress) }),
});

export const contentStudentProgress = z.object({
  StudentId: z.number().int(),
  MatricNo: z.string(),
  Name: z.string(),
  Opened: z.number().int(),
  Completed: z.number().int(),
  /** Published items of the offering. */
  Total: z.number().int(),
  VideosCompleted: z.boolean(),
  LastOpenedAt: z.string().nullable(),
});
export type ContentStudentProgress = z.infer<typeof contentStudentProgress>;
export const contentStudentProgressResponse = z.object({
  Status: z.string(),
  Data: z.array(contentStudentProgress),
  Page: z.number().int(),
  PageSize: z.number().int(),
  Total: z.number().int(),
});

/** The spec's course preview (§3, §7): `GET api/Admin/GetCourseContentAsync/{id}` → { data, state, msg }. */
export const courseContentSpecItem = z.object({
  contentId: z.number().int(),
  topic: z.string(),
  contentType: z.enum(CONTENT_ITEM_KINDS),
  /** The file's URL (documents, uploaded videos), the link (links, video links); null for a text page. */
  contentURL: z.string().nullable(),
  /** A text page's sanitised HTML (null for the other kinds). */
  content: z.string().nullable(),
  state: z.enum(CONTENT_ITEM_STATES),
});
export const courseContentSpec = z.object({
  data: z
    .object({
      contentData: z.array(
        z.object({
          sectionId: z.number().int(),
          title: z.string(),
          sectionContent: z.array(courseContentSpecItem),
        }),
      ),
      /** The lecturer who wrote the content (else the offering's lead lecturer). */
      firstName: z.string(),
      surname: z.string(),
      courseCode: z.string(),
      courseTitle: z.string(),
    })
    .nullable(),
  /** true when data carries the content. */
  state: z.boolean(),
  msg: z.string(),
});
export type CourseContentSpec = z.infer<typeof courseContentSpec>;
