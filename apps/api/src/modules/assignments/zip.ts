import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { Zip, ZipPassThrough } from 'fflate';
import { downloadHeaders } from '../../platform/downloads.js';
import type { FileStorage } from '../../platform/storage.js';
import type * as repo from './assignments.repository.js';

/** A name safe as a zip entry: no path separators or odd characters. */
const safe = (name: string) =>
  name
    .replace(/[^A-Za-z0-9._ -]+/g, '_')
    .replace(/^\.+/, '_')
    .slice(0, 120) || 'file';

/**
 * Streams every submission of an assignment as one zip: a folder per student (matric number and
 * name) holding the submitted file and `answer.txt` for the text, plus `submissions.csv` listing
 * each with its time, lateness and receipt hash. Entries are stored (files are mostly compressed
 * already); the bytes go out as they are read, with back-pressure, never held whole in memory.
 */
export async function sendSubmissionsZip(
  reply: FastifyReply,
  storage: FileStorage,
  found: { a: repo.AssignmentRow; o: { code: string }; submissions: repo.ListedSubmission[] },
) {
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) return out.destroy(error);
    out.write(Buffer.from(chunk));
    if (final) out.end();
  });
  const add = async (name: string, chunks: AsyncIterable<Buffer> | Buffer[]) => {
    const entry = new ZipPassThrough(name);
    entry.mtime = new Date();
    zip.add(entry);
    for await (const chunk of chunks) {
      entry.push(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length));
      if (out.writableNeedDrain) await once(out, 'drain');
    }
    entry.push(new Uint8Array(0), true);
  };
  const csvCell = (v: string) => `"${v.replace(/"/g, '""')}"`;
  const lines = ['Matric Number,Name,Submitted At,Late,Penalty %,File,SHA-256'];
  void (async () => {
    for (const s of found.submissions) {
      const sub = s.submission;
      const folder = safe(`${s.matricNo} ${s.name}`);
      lines.push(
        [
          s.matricNo,
          s.name,
          sub.submittedAt.toISOString(),
          sub.late ? 'yes' : 'no',
          String(sub.penalty),
          sub.fileName ?? '',
          sub.sha256,
        ]
          .map(csvCell)
          .join(','),
      );
      if (sub.text) await add(`${folder}/answer.txt`, [Buffer.from(sub.text, 'utf8')]);
      if (sub.fileKey) {
        const opened = await storage.open(sub.fileKey);
        if (opened) await add(`${folder}/${safe(sub.fileName ?? 'file')}`, opened.stream);
      }
    }
    await add('submissions.csv', [Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8')]);
    zip.end();
  })().catch((error: unknown) => out.destroy(error as Error));
  const name = `${safe(`${found.o.code} ${found.a.title}`)} submissions.zip`;
  return reply.headers(downloadHeaders('application/zip', name)).send(out);
}
