/**
 * The service worker's caches (vite.config.ts declares what goes in them; the lecture-notes pages
 * read and empty them through Cache Storage). Declared once, for both.
 */
export const CACHE_NAMES = {
  /** The documents a student opened: /api/student/content/items/:id/file, whole, keyed by that URL. */
  documents: 'portal-content-documents',
  /** The lists of contents of the student's courses they opened (their offline table of contents). */
  lists: 'portal-content-lists',
  /** Hashed build files of pages opened while online, beyond the precached shell. */
  assets: 'portal-assets',
} as const;

/** The service worker's file under /portal/ (its scope). */
export const SW_FILE = 'sw.js';

/** The address of a stored document a student reads, as the service worker caches it. */
export const contentFilePath = (itemId: number) => `/api/student/content/items/${itemId}/file`;
