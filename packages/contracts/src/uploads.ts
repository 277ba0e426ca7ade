import { z } from 'zod';
import { countArg, template, textArg } from './messages.js';

/**
 * Resumable uploads (issue 24): the tus protocol (https://tus.io) at `UPLOAD_TUS_PATH`, for signed-in
 * staff. A client creates an upload (POST, `Upload-Length` and `Upload-Metadata` with `filename` and
 * `purpose`), sends its bytes with PATCH from the offset HEAD reports, and gets the finished upload's
 * `UploadInfo` in the last PATCH's answer. The file is checked by its content when it is complete;
 * a module that stores it (content items) then claims it once by its id (`uploadId`).
 */

/** Where the tus server listens; an upload's URL is `${UPLOAD_TUS_PATH}/<uuid>`. */
export const UPLOAD_TUS_PATH = '/api/uploads/tus';

/** The tus protocol version the server speaks (the `Tus-Resumable` header). */
export const TUS_VERSION = '1.0.0';

/** An upload's details: `GET ${UPLOAD_INFO_PATH}/<id>` (its owner only). */
export const UPLOAD_INFO_PATH = '/api/uploads';

/** The `Upload-Metadata` keys the server reads. */
export const UPLOAD_METADATA = { fileName: 'filename', purpose: 'purpose' } as const;

/** The answer header that carries the finished upload's id (also the last segment of its URL). */
export const UPLOAD_ID_HEADER = 'Upload-Id';

/** The kinds of file an upload may be, told by its content (magic bytes), never by its name. */
export const STORED_FILE_KINDS = ['pdf', 'pptx', 'ppt', 'docx', 'doc', 'mp4', 'webm'] as const;
export type StoredFileKind = (typeof STORED_FILE_KINDS)[number];

/** How each kind is named to a person. */
export const UPLOAD_KIND_LABELS: Readonly<Record<StoredFileKind, string>> = {
  pdf: 'PDF',
  pptx: 'PowerPoint (.pptx)',
  ppt: 'PowerPoint (.ppt)',
  docx: 'Word (.docx)',
  doc: 'Word (.doc)',
  mp4: 'MP4 video',
  webm: 'WebM video',
};

/** The MIME type a stored file of each kind is served with. */
export const UPLOAD_KIND_MIME: Readonly<Record<StoredFileKind, string>> = {
  pdf: 'application/pdf',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  ppt: 'application/vnd.ms-powerpoint',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  mp4: 'video/mp4',
  webm: 'video/webm',
};

const MB = 1024 * 1024;

export interface UploadPurposeFacts {
  /** What the purpose is called in messages. */
  readonly label: string;
  /** The kinds accepted, checked by content when the upload finishes. */
  readonly kinds: readonly StoredFileKind[];
  /** The largest file accepted, in bytes; a larger `Upload-Length` is refused at creation (413). */
  readonly maxBytes: number;
}

/**
 * Every purpose an upload may be made for, declared once: the kinds and the size bound. A new
 * purpose is a line here (and its claimer).
 * - `content-document`: a lecture note (PDF, slides, Word), at most 50 MB;
 * - `content-video`: a video lesson (MP4, WebM), at most 500 MB (an hour of 720p at ~1 Mbit/s).
 */
export const UPLOAD_PURPOSES = {
  'content-document': {
    label: 'a course document',
    kinds: ['pdf', 'pptx', 'ppt', 'docx', 'doc'],
    maxBytes: 50 * MB,
  },
  'content-video': {
    label: 'a course video',
    kinds: ['mp4', 'webm'],
    maxBytes: 500 * MB,
  },
} as const satisfies Record<string, UploadPurposeFacts>;

export type UploadPurpose = keyof typeof UPLOAD_PURPOSES;
export const UPLOAD_PURPOSE_NAMES = Object.keys(UPLOAD_PURPOSES) as UploadPurpose[];

export function isUploadPurpose(value: unknown): value is UploadPurpose {
  return typeof value === 'string' && Object.hasOwn(UPLOAD_PURPOSES, value);
}

/** Bytes → '50 MB', as the messages write a bound. */
export function megabytesText(bytes: number): string {
  return `${Math.round((bytes / MB) * 10) / 10} MB`;
}

export const UPLOAD_MESSAGES = {
  unknownPurpose: template(
    'Unknown upload purpose "{purpose}". Use one of: {purposes}.',
    textArg('purpose'),
    textArg('purposes'),
  ),
  noFileName: 'Name the file: the upload needs a filename in its metadata.',
  noLength: 'Send the file size (Upload-Length) when creating the upload.',
  tooLarge: template(
    'The file is {size}, larger than the {max} allowed for {purpose}.',
    textArg('size'),
    textArg('max'),
    textArg('purpose'),
  ),
  empty: 'The file is empty.',
  wrongKind: template(
    'This file is {found} by its content, which is not accepted for {purpose}. Upload {allowed}.',
    textArg('found'),
    textArg('purpose'),
    textArg('allowed'),
  ),
  unknownKind: template(
    'The content of this file is not a known document or video kind, which is not accepted for {purpose}. Upload {allowed}.',
    textArg('purpose'),
    textArg('allowed'),
  ),
  notFound: 'Upload not found.',
  notYours: 'This upload belongs to another user.',
  alreadyClaimed: 'This upload has already been used. Upload the file again.',
  wrongPurpose: template(
    'This upload was made for {found}, not for {wanted}.',
    textArg('found'),
    textArg('wanted'),
  ),
  rangeNotSatisfiable: template('The range asked for is outside the file ({size} bytes).', countArg('size')),
} as const;

/** A finished upload, as its last PATCH answers and `GET /api/uploads/:id` shows it to its owner. */
export const uploadInfo = z.object({
  id: z.uuid(),
  purpose: z.enum(UPLOAD_PURPOSE_NAMES as [UploadPurpose, ...UploadPurpose[]]),
  kind: z.enum(STORED_FILE_KINDS),
  mime: z.string(),
  size: z.number().int().nonnegative(),
  fileName: z.string(),
  createdAt: z.string(),
  /** When a module took the file (null while it waits to be claimed; unclaimed files go after a day). */
  claimedAt: z.string().nullable(),
});
export type UploadInfo = z.infer<typeof uploadInfo>;

/** `uploadId` in a body that takes a finished upload (e.g. a content item's file). */
export const uploadIdField = z.uuid({ error: 'uploadId must be the id of a finished upload.' });
