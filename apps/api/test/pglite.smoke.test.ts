import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { REGISTRY_SPECS, resourcePath } from '@portal/contracts';
import { buildApp } from '../src/app.js';
import { payments, students } from '../src/db/schema/index.js';
import { copyDirectory, scratchDir, testConfig, type SeededDatabase } from './global-setup.js';
import { login } from './helpers.js';

/**
 * The embedded default as `npm start` runs it without DATABASE_URL: the application opens PGlite
 * in DATA_DIR/pgdata itself, migrates it and runs the seed on start, serves every module from it,
 * and finds its data again after a restart. With TEST_DATABASE_URL the rest of the suite runs on
 * PostgreSQL; this file (with the few in vitest.config.ts's `pgliteFiles`) is what shows that the
 * same code also starts and serves on the embedded database.
 */
describe.skipIf(process.env.TEST_DB_DRIVER !== 'pglite')('the embedded database (PGlite) in DATA_DIR', () => {
  let dataDir: string;
  let app: FastifyInstance;
  const env = {
    JWT_SECRET: 'a-secret-kept-across-the-restart-0123456789',
    RATE_LIMIT_LOGIN_PER_ADDRESS: '1000',
  };

  beforeAll(async () => {
    // The global setup's DATA_DIR, migrated and seeded from nothing on this engine (once per run),
    // as a previous start would have left it.
    const seeded = inject('seededDatabase') as SeededDatabase;
    dataDir = await mkdtemp(path.join(scratchDir(), 'portal-embedded-'));
    await copyDirectory(seeded.dataDir, dataDir);
    // No database handed in: buildApp opens DATA_DIR/pgdata, migrates it and seeds it, as on start.
    app = await buildApp(testConfig(dataDir, env), { jobs: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('starts on PGlite and reports the database up', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.json()).toEqual({ Status: 'Ok', Data: { database: 'up', driver: 'pglite' } });
  });

  it('signs in as each kind of user, and every module answers a GET', async () => {
    const admin = (await login(app, 'Admin', 'admin@demo.edu.ng')).auth;
    const lecturer = (await login(app, 'Admin', 'lecturer@demo.edu.ng')).auth;
    const student = (await login(app, 'Student', 'student4@demo.edu.ng')).auth;
    const applicant = (await login(app, 'Applicant', 'applicant5@demo.edu.ng')).auth;
    const anonymous = {};
    // A receipt is found by its payment's public id: the demo student's paid school fees.
    const [paid] = await app.deps.database.db
      .select({ publicId: payments.publicId })
      .from(payments)
      .innerJoin(students, eq(students.id, payments.studentId))
      .where(and(eq(students.matricNo, 'DIT/2024/0004'), eq(payments.state, 'paid')));
    type Answer = { Status?: string; msg?: string } & unknown[];
    const byModule: Record<string, [Record<string, string>, string, ((body: Answer) => boolean)?]> = {
      health: [anonymous, '/api/health'],
      sessions: [anonymous, '/api/ActiveSessions?schId=1'],
      admin: [admin, '/api/admin/pages'],
      admissions: [admin, '/api/admin/dashboard'],
      applicants: [applicant, '/api/applicant/biodata'],
      bursary: [admin, '/api/admin/bursary/options'],
      courses: [student, '/api/student/course-registration'],
      documents: [applicant, '/api/applicant/documents'],
      hostels: [student, '/api/student/hostel'],
      imports: [admin, '/api/admin/imports?kind=CAPSList'],
      letters: [applicant, '/api/applicant/document-links'],
      // Two of the original portal's routes answer in its shapes: a bare list, and `msg: 'Ok'`.
      olevel: [applicant, '/api/Subjects/GetSubjects', (body) => Array.isArray(body) && body.length > 0],
      payments: [student, '/api/student/payment-history'],
      receipts: [anonymous, `/api/PaymentReceiptByRRR?transactionId=${paid!.publicId}`],
      records: [admin, '/api/admin/records/students'],
      reference: [admin, `${resourcePath(REGISTRY_SPECS[0]!)}/options`],
      results: [student, '/api/student/results'],
      staff: [lecturer, '/api/admin/my-work'],
      students: [student, '/api/student/dashboard'],
      transactions: [admin, '/api/Admin/GetTransactionAsync', (body) => body.msg === 'Ok'],
    };
    const failures: string[] = [];
    const envelopeOk = (body: Answer) => body.Status === 'Ok';
    for (const [module, [headers, url, answered = envelopeOk]] of Object.entries(byModule)) {
      const response = await app.inject({ method: 'GET', url, headers });
      if (response.statusCode !== 200 || !answered(response.json()))
        failures.push(`${module}: GET ${url} → ${response.statusCode} ${response.body.slice(0, 300)}`);
    }
    expect(failures).toEqual([]);
    // The payment sandbox answers with pages, not JSON: an unknown checkout is said to be one.
    const checkout = await app.inject({ method: 'GET', url: '/api/sandbox/monnify/checkout/unknown' });
    expect(checkout.statusCode).toBe(404);
    expect(checkout.body).toContain('This checkout does not exist or has expired.');
  });

  it('keeps its data across a restart on the same DATA_DIR', async () => {
    const { auth } = await login(app, 'Student', 'student1@demo.edu.ng');
    await app.close();
    app = await buildApp(testConfig(dataDir, env), { jobs: false });
    await app.ready();
    // The session was written to the database on disk: the restarted process still knows it.
    const profile = await app.inject({ method: 'GET', url: '/api/student/profile', headers: auth });
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json().Status).toBe('Ok');
  });
});
