import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { open, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server, type Upload } from '@tus/server';
import {
  COMMON_MESSAGES,
  isUploadPurpose,
  megabytesText,
  STATUS,
  UPLOAD_ID_HEADER,
  UPLOAD_KIND_LABELS,
  UPLOAD_MESSAGES,
  UPLOAD_METADATA,
  UPLOAD_PURPOSE_NAMES,
  UPLOAD_PURPOSES,
  UPLOAD_TUS_PATH,
  type StoredFileKind,
  type UploadPurpose,
} from '@portal/contracts';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../platform/auth.js';
import { AppError, badRequest, forbidden } from '../../platform/errors.js';
import type { FileStorage } from '../../platform/storage.js';
import { mimeOf, sniffKind } from '../../platform/uploads.js';
import { deleteUnclaimedBefore, findUpload, insertUpload } from './uploads.repository.js';
import { uploadInfoOf } from './uploads.service.js';

/** An unfinished upload, and a finished one nobody claimed, are deleted after this. */
export const UPLOAD_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** The bytes read to tell a finished file's kind (an OLE2 file's stream names lie past the first 4 KiB). */
const SNIFF_BYTES = 64 * 1024;
const LARGEST_BOUND = Math.max(...Object.values(UPLOAD_PURPOSES).map((p) => p.maxBytes));
/** The metadata key the server sets at creation: the staff member who owns the upload. */
const OWNER_KEY = 'owner';

export interface UploadsDeps {
  db: Db;
  storage: FileStorage;
  /** DATA_DIR/uploads-partial: where tus writes unfinished uploads. */
  partialDir: string;
}

/** A refusal tus sends as it is: the envelope's JSON in the body. */
function refusal(status: number, message: string): { status_code: number; body: string } {
  return { status_code: status, body: JSON.stringify({ Status: STATUS.invalid, Message: message }) };
}

/** `Upload-Metadata: key base64,key base64` → its keys and values (tus's own format). */
export function parseUploadMetadata(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (header ?? '').split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (!key) continue;
    out[key] = value ? Buffer.from(value, 'base64').toString('utf8') : '';
  }
  return out;
}

function allowedText(purpose: UploadPurpose): string {
  return UPLOAD_PURPOSES[purpose].kinds.map((k) => UPLOAD_KIND_LABELS[k]).join(', ');
}

/**
 * The checks made before tus sees a creation request, answered in the envelope: the purpose, a
 * file name, a declared length within the purpose's bound (413 otherwise).
 */
export function checkCreation(headers: IncomingMessage['headers']): void {
  const metadata = parseUploadMetadata(headers['upload-metadata'] as string | undefined);
  const purpose = metadata[UPLOAD_METADATA.purpose] ?? '';
  if (!isUploadPurpose(purpose)) {
    throw badRequest(UPLOAD_MESSAGES.unknownPurpose(purpose, UPLOAD_PURPOSE_NAMES.join(', ')));
  }
  if (!metadata[UPLOAD_METADATA.fileName]?.trim()) throw badRequest(UPLOAD_MESSAGES.noFileName);
  const lengthHeader = headers['upload-length'] as string | undefined;
  if (headers['upload-defer-length'] !== undefined || !lengthHeader || !/^\d+$/.test(lengthHeader)) {
    throw badRequest(UPLOAD_MESSAGES.noLength);
  }
  const length = Number(lengthHeader);
  if (length === 0) throw badRequest(UPLOAD_MESSAGES.empty);
  const { maxBytes } = UPLOAD_PURPOSES[purpose];
  if (length > maxBytes) {
    throw new AppError(
      413,
      UPLOAD_MESSAGES.tooLarge(
        megabytesText(length),
        megabytesText(maxBytes),
        UPLOAD_PURPOSES[purpose].label,
      ),
      STATUS.invalid,
    );
  }
}

async function readHead(filePath: string, bytes: number): Promise<Buffer> {
  const handle = await open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * The tus server (`@tus/server` with `@tus/file-store` under DATA_DIR/uploads-partial) and what
 * our routes need of it. Who calls is known from the Fastify request (the auth hook ran first):
 * `handle` is given it beside the raw request.
 */
export function createTusServer(deps: UploadsDeps) {
  const callers = new WeakMap<IncomingMessage, AuthContext>();
  const store = new FileStore({
    directory: deps.partialDir,
    expirationPeriodInMilliseconds: UPLOAD_LIFETIME_MS,
  });

  const callerOf = (req: { runtime?: { node?: { req?: IncomingMessage } } }): AuthContext => {
    const node = req.runtime?.node?.req;
    const auth = node ? callers.get(node) : undefined;
    if (!auth) throw refusal(401, COMMON_MESSAGES.sessionExpired);
    return auth;
  };

  /** The finished file: checked by content, moved into the storage, recorded; or refused and deleted. */
  const finish = async (
    req: Parameters<NonNullable<ConstructorParameters<typeof Server>[0]['onUploadFinish']>>[0],
    upload: Upload,
  ) => {
    const auth = callerOf(req as never);
    const filePath = path.join(deps.partialDir, upload.id);
    const metadata = upload.metadata ?? {};
    const purpose = metadata[UPLOAD_METADATA.purpose] ?? '';
    const discard = async () => {
      await rm(filePath, { force: true });
      await rm(`${filePath}.json`, { force: true });
    };
    if (!isUploadPurpose(purpose) || metadata[OWNER_KEY] !== String(auth.userId)) {
      await discard();
      throw refusal(403, UPLOAD_MESSAGES.notYours);
    }
    const allowed = UPLOAD_PURPOSES[purpose].kinds as readonly StoredFileKind[];
    const size = (await stat(filePath)).size;
    const sniffed = await sniffKind(await readHead(filePath, SNIFF_BYTES), allowed);
    const kind = sniffed.kind as StoredFileKind | undefined;
    if (!kind || !allowed.includes(kind)) {
      await discard();
      const label = UPLOAD_PURPOSES[purpose].label;
      const found = kind
        ? UPLOAD_KIND_LABELS[kind]
        : sniffed.kind
          ? (sniffed.found ?? sniffed.kind)
          : sniffed.found;
      throw refusal(
        415,
        found
          ? UPLOAD_MESSAGES.wrongKind(found, label, allowedText(purpose))
          : UPLOAD_MESSAGES.unknownKind(label, allowedText(purpose)),
      );
    }
    const key = `uploads/${purpose}/${upload.id}.${kind}`;
    await deps.storage.putFile(key, filePath);
    try {
      const row = await insertUpload(deps.db, {
        id: upload.id,
        ownerUserId: auth.userId,
        purpose,
        kind,
        mime: mimeOf(kind),
        size,
        storageKey: key,
        originalName: path.basename(metadata[UPLOAD_METADATA.fileName] ?? 'file').slice(0, 200),
      });
      await discard();
      return {
        status_code: 200,
        headers: { 'Content-Type': 'application/json; charset=utf-8', [UPLOAD_ID_HEADER]: row.id },
        body: JSON.stringify({ Status: STATUS.ok, Data: uploadInfoOf(row) }),
      };
    } catch (error) {
      await deps.storage.delete(key);
      await discard();
      throw error;
    }
  };

  const server = new Server({
    path: UPLOAD_TUS_PATH,
    datastore: store,
    relativeLocation: true,
    // The per-purpose bound is checked (in the envelope) before tus sees a creation; this is the backstop.
    maxSize: LARGEST_BOUND,
    namingFunction: () => randomUUID(),
    disableTerminationForFinishedUploads: true,
    exposedHeaders: [UPLOAD_ID_HEADER],
    async onUploadCreate(req, upload) {
      const auth = callerOf(req as never);
      // The owner is the caller, whatever the client sent.
      return { metadata: { ...(upload.metadata ?? {}), [OWNER_KEY]: String(auth.userId) } };
    },
    onUploadFinish: finish,
    onResponseError(_req, error) {
      if (error instanceof Error) {
        return refusal(500, COMMON_MESSAGES.unexpected);
      }
      if (!error.body.startsWith('{')) return refusal(error.status_code, error.body.trim());
      return undefined;
    },
  });

  return {
    server,
    /**
     * Whether the caller may act on an upload id (HEAD, PATCH, DELETE): its owner only. Unknown ids
     * pass (tus answers 404), a finished upload answers from its row.
     */
    async checkOwner(id: string, auth: AuthContext): Promise<void> {
      let owner: string | undefined;
      try {
        const upload = await store.getUpload(id);
        owner = upload.metadata?.[OWNER_KEY] ?? undefined;
      } catch {
        const row = /^[0-9a-f-]{36}$/i.test(id) ? await findUpload(deps.db, id) : null;
        if (!row) return;
        if (row.ownerUserId !== auth.userId) throw forbidden(UPLOAD_MESSAGES.notYours);
        return;
      }
      if (owner !== String(auth.userId)) throw forbidden(UPLOAD_MESSAGES.notYours);
    },
    /** Hands a raw request to tus, for a caller the auth hook has checked. */
    async handle(auth: AuthContext, req: IncomingMessage, res: import('node:http').ServerResponse) {
      callers.set(req, auth);
      await server.handle(req, res);
    },
  };
}

export type TusServer = ReturnType<typeof createTusServer>;

/**
 * The periodic cleanup: unfinished uploads older than a day (data and tus's .json), stray partial
 * files, and finished uploads nobody claimed within a day (row and stored file).
 */
export async function removeStaleUploads(
  deps: UploadsDeps,
  now = Date.now(),
): Promise<{ partial: number; unclaimed: number }> {
  const cutoff = now - UPLOAD_LIFETIME_MS;
  let partial = 0;
  let names: string[] = [];
  try {
    names = await readdir(deps.partialDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  for (const name of names) {
    const full = path.join(deps.partialDir, name);
    const info = await stat(full).catch(() => null);
    if (!info?.isFile() || info.mtimeMs >= cutoff) continue;
    // A data file still being written has a fresh mtime; its .json is older but goes with it.
    if (name.endsWith('.json')) {
      const data = await stat(full.slice(0, -5)).catch(() => null);
      if (data && data.mtimeMs >= cutoff) continue;
    }
    await rm(full, { force: true });
    if (!name.endsWith('.json')) partial += 1;
  }
  const keys = await deleteUnclaimedBefore(deps.db, new Date(cutoff));
  for (const key of keys) await deps.storage.delete(key);
  return { partial, unclaimed: keys.length };
}
