import { request as httpRequest } from 'node:http';
import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_PURPOSES, UPLOAD_TUS_PATH } from '@portal/contracts';
import { partialUploadsDir } from '../../platform/storage.js';
import { login, startTestApp, type TestApp } from '../../../test/helpers.js';
import { claimUpload } from './uploads.service.js';
import { removeStaleUploads, UPLOAD_LIFETIME_MS } from './uploads.tus.js';

const TUS = { 'tus-resumable': '1.0.0' };

function metadata(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');
}

/** A PDF-looking file of `size` bytes: the magic, then random bytes. */
function pdfBytes(size: number): Buffer {
  const head = Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1');
  return Buffer.concat([head, randomBytes(size - head.length)]);
}

describe('resumable uploads (tus) and stored files', () => {
  let t: TestApp;
  let base: string;
  let lecturer: { authorization: string };
  let lecturerId: number;
  let admin: { authorization: string };
  let adminId: number;

  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const signedIn = await login(t.app, 'Admin', 'lecturer@demo.edu.ng');
    lecturer = signedIn.auth;
    lecturerId = userIdOf(signedIn.token);
    const asAdmin = await login(t.app, 'Admin', 'admin@demo.edu.ng');
    admin = asAdmin.auth;
    adminId = userIdOf(asAdmin.token);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function create(
    auth: Record<string, string>,
    fields: Record<string, string>,
    length: number,
  ): Promise<Response> {
    return fetch(`${base}${UPLOAD_TUS_PATH}`, {
      method: 'POST',
      headers: { ...TUS, ...auth, 'upload-length': String(length), 'upload-metadata': metadata(fields) },
    });
  }

  async function patch(url: string, auth: Record<string, string>, offset: number, body: Buffer) {
    return fetch(`${base}${url}`, {
      method: 'PATCH',
      headers: {
        ...TUS,
        ...auth,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
      body: new Uint8Array(body),
    });
  }

  /** Sends `sent` of `body` in a PATCH that announced the whole of it, then drops the connection. */
  function interruptedPatch(url: string, auth: Record<string, string>, body: Buffer, sent: number) {
    return new Promise<void>((resolve) => {
      const req = httpRequest(`${base}${url}`, {
        method: 'PATCH',
        headers: {
          ...TUS,
          ...auth,
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(body.length),
        },
      });
      req.on('error', () => resolve());
      req.on('close', () => resolve());
      req.write(body.subarray(0, sent), () => {
        // Let the server write what came, then cut the connection mid-body.
        setTimeout(() => req.destroy(), 300);
      });
    });
  }

  async function headOffset(url: string, auth: Record<string, string>): Promise<number> {
    const res = await fetch(`${base}${url}`, { method: 'HEAD', headers: { ...TUS, ...auth } });
    expect(res.status).toBe(200);
    return Number(res.headers.get('upload-offset'));
  }

  /** Uploads a whole file in one PATCH; returns the finished upload's id. */
  async function uploadWhole(file: Buffer, fileName = 'notes.pdf', purpose = 'content-document') {
    const created = await create(lecturer, { filename: fileName, purpose }, file.length);
    expect(created.status).toBe(201);
    const url = created.headers.get('location')!;
    const done = await patch(url, lecturer, 0, file);
    return { url, done, id: url.split('/').pop()! };
  }

  it('refuses a caller who is not signed in (401) and a student (403)', async () => {
    const res = await create({}, { filename: 'a.pdf', purpose: 'content-document' }, 100);
    expect(res.status).toBe(401);
    const student = (await login(t.app, 'Student', 'DIT/2023/0003')).auth;
    const asStudent = await create(student, { filename: 'a.pdf', purpose: 'content-document' }, 100);
    expect(asStudent.status).toBe(403);
    const head = await fetch(`${base}${UPLOAD_TUS_PATH}/00000000-0000-4000-8000-000000000000`, {
      method: 'HEAD',
      headers: TUS,
    });
    expect(head.status).toBe(401);
  });

  it('refuses at creation a file over its purpose bound (413 naming the bound), an unknown purpose and no name', async () => {
    const bound = UPLOAD_PURPOSES['content-document'].maxBytes;
    const res = await create(lecturer, { filename: 'big.pdf', purpose: 'content-document' }, bound + 1);
    expect(res.status).toBe(413);
    expect((await json(res)).Message).toBe(
      'The file is 50 MB, larger than the 50 MB allowed for a course document.',
    );
    const video = await create(lecturer, { filename: 'v.mp4', purpose: 'content-video' }, 600 * 1024 * 1024);
    expect(video.status).toBe(413);
    expect((await json(video)).Message).toContain('500 MB allowed for a course video');
    const unknown = await create(lecturer, { filename: 'a.pdf', purpose: 'avatar' }, 10);
    expect(unknown.status).toBe(400);
    expect((await json(unknown)).Message).toBe(
      'Unknown upload purpose "avatar". Use one of: content-document, content-video.',
    );
    const unnamed = await create(lecturer, { purpose: 'content-document' }, 10);
    expect(unnamed.status).toBe(400);
  });

  it('resumes an interrupted upload from the offset HEAD reports, then stores the file and records it', async () => {
    const file = pdfBytes(3 * 1024 * 1024);
    const created = await create(
      lecturer,
      { filename: 'Week 1 notes.pdf', purpose: 'content-document' },
      file.length,
    );
    expect(created.status).toBe(201);
    const url = created.headers.get('location')!;
    expect(url.startsWith(`${UPLOAD_TUS_PATH}/`)).toBe(true);

    await interruptedPatch(url, lecturer, file, 1024 * 1024 + 123);
    let offset = 0;
    // The server settles the interrupted write; the offset is what reached the disk.
    for (let i = 0; i < 20; i += 1) {
      offset = await headOffset(url, lecturer);
      if (offset > 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThan(file.length);

    // Another staff member can neither see nor continue it.
    const foreignHead = await fetch(`${base}${url}`, { method: 'HEAD', headers: { ...TUS, ...admin } });
    expect(foreignHead.status).toBe(403);
    const foreignPatch = await patch(url, admin, offset, file.subarray(offset));
    expect(foreignPatch.status).toBe(403);
    expect((await json(foreignPatch)).Message).toBe('This upload belongs to another user.');

    const done = await patch(url, lecturer, offset, file.subarray(offset));
    expect(done.status).toBe(200);
    const body = await json(done);
    const id = url.split('/').pop()!;
    expect(done.headers.get('upload-id')).toBe(id);
    expect(body.Data).toMatchObject({
      id,
      purpose: 'content-document',
      kind: 'pdf',
      mime: 'application/pdf',
      size: file.length,
      fileName: 'Week 1 notes.pdf',
      claimedAt: null,
    });

    // The stored file is the bytes sent; the partial file is gone.
    const stored = await fetch(`${base}/api/uploads/${id}/file`, { headers: lecturer });
    expect(stored.status).toBe(200);
    expect(Buffer.from(await stream(stored)).equals(file)).toBe(true);
    expect((await readdir(partialUploadsDir(t.config))).filter((n) => n.startsWith(id))).toEqual([]);
  });

  it('refuses an .exe renamed .pdf when it finishes, names what it is and deletes it', async () => {
    const exe = Buffer.concat([
      Buffer.from('MZ'),
      Buffer.alloc(62),
      Buffer.from('PE\0\0'),
      randomBytes(4000),
    ]);
    const { done, id, url } = await uploadWhole(exe, 'lecture.pdf');
    expect(done.status).toBe(415);
    const message = (await json(done)).Message as string;
    expect(message).toMatch(
      /^This file is EXE \(application\/x-msdownload\) by its content, which is not accepted for a course document\. Upload PDF, PowerPoint \(\.pptx\), PowerPoint \(\.ppt\), Word \(\.docx\), Word \(\.doc\)\.$/,
    );
    expect((await readdir(partialUploadsDir(t.config))).filter((n) => n.startsWith(id))).toEqual([]);
    const head = await fetch(`${base}${url}`, { method: 'HEAD', headers: { ...TUS, ...lecturer } });
    expect(head.status).toBe(404);
    const info = await fetch(`${base}/api/uploads/${id}`, { headers: lecturer });
    expect(info.status).toBe(404);
  });

  it('hands a finished upload over once, to its owner, for its purpose', async () => {
    const { done, id } = await uploadWhole(pdfBytes(20_000));
    expect(done.status).toBe(200);
    const db = t.database.db;
    const ownerUserId = lecturerId;
    await expect(
      claimUpload(db, { uploadId: id, ownerUserId: adminId, purpose: 'content-document' }),
    ).rejects.toMatchObject({
      statusCode: 403,
      message: 'This upload belongs to another user.',
    });
    await expect(
      claimUpload(db, { uploadId: id, ownerUserId, purpose: 'content-video' }),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: 'This upload was made for a course document, not for a course video.',
    });
    const claimed = await claimUpload(db, { uploadId: id, ownerUserId, purpose: 'content-document' });
    expect(claimed).toMatchObject({
      id,
      kind: 'pdf',
      mime: 'application/pdf',
      size: 20_000,
      fileName: 'notes.pdf',
    });
    expect(claimed.key).toMatch(/^uploads\/content-document\/.+\.pdf$/);
    await expect(
      claimUpload(db, { uploadId: id, ownerUserId, purpose: 'content-document' }),
    ).rejects.toMatchObject({
      statusCode: 409,
      message: 'This upload has already been used. Upload the file again.',
    });
    await expect(
      claimUpload(db, {
        uploadId: '11111111-1111-4111-8111-111111111111',
        ownerUserId,
        purpose: 'content-document',
      }),
    ).rejects.toMatchObject({ statusCode: 404, message: 'Upload not found.' });
    // Another user cannot read its details or its file either.
    expect((await fetch(`${base}/api/uploads/${id}`, { headers: admin })).status).toBe(403);
    expect((await fetch(`${base}/api/uploads/${id}/file`, { headers: admin })).status).toBe(403);
  });

  it('serves a stored file by ranges, with HEAD, ETag and If-None-Match', async () => {
    const file = pdfBytes(5000);
    const { id } = await uploadWhole(file, 'ranges.pdf');
    const url = `${base}/api/uploads/${id}/file`;

    const first = await fetch(url, { headers: { ...lecturer, range: 'bytes=0-99' } });
    expect(first.status).toBe(206);
    expect(first.headers.get('content-range')).toBe(`bytes 0-99/${file.length}`);
    expect(first.headers.get('content-length')).toBe('100');
    expect(first.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await first.arrayBuffer()).equals(file.subarray(0, 100))).toBe(true);

    const rest = await fetch(url, { headers: { ...lecturer, range: 'bytes=1000-' } });
    expect(rest.status).toBe(206);
    expect(rest.headers.get('content-range')).toBe(`bytes 1000-${file.length - 1}/${file.length}`);
    expect(Buffer.from(await rest.arrayBuffer()).equals(file.subarray(1000))).toBe(true);

    const suffix = await fetch(url, { headers: { ...lecturer, range: 'bytes=-10' } });
    expect(suffix.status).toBe(206);
    expect(Buffer.from(await suffix.arrayBuffer()).equals(file.subarray(file.length - 10))).toBe(true);

    const beyond = await fetch(url, { headers: { ...lecturer, range: `bytes=${file.length}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${file.length}`);
    await beyond.arrayBuffer();

    const whole = await fetch(url, { headers: lecturer });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-length')).toBe(String(file.length));
    expect(whole.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    expect(whole.headers.get('content-disposition')).toMatch(/^inline; filename="ranges.pdf"/);
    // PDFs go as they are: pdf.js reads them by ranges, which a compressed answer would stop.
    expect(whole.headers.get('content-encoding')).toBeNull();
    const etag = whole.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    await whole.arrayBuffer();

    const again = await fetch(url, { headers: { ...lecturer, 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);

    const head = await fetch(url, { method: 'HEAD', headers: lecturer });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(file.length));
    expect(head.headers.get('accept-ranges')).toBe('bytes');

    // An If-Range that no longer matches gets the whole file.
    const stale = await fetch(url, { headers: { ...lecturer, range: 'bytes=0-9', 'if-range': '"old"' } });
    expect(stale.status).toBe(200);
    await stale.arrayBuffer();
  });

  it('removes unfinished uploads and unclaimed files older than a day', async () => {
    const created = await create(lecturer, { filename: 'old.pdf', purpose: 'content-document' }, 1000);
    const partialId = created.headers.get('location')!.split('/').pop()!;
    const { id: unclaimedId } = await uploadWhole(pdfBytes(2000), 'old-finished.pdf');
    const deps = { db: t.database.db, storage: t.app.deps.storage, partialDir: partialUploadsDir(t.config) };
    // Nothing is a day old yet.
    expect(await removeStaleUploads(deps)).toMatchObject({ partial: 0 });
    expect((await fetch(`${base}/api/uploads/${unclaimedId}`, { headers: lecturer })).status).toBe(200);
    const later = Date.now() + UPLOAD_LIFETIME_MS + 60_000;
    const removed = await removeStaleUploads(deps, later);
    expect(removed.partial).toBeGreaterThanOrEqual(1);
    expect(removed.unclaimed).toBeGreaterThanOrEqual(1);
    expect((await readdir(deps.partialDir)).filter((n) => n.startsWith(partialId))).toEqual([]);
    expect((await fetch(`${base}/api/uploads/${unclaimedId}`, { headers: lecturer })).status).toBe(404);
  });
});

async function stream(res: Response): Promise<Uint8Array> {
  return new Uint8Array(await res.arrayBuffer());
}

/** The user id a sign-in token is for (its subject). */
function userIdOf(token: string): number {
  return Number(JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')).sub);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function json(res: Response): Promise<any> {
  return res.json();
}
