import path from 'node:path';
import yauzl from 'yauzl';
import { PASSPORT_MAX_BYTES } from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { audit, type AuditActor } from '../../platform/audit.js';
import { newStorageKey, type FileStorage } from '../../platform/storage.js';
import { detectKind, mimeOf } from '../../platform/uploads.js';
import { UserFacingError } from './candidates.js';
import * as repo from './imports.repository.js';

/**
 * `utmeImages`: a ZIP of passport photographs named by JAMB number (202410000001AA.jpg). Each
 * photograph is read with a size bound (the header's sizes are not trusted), checked by content
 * (JPEG or PNG), and stored as the applicant's passport. A photograph identical to the stored
 * one changes nothing, so the same ZIP can be uploaded twice.
 */

const MAX_ENTRIES = 100_000;
const MAX_TOTAL_BYTES = 2 * 1024 * 1024 * 1024;
const MAX_ERRORS_KEPT = 1000;

function openZip(filePath: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(filePath, { lazyEntries: true, autoClose: true, strictFileNames: false }, (err, zip) =>
      err || !zip ? reject(err ?? new Error('not a zip')) : resolve(zip),
    ),
  );
}

function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, maxBytes: number): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) return reject(err ?? new Error('unreadable entry'));
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          stream.destroy();
          resolve('too-large');
          return;
        }
        chunks.push(chunk);
      });
      stream.on('error', reject);
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    });
  });
}

export async function importPassports(
  db: Db,
  storage: FileStorage,
  job: repo.ImportJobRow,
  actor: AuditActor,
  progress: (values: Partial<repo.ImportJobRow>) => Promise<void>,
): Promise<void> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(job.filePath!);
  } catch {
    throw new UserFacingError('The file is not a readable ZIP archive.');
  }
  const counts = {
    totalRows: Math.min(zip.entryCount, MAX_ENTRIES),
    processedRows: 0,
    createdCount: 0,
    updatedCount: 0,
    unchangedCount: 0,
    invalidCount: 0,
  };
  const errors: string[] = [];
  const fail = (message: string) => {
    counts.invalidCount += 1;
    if (errors.length < MAX_ERRORS_KEPT) errors.push(message);
  };
  if (zip.entryCount > MAX_ENTRIES)
    throw new UserFacingError(`The ZIP holds more than ${MAX_ENTRIES} files.`);
  await progress({ totalRows: counts.totalRows });
  let files = 0;
  let totalBytes = 0;

  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', resolve);
    zip.on('entry', (entry: yauzl.Entry) => {
      void (async () => {
        const name = entry.fileName;
        const base = path.posix.basename(name);
        if (name.endsWith('/') || name.startsWith('__MACOSX/') || base.startsWith('.')) {
          counts.totalRows -= 1;
          return;
        }
        files += 1;
        counts.processedRows += 1;
        const match = /^([0-9]{8,12}[A-Za-z]{2})\.(jpe?g|png)$/i.exec(base);
        if (!match) {
          fail(`${base}: name it by JAMB number, e.g. 202410000001AA.jpg`);
          return;
        }
        const jamb = match[1]!.toUpperCase();
        const bytes = await readEntry(zip, entry, PASSPORT_MAX_BYTES);
        if (bytes === 'too-large') {
          fail(`${base}: larger than ${Math.round(PASSPORT_MAX_BYTES / 1024)} KB`);
          return;
        }
        totalBytes += bytes.length;
        if (totalBytes > MAX_TOTAL_BYTES) throw new UserFacingError('The ZIP expands to more than 2 GB.');
        let kind: 'jpg' | 'png';
        try {
          kind = (await detectKind(bytes.subarray(0, 4100), ['jpg', 'png'])) as 'jpg' | 'png';
        } catch {
          fail(`${base}: not a JPEG or PNG photograph`);
          return;
        }
        const applicant = await repo.applicantForPassport(db, jamb);
        if (!applicant) {
          fail(`${base}: no applicant has JAMB Number ${jamb}`);
          return;
        }
        const current = await repo.passportDocument(db, applicant.id);
        if (current) {
          const stored = await storage.read(current.storageKey);
          if (stored && stored.equals(bytes)) {
            counts.unchangedCount += 1;
            return;
          }
        }
        const key = newStorageKey(`applicants/${applicant.publicId}`, 'passport', kind);
        await storage.put(key, bytes);
        try {
          await db.transaction(async (tx) => {
            await repo.savePassport(tx, applicant.id, {
              storageKey: key,
              fileName: `passport.${kind}`,
              contentType: mimeOf(kind),
              size: bytes.length,
            });
            await audit(tx, {
              actor,
              page: 'utmeImages',
              action: current ? 'replace-passport' : 'add-passport',
              entity: 'applicant',
              entityId: applicant.id,
              before: current ? { passport: current.storageKey, size: current.size } : null,
              after: { passport: key, size: bytes.length, file: base },
            });
          });
        } catch (error) {
          await storage.delete(key).catch(() => undefined);
          throw error;
        }
        if (current) {
          counts.updatedCount += 1;
          await storage.delete(current.storageKey).catch(() => undefined);
        } else counts.createdCount += 1;
      })()
        .then(async () => {
          if (counts.processedRows % 200 === 0) await progress({ ...counts, errors: [...errors] });
          zip.readEntry();
        })
        .catch((error: unknown) => {
          zip.close();
          reject(error);
        });
    });
    zip.readEntry();
  });
  await progress({ ...counts, totalRows: files, errors: [...errors] });
}
