import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { constants as zlibConstants, createBrotliCompress, createGzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { UPLOAD_MESSAGES } from '@portal/contracts';
import { notFound } from './errors.js';

/** File downloads: every file the portal serves goes back as a download, never as a page. */

export interface OpenedFile {
  stream: Readable;
  size: number;
  contentType: string;
  fileName: string;
}

/** A safe download name: the client's base name without odd characters, with the real extension. */
export function safeFileName(clientName: string | undefined, fallback: string, ext: string): string {
  const base = (clientName ?? '')
    .split(/[\\/]/)
    .pop()!
    .replace(/\.[^.]*$/, '')
    .replace(/[^\w .()-]+/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80);
  return `${base || fallback}.${ext}`;
}

/** `attachment; filename="…"; filename*=UTF-8''…` for any name. */
export function attachmentHeader(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Headers every file download carries. */
export function downloadHeaders(
  contentType: string,
  fileName: string,
  size?: number,
): Record<string, string> {
  return {
    'content-type': contentType,
    'content-disposition': attachmentHeader(fileName),
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
    'cache-control': 'private, no-store',
    ...(size !== undefined ? { 'content-length': String(size) } : {}),
  };
}

/** Sends a generated PDF as a download. */
export function sendPdf(reply: FastifyReply, { pdf, fileName }: { pdf: Buffer; fileName: string }) {
  return reply.headers(downloadHeaders('application/pdf', fileName, pdf.length)).send(pdf);
}

// ───────────────────────────── stored files: ranges, validators, compression ─────────────────────────────

export interface StoredFileOptions {
  /** The FileStorage key (e.g. a claimed upload's). Keys are never reused for other bytes: the ETag follows from it. */
  key: string;
  mime: string;
  /** The name a download is saved under. */
  fileName: string;
  /** The file's size in bytes, as recorded when it was stored. */
  size: number;
  /** `inline` (read in the page, played) or `attachment` (saved). */
  disposition: 'inline' | 'attachment';
  /** How long the browser may keep it without asking again (default 0: it revalidates with the ETag). */
  maxAgeSeconds?: number;
}

/** Kinds worth compressing on the fly. PDFs are not: their streams are deflated already, and a
 * compressed answer would stop pdf.js from reading the file by ranges (page by page). */
function isCompressible(mime: string): boolean {
  return /^text\/|^application\/(json|xml|xhtml\+xml|javascript)|\+xml$|\+json$|^image\/svg\+xml/.test(mime);
}

/** Compression on the fly stops above this: larger compressible files are unusual and go as they are. */
const COMPRESS_LIMIT = 20 * 1024 * 1024;

/** An empty body for HEAD that keeps the Content-Length set (Fastify's HEAD route resets it for no payload). */
const nothing = () => Readable.from([]);

/** `"…"`: a strong validator from the key and size (a stored key never changes its bytes). */
export function storedFileEtag(key: string, size: number): string {
  return `"${createHash('sha256').update(`${key}\n${size}`).digest('base64url').slice(0, 27)}"`;
}

/**
 * Whether an If-None-Match header names this ETag (weak comparison, `*` included; a compressed
 * answer's `"…-br"` matches its ETag too).
 */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  const bare = opaque.replace(/"$/, '');
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === opaque || tag.startsWith(`${bare}-`));
}

export type RangeAnswer = { start: number; end: number } | 'unsatisfiable' | null;

/**
 * A `Range: bytes=…` header against a file of `size` bytes: one range (`a-b`, `a-`, `-n`), clamped
 * to the end; 'unsatisfiable' when it starts past the end; null (send the whole file) when absent,
 * malformed, or several ranges (which a server may answer with the whole file).
 */
export function parseRange(header: string | undefined, size: number): RangeAnswer {
  if (!header) return null;
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return null;
  const [, from, to] = match;
  if (from === '' && to === '') return null;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (to !== '' && Number(to) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

/** The encoding to compress with, from Accept-Encoding: br, else gzip, else none. */
export function chosenEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    accepted.set(name!.trim(), q === undefined ? 1 : Number(q));
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}

function dispositionHeader(disposition: 'inline' | 'attachment', name: string): string {
  return disposition === 'inline'
    ? attachmentHeader(name).replace(/^attachment/, 'inline')
    : attachmentHeader(name);
}

/**
 * Sends a stored file: HEAD, a single byte range (206 with Content-Range; 416 past the end) so a
 * player seeks and pdf.js reads page by page without the whole file, ETag with If-None-Match (304)
 * and If-Range, `Cache-Control: private, max-age=…`, and br/gzip for compressible kinds when the
 * whole file is asked for. The bytes come from the storage (ranged reads on S3 too), never whole
 * into memory. Check who may read the file before calling it.
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  options: StoredFileOptions,
): Promise<FastifyReply> {
  const { key, mime, fileName, size, disposition } = options;
  const etag = storedFileEtag(key, size);
  const headers: Record<string, string> = {
    'content-type': mime,
    'content-disposition': dispositionHeader(disposition, fileName),
    'x-content-type-options': 'nosniff',
    // Sandboxed unless a PDF read in the page (the browser's own viewer does not run sandboxed).
    'content-security-policy':
      disposition === 'inline' && mime === 'application/pdf'
        ? "default-src 'none'"
        : "default-src 'none'; sandbox",
    'cache-control': `private, max-age=${Math.max(0, Math.floor(options.maxAgeSeconds ?? 0))}`,
    'accept-ranges': 'bytes',
    etag,
  };
  const compressible = isCompressible(mime) && size > 1024 && size <= COMPRESS_LIMIT;
  if (compressible) headers.vary = 'Accept-Encoding';
  reply.headers(headers);

  if (matchesEtag(request.headers['if-none-match'], etag)) return reply.status(304).send();

  const ifRange = request.headers['if-range'] as string | undefined;
  const rangeHeader = ifRange && ifRange.trim() !== etag ? undefined : request.headers.range;
  const range = parseRange(rangeHeader, size);
  if (range === 'unsatisfiable') {
    return reply
      .status(416)
      .headers({ 'content-range': `bytes */${size}`, 'content-type': 'application/json; charset=utf-8' })
      .send({ Status: 'Invalid', Message: UPLOAD_MESSAGES.rangeNotSatisfiable(size) });
  }
  const head = request.method === 'HEAD';
  if (range) {
    reply.status(206).headers({
      'content-range': `bytes ${range.start}-${range.end}/${size}`,
      'content-length': String(range.end - range.start + 1),
    });
    if (head) return reply.send(nothing());
    const opened = await request.server.deps.storage.open(key, range);
    if (!opened) throw notFound();
    return reply.send(opened.stream);
  }
  const encoding = compressible && !head ? chosenEncoding(request.headers['accept-encoding']) : null;
  if (head || !encoding) {
    reply.status(200).header('content-length', String(size));
    if (head) return reply.send(nothing());
    const opened = await request.server.deps.storage.open(key);
    if (!opened) throw notFound();
    return reply.send(opened.stream);
  }
  const opened = await request.server.deps.storage.open(key);
  if (!opened) throw notFound();
  const compressor =
    encoding === 'br'
      ? createBrotliCompress({ params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
      : createGzip({ level: 6 });
  opened.stream.on('error', (error) => compressor.destroy(error));
  return reply
    .status(200)
    .headers({ 'content-encoding': encoding, etag: `${etag.slice(0, -1)}-${encoding}"` })
    .send(opened.stream.pipe(compressor));
}
