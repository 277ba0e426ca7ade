import type { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import {
  ADMISSION_LEVELS,
  APPLICANT_MESSAGES,
  DOCUMENT_KINDS,
  STATUS,
  documentKindInfo,
  type AdmissionFormEntry,
  type ApplicantDocumentEntry,
  type DocumentKind,
} from '@portal/contracts';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../platform/auth.js';
import { safeFileName, type OpenedFile } from '../../platform/downloads.js';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors.js';
import { newStorageKey, verifyLink, type FileStorage } from '../../platform/storage.js';
import {
  assertEditable,
  assertNotRegistered,
  callerApplicantId,
  getApplicantRecord,
  passportLink,
  type LinkConfig,
} from '../applicants/applicants.service.js';
import * as repo from './documents.repository.js';

/**
 * Files applicants upload (passport photograph and required documents) and the admission
 * documents they download. A file's type is decided by its content, its size is bounded while
 * it streams in, and every file goes back as a download, never as a page.
 */

export interface DocumentsDeps {
  db: Db;
  storage: FileStorage;
  config: LinkConfig;
}

/** Admission documents for applicants are forms of type 2 (`listofforms?type=2`). */
export const APPLICANT_FORM_TYPE = 2;

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};
const TYPE_NAMES: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
};

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(bytes % (1024 * 1024) ? 1 : 0)} MB`
    : `${Math.round(bytes / 1024)} KB`;
}

function allowedText(accept: readonly string[]): string {
  const names = accept.map((t) => TYPE_NAMES[t] ?? t);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : names[0]!;
}

function entryOf(
  kind: DocumentKind,
  row: Awaited<ReturnType<typeof repo.findDocument>>,
): ApplicantDocumentEntry {
  const info = documentKindInfo(kind);
  return {
    Kind: kind,
    Label: info.label,
    Description: info.description,
    Required: info.required,
    Accept: [...info.accept],
    MaxBytes: info.maxBytes,
    Uploaded: row
      ? {
          DocumentId: row.id,
          FileName: row.fileName,
          ContentType: row.contentType,
          Size: row.size,
          UploadedAt: new Date(row.uploadedAt).toISOString(),
          DownloadUrl: `/api/applicant/documents/${kind}/file`,
        }
      : null,
  };
}

/** Every document kind with what the applicant has uploaded for it (for admins as well). */
export async function documentEntries(db: Db, applicantId: number): Promise<ApplicantDocumentEntry[]> {
  const rows = await repo.listDocuments(db, applicantId);
  return DOCUMENT_KINDS.map((info) =>
    entryOf(
      info.kind,
      rows.find((r) => r.kind === info.kind),
    ),
  );
}

/** GET /api/applicant/documents */
export async function listDocuments(deps: DocumentsDeps, auth: AuthContext | null) {
  const id = callerApplicantId(auth);
  const record = await getApplicantRecord(deps.db, deps.config, id);
  if (!record) throw notFound(APPLICANT_MESSAGES.notFound);
  const documents = await documentEntries(deps.db, id);
  return {
    Status: STATUS.ok,
    Data: {
      Documents: documents,
      Complete: record.IsUploadDocument,
      Locked: record.RegComplete,
      Passport: record.Passport,
    },
  };
}

/**
 * Reads an upload, refusing it as soon as it passes `maxBytes` (busboy stops at the limit and
 * marks the stream truncated), so an oversized file is never held whole nor stored.
 */
export async function readBounded(
  stream: Readable & { truncated?: boolean },
  maxBytes: number,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) break;
    chunks.push(chunk as Buffer);
  }
  if (size > maxBytes || stream.truncated) {
    stream.destroy();
    throw new AppError(413, APPLICANT_MESSAGES.fileTooLarge(sizeText(maxBytes)), STATUS.invalid);
  }
  return Buffer.concat(chunks);
}

export interface IncomingFile {
  stream: Readable & { truncated?: boolean };
  fileName?: string;
}

/**
 * Reads an uploaded file bounded by `maxBytes` and decides its type by its content (magic bytes),
 * whatever its name or declared type says: refused unless it is one of `accept`. For every
 * upload of a document (applicants' here, students' clearance documents in modules/students).
 */
export async function readCheckedUpload(
  file: IncomingFile,
  rule: { accept: readonly string[]; maxBytes: number },
): Promise<{ bytes: Buffer; mime: string; ext: string }> {
  const bytes = await readBounded(file.stream, rule.maxBytes);
  if (bytes.length === 0) throw badRequest(APPLICANT_MESSAGES.fileMissing);
  const detected = await fileTypeFromBuffer(bytes);
  const mime = detected?.mime as string | undefined;
  if (!mime || !rule.accept.includes(mime) || !EXTENSIONS[mime]) {
    throw new AppError(415, APPLICANT_MESSAGES.fileWrongType(allowedText(rule.accept)), STATUS.invalid);
  }
  return { bytes, mime, ext: EXTENSIONS[mime] };
}

/**
 * POST /api/applicant/documents/:kind — uploads or replaces one document. The type comes from
 * the file's magic bytes, whatever its name or declared type says. The new file is stored
 * before the database row points at it; the old file is removed only after that commits.
 */
export async function uploadDocument(
  deps: DocumentsDeps,
  auth: AuthContext | null,
  kind: DocumentKind,
  file: IncomingFile | undefined,
) {
  const id = callerApplicantId(auth);
  await assertNotRegistered(deps.db, id);
  if (!file) throw badRequest(APPLICANT_MESSAGES.fileMissing);
  const info = documentKindInfo(kind);
  const { bytes, mime, ext } = await readCheckedUpload(file, info);
  const applicant = await repo.findApplicantRef(deps.db, id);
  if (!applicant) throw notFound(APPLICANT_MESSAGES.notFound);

  const storageKey = newStorageKey(`applicants/${applicant.publicId}`, kind.replace(/_/g, '-'), ext);
  await deps.storage.put(storageKey, bytes);
  let previous: string | null;
  try {
    previous = await deps.db.transaction(async (tx) => {
      await assertEditable(tx, id);
      return repo.upsertDocument(tx, {
        applicantId: id,
        kind,
        storageKey,
        fileName: safeFileName(file.fileName, kind.replace(/_/g, '-'), ext),
        contentType: mime,
        size: bytes.length,
      });
    });
  } catch (error) {
    await deps.storage.delete(storageKey).catch(() => undefined);
    throw error;
  }
  if (previous && previous !== storageKey) await deps.storage.delete(previous).catch(() => undefined);
  const row = await repo.findDocument(deps.db, id, kind);
  return { Status: STATUS.ok, Message: APPLICANT_MESSAGES.documentUploaded, Data: entryOf(kind, row) };
}

/** DELETE /api/applicant/documents/:kind (before registration only). */
export async function deleteDocument(deps: DocumentsDeps, auth: AuthContext | null, kind: DocumentKind) {
  const id = callerApplicantId(auth);
  const key = await deps.db.transaction(async (tx) => {
    await assertEditable(tx, id);
    return repo.deleteDocument(tx, id, kind);
  });
  if (!key) throw notFound('No document of this kind has been uploaded.');
  await deps.storage.delete(key).catch(() => undefined);
  return { Status: STATUS.ok, Message: APPLICANT_MESSAGES.documentDeleted };
}

/** GET /api/applicant/documents/:kind/file — the caller's own document. */
export async function openDocument(
  deps: DocumentsDeps,
  auth: AuthContext | null,
  kind: DocumentKind,
): Promise<OpenedFile> {
  const id = callerApplicantId(auth);
  return openApplicantDocument(deps, id, kind);
}

/** An applicant's document as a download, for any module that has authorised the caller (admin). */
export async function openApplicantDocument(
  deps: Omit<DocumentsDeps, 'config'>,
  applicantId: number,
  kind: DocumentKind,
): Promise<OpenedFile> {
  const row = await repo.findDocument(deps.db, applicantId, kind);
  if (!row) throw notFound('No document of this kind has been uploaded.');
  const opened = await deps.storage.open(row.storageKey);
  if (!opened) throw notFound('The file is missing from storage.');
  return { ...opened, contentType: row.contentType, fileName: row.fileName };
}

/** The passport photograph's bytes (for PDFs), or null. */
export async function passportBytes(
  deps: Omit<DocumentsDeps, 'config'>,
  applicantId: number,
): Promise<Buffer | null> {
  const ref = await repo.findApplicantRef(deps.db, applicantId);
  if (!ref?.passportKey) return null;
  return deps.storage.read(ref.passportKey);
}

/**
 * GET /api/applicant/passport?a=&exp=&sig= — the passport behind a signed link (no bearer
 * header, so an <img> can load it). A bad signature and an unknown applicant look the same.
 */
export async function openSignedPassport(
  deps: DocumentsDeps,
  query: { a: string; exp: number; sig: string },
): Promise<OpenedFile> {
  const check = verifyLink(deps.config.JWT_SECRET, 'passport', query.a, query.exp, query.sig);
  if (check === 'expired') throw new AppError(403, APPLICANT_MESSAGES.linkExpired, 'Forbidden');
  if (check !== 'ok') throw notFound(APPLICANT_MESSAGES.notFound);
  const applicant = await repo.findApplicantByPublicId(deps.db, query.a);
  if (!applicant) throw notFound(APPLICANT_MESSAGES.notFound);
  return openApplicantDocument(deps, applicant.id, 'passport');
}

/** A fresh signed link for the caller's passport (or null). */
export async function ownPassportLink(deps: DocumentsDeps, auth: AuthContext | null): Promise<string | null> {
  const ref = await repo.findApplicantRef(deps.db, callerApplicantId(auth));
  return ref ? passportLink(deps.config, ref.publicId, ref.passportKey) : null;
}

// ---------------------------------------------------------------------------------------------
// Admission documents (`listofforms`).

/** Admission documents open at level 3 and 4, and to a listed registration number. */
async function formsAudience(deps: DocumentsDeps, auth: AuthContext | null) {
  const id = callerApplicantId(auth);
  const record = await getApplicantRecord(deps.db, deps.config, id);
  if (!record) throw notFound(APPLICANT_MESSAGES.notFound);
  const allowed = record.AdmissionLevel >= ADMISSION_LEVELS.admitted || record.IsListed;
  return { allowed, levelId: record.LevelID, departmentId: record.DeptID };
}

/** GET api/listofforms?type=2: the forms aimed at the caller's level and department. */
export async function listForms(
  deps: DocumentsDeps,
  auth: AuthContext | null,
  type: number,
  page: number,
  pageSize: number,
) {
  const audience = await formsAudience(deps, auth);
  const empty = {
    Status: STATUS.ok,
    Data: [] as AdmissionFormEntry[],
    Page: page,
    PageSize: pageSize,
    Total: 0,
  };
  if (!audience.allowed) return { ...empty, Message: APPLICANT_MESSAGES.formsNotYet };
  if (type !== APPLICANT_FORM_TYPE) return empty;
  const { total, rows } = await repo.listForms(
    deps.db,
    type,
    audience.levelId,
    audience.departmentId,
    page,
    pageSize,
  );
  return {
    Status: STATUS.ok,
    Data: rows.map((f) => ({
      formId: f.id,
      formName: f.name,
      formUrl: `/api/listofforms/${f.id}/download`,
      fileExt: f.fileExt,
      formDescription: f.description,
      levelIds: f.levelIds,
      departmentIds: f.departmentIds,
    })),
    Page: page,
    PageSize: pageSize,
    Total: total,
  };
}

/** GET /api/listofforms/:formId/download — only a form the caller may see; others are not found. */
export async function openForm(
  deps: DocumentsDeps,
  auth: AuthContext | null,
  formId: number,
): Promise<OpenedFile> {
  const audience = await formsAudience(deps, auth);
  if (!audience.allowed) throw forbidden(APPLICANT_MESSAGES.formsNotYet);
  const form = await repo.findTargetedForm(deps.db, formId, audience.levelId, audience.departmentId);
  if (!form) throw notFound(APPLICANT_MESSAGES.notFound);
  const opened = await deps.storage.open(form.storageKey);
  if (!opened) throw notFound('The file is missing from storage.');
  const fileName = `${form.name}.${form.fileExt}`;
  return { ...opened, contentType: form.contentType, fileName };
}
