import {
  UPLOAD_KIND_MIME,
  UPLOAD_MESSAGES,
  UPLOAD_PURPOSES,
  type StoredFileKind,
  type UploadInfo,
  type UploadPurpose,
} from '@portal/contracts';
import type { Exec } from '../../platform/db.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { claimUploadRow, findUpload, type UploadRow } from './uploads.repository.js';

/** A finished upload handed over to the module that keeps it (its storage key is now the caller's). */
export interface ClaimedUpload {
  id: string;
  /** The FileStorage key of the file; the caller stores it and serves it with sendStoredFile. */
  key: string;
  kind: StoredFileKind;
  mime: string;
  size: number;
  /** The name the uploader's file had (for a download's name; never a path). */
  fileName: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The public view of an upload row. */
export function uploadInfoOf(row: UploadRow): UploadInfo {
  return {
    id: row.id,
    purpose: row.purpose as UploadPurpose,
    kind: row.kind as StoredFileKind,
    mime: row.mime,
    size: row.size,
    fileName: row.originalName,
    createdAt: row.createdAt.toISOString(),
    claimedAt: row.claimedAt?.toISOString() ?? null,
  };
}

/**
 * Takes a finished upload once, for its owner and the purpose it was made for: run it in the
 * transaction that saves the record keeping the file, so nothing is half-saved. Refused with a
 * message (404 unknown or unfinished, 403 another user's, 409 already claimed, 400 another purpose).
 */
export async function claimUpload(
  db: Exec,
  input: { uploadId: string; ownerUserId: number; purpose: UploadPurpose },
): Promise<ClaimedUpload> {
  if (!UUID.test(input.uploadId)) throw notFound(UPLOAD_MESSAGES.notFound);
  const row = await claimUploadRow(db, {
    id: input.uploadId,
    ownerUserId: input.ownerUserId,
    purpose: input.purpose,
  });
  if (row) {
    return {
      id: row.id,
      key: row.storageKey,
      kind: row.kind as StoredFileKind,
      mime: row.mime || UPLOAD_KIND_MIME[row.kind as StoredFileKind],
      size: row.size,
      fileName: row.originalName,
    };
  }
  // Why not: one more read, only on a refusal.
  const found = await findUpload(db, input.uploadId);
  if (!found) throw notFound(UPLOAD_MESSAGES.notFound);
  if (found.ownerUserId !== input.ownerUserId) throw forbidden(UPLOAD_MESSAGES.notYours);
  if (found.purpose !== input.purpose) {
    const label = (p: string) => UPLOAD_PURPOSES[p as UploadPurpose]?.label ?? p;
    throw badRequest(UPLOAD_MESSAGES.wrongPurpose(label(found.purpose), label(input.purpose)));
  }
  throw conflict(UPLOAD_MESSAGES.alreadyClaimed);
}
