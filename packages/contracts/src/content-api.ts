/**
 * Course content's API paths (see content.ts). This module imports nothing, so a web page that only
 * calls the API (the student's lesson page) does not download content.ts's messages and checks.
 */

type Id = number | string;

/** The API's paths, for the web client. Offerings are `courseId/sessionId`. */
export const CONTENT_API = {
  // staff (lecturers of the offering; admins with managecontent)
  // The list of the caller's offerings: OFFERINGS_API.staff(CONTENT_PAGES.manage).
  /** GET → the offering with its sections and items in every state. */
  offering: (courseId: Id, sessionId: Id) => `/api/admin/content/offerings/${courseId}/${sessionId}`,
  /** GET → the staff preview: every item in order, in the student's lesson shape. */
  preview: (courseId: Id, sessionId: Id) => `/api/admin/content/offerings/${courseId}/${sessionId}/preview`,
  /** POST { Title } → a new section at the end. */
  sections: (courseId: Id, sessionId: Id) => `/api/admin/content/offerings/${courseId}/${sessionId}/sections`,
  /** PUT { ids } → the offering's sections in this order (every one, once). */
  sectionOrder: (courseId: Id, sessionId: Id) =>
    `/api/admin/content/offerings/${courseId}/${sessionId}/sections/order`,
  /** PUT { Title } / DELETE (an empty section). */
  section: (sectionId: Id) => `/api/admin/content/sections/${sectionId}`,
  sectionPublish: (sectionId: Id) => `/api/admin/content/sections/${sectionId}/publish`,
  sectionUnpublish: (sectionId: Id) => `/api/admin/content/sections/${sectionId}/unpublish`,
  /** POST ContentItemInput → a new draft item at the end of the section. */
  items: (sectionId: Id) => `/api/admin/content/sections/${sectionId}/items`,
  /** PUT { ids } → the section's items in this order (every one, once). */
  itemOrder: (sectionId: Id) => `/api/admin/content/sections/${sectionId}/items/order`,
  /** PUT ContentItemInput (same kind) / DELETE. */
  item: (itemId: Id) => `/api/admin/content/items/${itemId}`,
  /** POST → published, or pending_review where the school reviews content. */
  itemPublish: (itemId: Id) => `/api/admin/content/items/${itemId}/publish`,
  itemUnpublish: (itemId: Id) => `/api/admin/content/items/${itemId}/unpublish`,
  /** GET (ranges) → the item's file, for its authors and reviewers. */
  itemFile: (itemId: Id) => `/api/admin/content/items/${itemId}/file`,
  /** GET → per item: opened and completed counts over the enrolled. */
  progress: (courseId: Id, sessionId: Id) => `/api/admin/content/offerings/${courseId}/${sessionId}/progress`,
  /** GET ?page&pageSize&search → per student: items opened and completed. */
  studentProgress: (courseId: Id, sessionId: Id) =>
    `/api/admin/content/offerings/${courseId}/${sessionId}/progress/students`,
  /** GET → the per-student progress as CSV. */
  progressCsv: (courseId: Id, sessionId: Id) =>
    `/api/admin/content/offerings/${courseId}/${sessionId}/progress.csv`,
  // review (content-review)
  /** GET ?page&pageSize → items waiting for review, oldest first. */
  reviews: '/api/admin/content/reviews',
  reviewApprove: (itemId: Id) => `/api/admin/content/reviews/${itemId}/approve`,
  /** POST { Comment } */
  reviewReturn: (itemId: Id) => `/api/admin/content/reviews/${itemId}/return`,
  // the spec's call (§7): {id} is the course id; ?sessionId= (default: the current session)
  courseContent: (courseId: Id) => `/api/Admin/GetCourseContentAsync/${courseId}`,
  // students (registered for the course that session)
  /** GET → the offerings of the caller's registration this semester, with counts of what is new. */
  studentOfferings: '/api/student/content',
  /** GET → published sections and items with the caller's progress; records the visit. */
  studentOffering: (courseId: Id, sessionId: Id) => `/api/student/content/${courseId}/${sessionId}`,
  /** GET (ranges) → an item's file. */
  studentItemFile: (itemId: Id) => `/api/student/content/items/${itemId}/file`,
  /** POST ContentProgressInput */
  studentItemProgress: (itemId: Id) => `/api/student/content/items/${itemId}/progress`,
  /** POST → videosCompleted: the last lesson of the offering ended. */
  studentVideosCompleted: (courseId: Id, sessionId: Id) =>
    `/api/student/content/${courseId}/${sessionId}/videos-completed`,
} as const;
