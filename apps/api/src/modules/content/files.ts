import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { sendStoredFile } from '../../platform/downloads.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { signLink, verifyLink } from '../../platform/storage.js';
import type * as repo from './content.repository.js';

/**
 * File URLs of content items carry a link signed for the caller and the item (`?u=&exp=&sig=`), so
 * a `<video>` element or pdf.js reads them by ranges without an Authorization header. The link is
 * issued only after the caller's access was checked, lives two hours (rounded to the hour, so the
 * same URL is handed out for a while and the browser's cache keeps working), and a student's is
 * checked against the enrolment again on every request.
 */
const PURPOSE = 'content-file';
const TTL_SECONDS = 2 * 3600;

export interface FileCaller {
  kind: string;
  id: number;
}

export function signedFileUrl(
  deps: { config: Pick<Config, 'JWT_SECRET'> },
  path: string,
  itemId: number,
  caller: FileCaller,
): string {
  const u = `${caller.kind === 'Student' ? 's' : 'a'}${caller.id}`;
  const { exp, sig } = signLink(deps.config.JWT_SECRET, PURPOSE, `${itemId}:${u}`, TTL_SECONDS);
  return `${path}?u=${u}&exp=${exp}&sig=${sig}`;
}

/** The caller a signed link names, or null when the query carries none; a bad or expired link → 403. */
export function linkCaller(
  deps: { config: Pick<Config, 'JWT_SECRET'> },
  itemId: number,
  q: { u?: string; exp?: number; sig?: string },
): FileCaller | null {
  if (!q.u && !q.sig) return null;
  const m = /^([sa])([1-9][0-9]{0,9})$/.exec(q.u ?? '');
  if (!m || !q.exp || !q.sig) throw forbidden();
  if (verifyLink(deps.config.JWT_SECRET, PURPOSE, `${itemId}:${q.u}`, q.exp, q.sig) !== 'ok')
    throw forbidden();
  return { kind: m[1] === 's' ? 'Student' : 'Admin', id: Number(m[2]) };
}

/** Streams an item's stored file (ranges, ETag, HEAD) through the uploads' helper. */
export function sendItemFile(request: FastifyRequest, reply: FastifyReply, item: repo.ItemRow) {
  if (!item.fileKey) throw notFound();
  return sendStoredFile(request, reply, {
    key: item.fileKey,
    mime: item.fileMime ?? 'application/octet-stream',
    fileName: item.fileName ?? `item-${item.id}`,
    size: item.fileSize ?? 0,
    disposition: 'inline',
    // A document a student opened may be kept by the browser (and the service worker) for a day.
    maxAgeSeconds: 86_400,
  });
}
