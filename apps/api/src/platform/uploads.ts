import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { fileTypeFromBuffer } from 'file-type';
import { AppError, badRequest } from './errors.js';

/** Uploads in the admin area: multipart, bounded while streaming, checked by content. */

const HARD_LIMIT = 200 * 1024 * 1024;

/** Registers @fastify/multipart in this scope unless an outer scope already did. */
export async function enableMultipart(scope: FastifyInstance): Promise<void> {
  if (scope.hasContentTypeParser('multipart/form-data')) return;
  await scope.register(fastifyMultipart, {
    limits: { fileSize: HARD_LIMIT, files: 1, fields: 30, fieldSize: 100 * 1024, parts: 40 },
  });
}

export type FileKind =
  'pdf' | 'docx' | 'doc' | 'pptx' | 'ppt' | 'png' | 'jpg' | 'xlsx' | 'zip' | 'csv' | 'mp4' | 'webm';

const MIME: Record<FileKind, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  ppt: 'application/vnd.ms-powerpoint',
  png: 'image/png',
  jpg: 'image/jpeg',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
  csv: 'text/csv',
  mp4: 'video/mp4',
  webm: 'video/webm',
};

export function mimeOf(kind: FileKind): string {
  return MIME[kind];
}

const LABEL: Record<FileKind, string> = {
  pdf: 'PDF',
  docx: 'Word (.docx)',
  doc: 'Word (.doc)',
  pptx: 'PowerPoint (.pptx)',
  ppt: 'PowerPoint (.ppt)',
  png: 'PNG',
  jpg: 'JPEG',
  xlsx: 'Excel (.xlsx)',
  zip: 'ZIP',
  csv: 'CSV',
  mp4: 'MP4 video',
  webm: 'WebM video',
};

/** How a kind is named to a person. */
export function kindLabel(kind: FileKind): string {
  return LABEL[kind];
}

/** Kinds file-type names as we do. */
const SAME_NAME = ['pdf', 'docx', 'pptx', 'png', 'jpg', 'xlsx', 'zip', 'mp4', 'webm'];
/** MP4 brands file-type names apart (an .m4v is an MP4 a player plays alike). */
const MP4_LIKE = ['m4v', 'f4v'];

/** An OLE2 compound file (.doc, .ppt, .xls): which one, by the names of its streams (UTF-16). */
function compoundKind(head: Buffer, allowed: readonly FileKind[]): FileKind {
  const has = (name: string) => head.includes(Buffer.from(name, 'utf16le'));
  if (has('PowerPoint Document')) return 'ppt';
  if (has('WordDocument')) return 'doc';
  // The directory lies past the bytes read: the one of the two allowed (a .doc before).
  return !allowed.includes('doc') && allowed.includes('ppt') ? 'ppt' : 'doc';
}

/**
 * What the first bytes of a file are: one of our kinds, or what else it is (`found`, e.g.
 * 'EXE (application/x-msdownload)'), or nothing known. Never throws.
 */
export async function sniffKind(
  head: Buffer,
  allowed: readonly FileKind[] = [],
): Promise<{ kind?: FileKind; found?: string }> {
  const detected = await fileTypeFromBuffer(head);
  if (detected) {
    if (detected.ext === 'cfb') return { kind: compoundKind(head, allowed) };
    if (SAME_NAME.includes(detected.ext)) return { kind: detected.ext as FileKind };
    if (MP4_LIKE.includes(detected.ext)) return { kind: 'mp4' };
    return { found: `${detected.ext.toUpperCase()} (${detected.mime})` };
  }
  if (head.length > 0 && looksLikeText(head)) return { kind: 'csv', found: 'text' };
  return {};
}

/** True when the bytes look like text: valid UTF-8 (a cut last character allowed) and no NUL. */
function looksLikeText(head: Buffer): boolean {
  if (head.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, Math.max(0, head.length - 4)));
    return true;
  } catch {
    return false;
  }
}

/** What the first bytes of a file are, among the kinds allowed; throws a clear message otherwise. */
export async function detectKind(head: Buffer, allowed: readonly FileKind[]): Promise<FileKind> {
  let { kind } = await sniffKind(head, allowed);
  // An .xlsx, .docx or .pptx is a zip; when a zip is allowed but not what was detected, accept it as a zip.
  if (kind && !allowed.includes(kind) && ['xlsx', 'docx', 'pptx'].includes(kind) && allowed.includes('zip'))
    kind = 'zip';
  if (!kind || !allowed.includes(kind)) {
    throw new AppError(
      415,
      `This file type is not accepted. Upload ${allowed.map((k) => LABEL[k]).join(', ')}.`,
      'Invalid',
    );
  }
  return kind;
}

function tooLarge(maxBytes: number): AppError {
  return new AppError(
    413,
    // Whole megabytes, or kilobytes below one (a logo's 512 KB).
    `The file is larger than the ${maxBytes >= 1024 * 1024 ? `${Math.round(maxBytes / 1024 / 1024)} MB` : `${Math.round(maxBytes / 1024)} KB`} allowed.`,
    'Invalid',
  );
}

function isTooLarge(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT';
}

function notMultipart(): AppError {
  return badRequest('Send the file as multipart/form-data in a field named "file".');
}

/** A small upload held in memory: the fields and the file, checked by content and size. */
export async function readSmallUpload(
  request: FastifyRequest,
  options: { maxBytes: number; allowed: readonly FileKind[]; required?: boolean },
): Promise<{
  fields: Record<string, string>;
  file?: { buffer: Buffer; fileName: string; kind: FileKind; mime: string };
}> {
  if (!request.isMultipart()) throw notMultipart();
  const fields: Record<string, string> = {};
  let file: { buffer: Buffer; fileName: string; kind: FileKind; mime: string } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value ?? '');
        continue;
      }
      if (part.fieldname !== 'file' || file) {
        part.file.resume();
        continue;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file) {
        size += (chunk as Buffer).length;
        if (size > options.maxBytes) {
          part.file.destroy();
          throw tooLarge(options.maxBytes);
        }
        chunks.push(chunk as Buffer);
      }
      const buffer = Buffer.concat(chunks);
      if (buffer.length === 0) throw badRequest('The file is empty.');
      const kind = await detectKind(buffer.subarray(0, 4100), options.allowed);
      file = { buffer, fileName: path.basename(part.filename || 'file'), kind, mime: MIME[kind] };
    }
  } catch (error) {
    if (isTooLarge(error)) throw tooLarge(options.maxBytes);
    throw error;
  }
  if (options.required && !file) throw badRequest('Choose a file to upload.');
  return { fields, file };
}

/**
 * A large upload streamed straight to a file on disk: the size is bounded while it streams and
 * the first bytes are checked before the rest is kept. Returns the path, which the caller owns.
 */
export async function streamUploadToDisk(
  request: FastifyRequest,
  options: { maxBytes: number; allowed: readonly FileKind[]; dir: string },
): Promise<{
  fields: Record<string, string>;
  filePath: string;
  fileName: string;
  size: number;
  kind: FileKind;
  /** The file's SHA-256 (hex), so the same file uploaded twice is recognised. */
  sha256: string;
}> {
  if (!request.isMultipart()) throw notMultipart();
  await mkdir(options.dir, { recursive: true });
  const fields: Record<string, string> = {};
  let result:
    { filePath: string; fileName: string; size: number; kind: FileKind; sha256: string } | undefined;
  const filePath = path.join(options.dir, `${Date.now()}-${randomBytes(8).toString('hex')}.upload`);
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value ?? '');
        continue;
      }
      if (part.fieldname !== 'file' || result) {
        part.file.resume();
        continue;
      }
      let size = 0;
      let head = Buffer.alloc(0);
      let kind: FileKind | undefined;
      const digest = createHash('sha256');
      const check = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          digest.update(chunk);
          if (size > options.maxBytes) return callback(tooLarge(options.maxBytes));
          if (kind) return callback(null, chunk);
          head = Buffer.concat([head, chunk]);
          if (head.length < 4100) return callback();
          detectKind(head, options.allowed).then(
            (k) => {
              kind = k;
              callback(null, head);
            },
            (error: unknown) => callback(error as Error),
          );
        },
        flush(callback) {
          if (kind) return callback();
          if (head.length === 0) return callback(badRequest('The file is empty.'));
          detectKind(head, options.allowed).then(
            (k) => {
              kind = k;
              callback(null, head);
            },
            (error: unknown) => callback(error as Error),
          );
        },
      });
      await pipeline(part.file, check, createWriteStream(filePath, { mode: 0o600 }));
      result = {
        filePath,
        fileName: path.basename(part.filename || 'upload'),
        size,
        kind: kind!,
        sha256: digest.digest('hex'),
      };
    }
  } catch (error) {
    await rm(filePath, { force: true });
    if (isTooLarge(error)) throw tooLarge(options.maxBytes);
    throw error;
  }
  if (!result) throw badRequest('Choose a file to upload.');
  return { fields, ...result };
}
