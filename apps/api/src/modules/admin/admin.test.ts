import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSheet } from 'read-excel-file/node';
import { admins, applicants, auditLog, pages, payments } from '../../db/schema/index.js';
import { newPublicId } from '../../platform/ids.js';
import { institutionToday } from '../../platform/time.js';
import { login, startTestApp, type TestApp } from '../../../test/helpers.js';
import { mailText, startSmtpReceiver } from '../../../test/smtp.js';
import { makeAdmin } from './test-support.js';

type Smtp = Awaited<ReturnType<typeof startSmtpReceiver>>;
type Headers = Record<string, string>;

describe('admin area API', { timeout: 60_000 }, () => {
  let t: TestApp;
  let smtp: Smtp;
  let admin: Headers;
  let adminId: number;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await startTestApp({ SMTP_URL: smtp.url, RATE_LIMIT_LOGIN_PER_ADDRESS: '1000' });
    const signedIn = await login(t.app, 'Admin', 'admin@demo.edu.ng');
    admin = signedIn.auth;
    adminId = signedIn.body.Data.UserId;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  }, 60_000);

  const get = (url: string, headers: Headers = admin) => t.app.inject({ method: 'GET', url, headers });
  const post = (url: string, payload: object, headers: Headers = admin) =>
    t.app.inject({ method: 'POST', url, headers, payload });
  const put = (url: string, payload: object, headers: Headers = admin) =>
    t.app.inject({ method: 'PUT', url, headers, payload });
  const del = (url: string, headers: Headers = admin) => t.app.inject({ method: 'DELETE', url, headers });
  const lastAudit = async (entity: string, entityId: string | number) => {
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(entityId))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    return row;
  };

  describe('roles and users', () => {
    let roleId: number;
    let pageIds: number[];
    let userId: number;

    it('lists the page catalogue and the seeded roles with their pages', async () => {
      const catalogue = (await get('/api/admin/pages')).json();
      expect(catalogue.Status).toBe('Ok');
      expect(catalogue.Data[0]).toEqual({
        PageId: expect.any(Number),
        Menu_Id: 1,
        Menu_Name: 'Administration',
        Menu_Icon: 'admin_panel_settings',
        Page: 'roles',
      });
      pageIds = catalogue.Data.filter((p: { Page: string }) =>
        ['AuditTrail', 'Transaction'].includes(p.Page),
      ).map((p: { PageId: number }) => p.PageId);
      const roles = (await get('/api/AdminRole/GetRolesAsync')).json();
      expect(roles.Status).toBe('Ok');
      const superRole = roles.Data.find((r: { RoleName: string }) => r.RoleName === 'Super Admin');
      expect(superRole.Pages).toHaveLength(catalogue.Data.length);
      expect(superRole.UserCount).toBe(2);
    });

    it('creates a role, refuses a duplicate name and unknown pages, and audits the change', async () => {
      const created = await post('/api/AdminRole/CreateAdminRolesAsync', {
        RoleName: 'Bursary Clerk',
        Description: 'Transactions',
        PageIds: pageIds,
      });
      expect(created.statusCode).toBe(200);
      expect(created.json()).toMatchObject({
        Status: 'Ok',
        Message: 'Role added successfully',
        Data: { RoleName: 'Bursary Clerk', UserCount: 0 },
      });
      roleId = created.json().Data.RoleId;
      expect(
        created
          .json()
          .Data.Pages.map((p: { Page: string }) => p.Page)
          .sort(),
      ).toEqual(['AuditTrail', 'Transaction']);
      const audit = await lastAudit('role', roleId);
      expect(audit).toMatchObject({
        action: 'create',
        page: 'roles',
        actorAdminId: adminId,
        actorEmail: 'admin@demo.edu.ng',
        before: null,
      });
      expect(audit!.after).toMatchObject({
        RoleName: 'Bursary Clerk',
        Pages: expect.arrayContaining(['AuditTrail', 'Transaction']),
      });

      const duplicate = await post('/api/AdminRole/CreateAdminRolesAsync', {
        RoleName: 'bursary clerk',
        PageIds: [],
      });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json()).toEqual({
        Status: 'Invalid',
        Message: 'A role with this name already exists.',
      });
      const unknown = await post('/api/AdminRole/CreateAdminRolesAsync', {
        RoleName: 'Ghost',
        PageIds: [999999],
      });
      expect(unknown.json().Message).toBe('One or more of the selected pages do not exist.');
      const invalid = await post('/api/AdminRole/CreateAdminRolesAsync', { RoleName: 'X', PageIds: [] });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().Message).toContain('Role name must have at least 2 characters.');
    });

    it('updates a role and records before and after; the Super Admin role keeps every page', async () => {
      const [transaction] = await t.database.db.select().from(pages).where(eq(pages.page, 'Transaction'));
      const updated = await post('/api/AdminRole/CreateAdminRolesAsync', {
        RoleId: roleId,
        RoleName: 'Bursary Clerk',
        Description: 'Only transactions',
        PageIds: [transaction!.id],
      });
      expect(updated.json()).toMatchObject({
        Status: 'Ok',
        Message: 'Role updated successfully',
        Data: { Description: 'Only transactions' },
      });
      const audit = await lastAudit('role', roleId);
      expect(audit).toMatchObject({
        action: 'update',
        before: { Pages: expect.arrayContaining(['AuditTrail']) },
        after: { Pages: ['Transaction'] },
      });
      const roles = (await get('/api/AdminRole/GetRolesAsync')).json();
      const superRole = roles.Data.find((r: { RoleName: string }) => r.RoleName === 'Super Admin');
      const stripped = await post('/api/AdminRole/CreateAdminRolesAsync', {
        RoleId: superRole.RoleId,
        RoleName: 'Super Admin',
        PageIds: [transaction!.id],
      });
      expect(stripped.statusCode).toBe(400);
    });

    it('adds an admin user, e-mails a default password that signs in, and lists users with roles', async () => {
      const added = await post('/api/Admin/CreateUserAsync', {
        Email: 'Bursar@Demo.edu.ng',
        FirstName: 'Kemi',
        LastName: 'Bursar',
        RoleIds: [roleId],
      });
      expect(added.statusCode).toBe(200);
      expect(added.json()).toMatchObject({
        Status: 'Ok',
        Message: 'user added successfully',
        Data: {
          Email: 'bursar@demo.edu.ng',
          IsActive: true,
          IsFirstLogin: true,
          Username: 'bursar@demo.edu.ng',
          Fullname: 'Bursar Kemi',
          Roles: [{ RoleId: roleId, RoleName: 'Bursary Clerk' }],
          permissions: ['Transaction'],
        },
      });
      userId = added.json().Data.UserId;
      const mail = await smtp.waitFor((m) => m.to.includes('bursar@demo.edu.ng'));
      const password = /Default password: (\S+)/.exec(mailText(mail))?.[1];
      const bursar = await login(t.app, 'Admin', 'bursar@demo.edu.ng', password!);
      expect(bursar.body.Data5.map((p: { Page: string }) => p.Page)).toEqual(['Transaction']);
      expect((await get('/api/Admin/GetTransactionAsync', bursar.auth)).statusCode).toBe(200);
      expect((await get('/api/admin/audit', bursar.auth)).statusCode).toBe(403);

      const audit = await lastAudit('admin', userId);
      expect(audit).toMatchObject({ action: 'create', page: 'administrators' });
      expect(JSON.stringify(audit!.after)).not.toContain(password!);

      const duplicate = await post('/api/Admin/CreateUserAsync', {
        Email: 'bursar@demo.edu.ng',
        FirstName: 'A',
        LastName: 'B',
        RoleIds: [],
      });
      expect(duplicate.json()).toMatchObject({
        Status: 'Invalid',
        Message: 'An admin with this e-mail already exists.',
      });
      const badEmail = await post('/api/Admin/CreateUserAsync', {
        Email: 'nope',
        FirstName: 'A',
        LastName: 'B',
        RoleIds: [],
      });
      expect(badEmail.statusCode).toBe(400);
      expect(badEmail.json().Message).toContain('Email is invalid');

      const list = (await get('/api/AdminRole/GetUserAsync?page=1&pageSize=2&search=bursar')).json();
      expect(list).toMatchObject({ Status: 'Ok', Page: 1, PageSize: 2, Total: 1 });
      expect(list.Data[0]).toMatchObject({ UserId: userId, Roles: [{ RoleName: 'Bursary Clerk' }] });
      const none = (await get('/api/AdminRole/GetUserAsync?search=nobody-here')).json();
      expect(none).toMatchObject({
        Status: 'NotFound',
        Message: 'There are no Users presently',
        Data: [],
        Total: 0,
      });

      const rolesOfUser = (await get(`/api/AdminRole/GetRolesIDAsync/${userId}`)).json();
      expect(rolesOfUser).toMatchObject({ Status: 'Ok', Data: [{ RoleId: roleId }] });
    });

    it('updates and deactivates an admin (sessions stop at once), and refuses self-deactivation and lock-out', async () => {
      const bursarSession = await makeAdmin(t.app, t.database.db, 'temp', ['Transaction']);
      const payload = {
        UserId: bursarSession.id,
        Email: bursarSession.email,
        FirstName: 'Temp',
        LastName: 'Clerk',
        RoleIds: [] as number[],
      };
      const noRoles = await post('/api/Admin/CreateUserAsync', payload);
      expect(noRoles.json()).toMatchObject({
        Status: 'Ok',
        Message: 'user updated successfully',
        Data: { Roles: [], permissions: [] },
      });
      expect((await get(`/api/AdminRole/GetRolesIDAsync/${bursarSession.id}`)).json()).toEqual({
        Status: 'NotFound',
        Message: 'There are no Roles Assigned to User',
        Data: [],
      });
      const deactivated = await post('/api/Admin/CreateUserAsync', { ...payload, IsActive: false });
      expect(deactivated.json().Data.IsActive).toBe(false);
      expect((await get('/api/Admin/GetTransactionAsync', bursarSession.headers)).statusCode).toBe(401);
      expect(await lastAudit('admin', bursarSession.id)).toMatchObject({
        action: 'deactivate',
        before: { IsActive: true },
        after: { IsActive: false },
      });
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/Account/Login',
        payload: { Username: bursarSession.email, Password: 'Tested-Admin-2025!', userMode: 'Admin' },
      });
      expect(signIn.statusCode).toBe(403);

      const self = await post('/api/Admin/CreateUserAsync', {
        UserId: adminId,
        Email: 'admin@demo.edu.ng',
        FirstName: 'Adaobi',
        LastName: 'Nwosu',
        RoleIds: [1],
        IsActive: false,
      });
      expect(self.json()).toEqual({ Status: 'Invalid', Message: 'You cannot deactivate your own account.' });

      // Taking every role from both super admins would leave nobody able to manage roles.
      const [support] = await t.database.db
        .select()
        .from(admins)
        .where(eq(admins.email, 'support@demo.edu.ng'));
      const ok = await post('/api/Admin/CreateUserAsync', {
        UserId: support!.id,
        Email: support!.email,
        FirstName: 'Support',
        LastName: 'Desk',
        RoleIds: [],
      });
      expect(ok.statusCode).toBe(200);
      const lockout = await post('/api/Admin/CreateUserAsync', {
        UserId: adminId,
        Email: 'admin@demo.edu.ng',
        FirstName: 'Adaobi',
        LastName: 'Nwosu',
        RoleIds: [],
      });
      expect(lockout.statusCode).toBe(409);
      expect(lockout.json().Message).toBe(
        'This change would leave no active administrator able to manage roles and administrators.',
      );
      expect((await get('/api/AdminRole/GetRolesAsync')).statusCode).toBe(200);
    });

    it('deletes an unused role and refuses one in use', async () => {
      expect((await del(`/api/admin/roles/${roleId}`)).statusCode).toBe(409);
      const spare = await post('/api/AdminRole/CreateAdminRolesAsync', { RoleName: 'Spare', PageIds: [] });
      const spareId = spare.json().Data.RoleId;
      expect((await del(`/api/admin/roles/${spareId}`)).json()).toEqual({
        Status: 'Ok',
        Message: 'Role deleted successfully',
      });
      expect(await lastAudit('role', spareId)).toMatchObject({
        action: 'delete',
        after: null,
        before: { RoleName: 'Spare' },
      });
    });
  });

  describe('admission set-up through the registry', () => {
    let sessionId: number;
    it('creates, lists, updates, switches and deletes admission sessions and batches, each audited', async () => {
      const academic = (await get('/api/ActiveSessions?schId=1')).json().Data[0].Academic_SessionID;
      const bad = await post('/api/admin/admission-sessions', {
        name: '2025-2026',
        academicSessionId: academic,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().Message).toContain('Session name must look like 2024/2025.');
      const missingRef = await post('/api/admin/admission-sessions', {
        name: '2025/2026',
        academicSessionId: 999,
        resumptionDate: '2026-01-19',
        registrationClosesOn: '2026-02-02',
      });
      expect(missingRef.json()).toEqual({ Status: 'Invalid', Message: 'Academic session not found.' });

      const backwards = await post('/api/admin/admission-sessions', {
        name: '2025/2026',
        academicSessionId: academic,
        resumptionDate: '2026-01-19',
        registrationClosesOn: '2026-01-18',
      });
      expect(backwards.json()).toEqual({
        Status: 'Invalid',
        Message: 'Registration cannot close before resumption.',
      });
      const created = await post('/api/admin/admission-sessions', {
        name: '2025/2026',
        academicSessionId: academic,
        resumptionDate: '2026-01-19',
        registrationClosesOn: '2026-02-02',
      });
      expect(created.json()).toMatchObject({
        Status: 'Ok',
        Message: 'Admission session created.',
        Data: { name: '2025/2026', isCurrent: false, academicSessionName: '2024/2025' },
      });
      sessionId = created.json().Data.id;
      expect(await lastAudit('admission-sessions', sessionId)).toMatchObject({
        action: 'create',
        page: 'admission/admissionSession',
      });
      const duplicate = await post('/api/admin/admission-sessions', {
        name: '2025/2026',
        academicSessionId: academic,
        resumptionDate: '2026-01-19',
        registrationClosesOn: '2026-02-02',
      });
      expect(duplicate.statusCode).toBe(409);

      const list = (await get('/api/admin/admission-sessions?search=2026&sort=name&order=desc')).json();
      expect(list).toMatchObject({ Status: 'Ok', Total: 1, Data: [{ name: '2025/2026' }] });

      const current = await post(`/api/admin/admission-sessions/${sessionId}/current`, { value: true });
      expect(current.json().Data.isCurrent).toBe(true);
      expect((await get('/api/CurrentAdmSession/1')).json().Data.SessionName).toBe('2025/2026');
      const off = await post(`/api/admin/admission-sessions/${sessionId}/current`, { value: false });
      expect(off.statusCode).toBe(400);
      const oldId = (await get('/api/admin/admission-sessions?search=2024')).json().Data[0].id;
      await post(`/api/admin/admission-sessions/${oldId}/current`, { value: true });
      expect(await lastAudit('admission-sessions', oldId)).toMatchObject({
        action: 'current',
        before: { isCurrent: false },
        after: { isCurrent: true },
      });

      const batch = await post('/api/admin/admission-batches', {
        admissionSessionId: sessionId,
        name: 'Supplementary',
      });
      expect(batch.json()).toMatchObject({
        Status: 'Ok',
        Data: { name: 'Supplementary', isOpen: true, admissionSessionName: '2025/2026' },
      });
      const batchId = batch.json().Data.id;
      const renamed = await put(`/api/admin/admission-batches/${batchId}`, {
        admissionSessionId: sessionId,
        name: 'Second Batch',
        isOpen: false,
      });
      expect(renamed.json().Data).toMatchObject({ name: 'Second Batch', isOpen: false });
      expect(await lastAudit('admission-batches', batchId)).toMatchObject({
        action: 'update',
        before: { name: 'Supplementary' },
        after: { name: 'Second Batch' },
      });
      // The session has a batch: it cannot be deleted until the batch is.
      expect((await del(`/api/admin/admission-sessions/${sessionId}`)).json()).toEqual({
        Status: 'Invalid',
        Message: 'This admission session is in use by an admission batch and cannot be deleted.',
      });
      expect((await del(`/api/admin/admission-batches/${batchId}`)).statusCode).toBe(200);
      expect((await del(`/api/admin/admission-sessions/${sessionId}`)).statusCode).toBe(200);
      expect(await lastAudit('admission-sessions', sessionId)).toMatchObject({
        action: 'delete',
        after: null,
      });
      expect((await get(`/api/admin/admission-sessions/${sessionId}`)).statusCode).toBe(404);
    });

    it('publishes admission information', async () => {
      const current = (await get('/api/CurrentAdmSession/1')).json().Data.SessionId;
      const info = await post('/api/admin/admission-information', {
        admissionSessionId: current,
        title: 'Screening dates',
        body: 'Screening holds on 3 March.',
      });
      const id = info.json().Data.id;
      expect(info.json().Data.isPublished).toBe(false);
      const published = await post(`/api/admin/admission-information/${id}/publish`, { value: true });
      expect(published.json().Data.isPublished).toBe(true);
      expect((await get('/api/admin/admission-information?isPublished=true')).json().Total).toBe(1);
      expect(await lastAudit('admission-information', id)).toMatchObject({ action: 'publish' });
    });

    it('uploads an admission document checked by content, targeted by levels and departments', async () => {
      const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
      const boundary = '----portaltest';
      const body = (fields: Record<string, string>, file: Buffer, name: string) =>
        Buffer.concat([
          ...Object.entries(fields).map(([k, v]) =>
            Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
          ),
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`,
          ),
          file,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]);
      const headers = { ...admin, 'content-type': `multipart/form-data; boundary=${boundary}` };
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/admin/admission-documents',
        headers,
        payload: body(
          { name: 'Medical Form', description: 'Fill and bring', levelIds: '1', departmentIds: '1,2' },
          pdf,
          'medical.pdf',
        ),
      });
      expect(created.statusCode).toBe(200);
      expect(created.json().Data).toMatchObject({
        name: 'Medical Form',
        fileExt: 'pdf',
        contentType: 'application/pdf',
        levelIds: [1],
        departmentIds: [1, 2],
        type: 2,
      });
      const id = created.json().Data.id;
      const download = await get(`/api/admin/admission-documents/${id}/file`);
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(pdf)).toBe(true);
      const fake = await t.app.inject({
        method: 'POST',
        url: '/api/admin/admission-documents',
        headers,
        payload: body({ name: 'Fake' }, Buffer.from('MZ\x90\x00 this is an exe'), 'fake.pdf'),
      });
      expect(fake.statusCode).toBe(415);
      const badRef = await t.app.inject({
        method: 'POST',
        url: '/api/admin/admission-documents',
        headers,
        payload: body({ name: 'Form', departmentIds: '999' }, pdf, 'a.pdf'),
      });
      expect(badRef.json().Message).toBe('One or more of the selected departments do not exist.');
      const huge = await t.app.inject({
        method: 'POST',
        url: '/api/admin/admission-documents',
        headers,
        payload: body({ name: 'Huge' }, Buffer.concat([pdf, Buffer.alloc(11 * 1024 * 1024, 32)]), 'huge.pdf'),
      });
      expect(huge.statusCode).toBe(413);
      expect(huge.json()).toEqual({
        Status: 'Invalid',
        Message: 'The file is larger than the 10 MB allowed.',
      });
      expect((await get('/api/admin/admission-documents?search=Huge')).json().Total).toBe(0);
      expect((await del(`/api/admin/admission-documents/${id}`)).statusCode).toBe(200);
      expect(await lastAudit('admission_form', id)).toMatchObject({
        action: 'delete',
        before: { name: 'Medical Form', storageKey: expect.any(String) },
      });
    });
  });

  describe('processing applications', () => {
    const ids: Record<string, number> = {};
    beforeAll(async () => {
      const rows = await t.database.db
        .select({ id: applicants.id, jamb: applicants.jambRegNo })
        .from(applicants);
      for (const r of rows) ids[r.jamb] = r.id;
    });

    it('lists applications by view with filters, search, sorting and paging', async () => {
      const all = (await get('/api/admin/applications/all?pageSize=3&sort=score&order=desc')).json();
      expect(all).toMatchObject({ Status: 'Ok', Page: 1, PageSize: 3, Total: 7 });
      expect(all.Data.map((a: { utmeScore: number }) => a.utmeScore)).toEqual([285, 280, 275]);
      expect(all.Data[0]).toMatchObject({
        jambRegNo: '202410000007AG',
        stage: 'accepted',
        departmentName: 'Computer Science',
      });
      const completed = (await get('/api/admin/applications/completed')).json();
      expect(completed.Data.map((a: { jambRegNo: string }) => a.jambRegNo).sort()).toEqual([
        '202410000005AE',
        '202410000006AF',
        '202410000007AG',
      ]);
      const inProgress = (await get('/api/admin/applications/inprogress?sort=name&order=asc')).json();
      expect(inProgress.Total).toBe(4);
      expect(inProgress.Data.map((a: { stage: string }) => a.stage)).toEqual(
        expect.arrayContaining(['new', 'biodata', 'olevel', 'documents']),
      );
      expect((await get('/api/admin/applications/all?search=okafor')).json().Data[0].jambRegNo).toBe(
        '202410000001AA',
      );
      expect((await get('/api/admin/applications/all?search=20241000000')).json().Total).toBe(7);
      expect((await get('/api/admin/applications/all?minScore=270&maxScore=280')).json().Total).toBe(3);
      expect((await get('/api/admin/applications/all?minScore=300&maxScore=200')).json().Message).toBe(
        'The lowest score cannot be above the highest.',
      );
      expect((await get('/api/admin/applications/all?sort=bogus')).statusCode).toBe(400);
    });

    it('finds applicants by any part of their names, by several words, by JAMB number or e-mail', async () => {
      const found = async (query: string) => {
        const body = (await get(`/api/admin/applications/${query}`)).json();
        const jambs = body.Data.map((a: { jambRegNo: string }) => a.jambRegNo).sort();
        expect(body.Total).toBe(jambs.length);
        return jambs;
      };
      // Part of a name, not only its start: served by the trigram index on PostgreSQL and PGlite.
      expect(await found('all?search=kafo')).toEqual(['202410000001AA']);
      expect(await found('all?search=EYE')).toEqual(['202410000003AC', '202410000006AF']);
      expect(await found('all?search=okafor')).toEqual(['202410000001AA']);
      // Every word must match, in any name and any order: first, last and other names.
      expect(await found('all?search=okafor%20chinedu')).toEqual(['202410000001AA']);
      expect(await found('all?search=emeka')).toEqual(['202410000001AA']);
      expect(await found('all?search=adeyemi%20oluwa')).toEqual(['202410000003AC']);
      expect(await found('all?search=okafor%20bello')).toEqual([]);
      // Combined with a view: Okafor has not completed registration.
      expect(await found('completed?search=okafor')).toEqual([]);
      expect(await found('completed?search=udoh')).toEqual(['202410000007AG']);
      expect(await found('all?search=202410000003')).toEqual(['202410000003AC']);
      expect(await found('all?search=applicant2%40demo')).toEqual(['202410000002AB']);
      // LIKE wildcards are plain characters.
      expect(await found('all?search=%25')).toEqual([]);
      expect(await found('all?search=_')).toEqual([]);
    });

    it("derives each applicant's stage in SQL exactly as the applicants module derives the flags", async () => {
      const list = (await get('/api/admin/applications/all?pageSize=100')).json().Data as {
        id: number;
        stage: string;
      }[];
      expect(list.length).toBe(7);
      for (const item of list) {
        const r = (await get(`/api/admin/applicants/${item.id}`)).json().Data.Record;
        const expected =
          r.AdmissionState === 'rejected'
            ? 'rejected'
            : r.AdmissionLevel === 4
              ? 'accepted'
              : r.AdmissionLevel === 3
                ? 'admitted'
                : r.AdmissionState === 'verified' || r.AdmissionState === 'screened'
                  ? r.AdmissionState
                  : r.RegComplete
                    ? 'registered'
                    : r.IsUploadDocument
                      ? 'documents'
                      : r.IsOlevelSaved
                        ? 'olevel'
                        : r.IsBiodataSaved
                          ? 'biodata'
                          : 'new';
        expect(item.stage, `applicant ${item.id}`).toBe(expected);
      }
    });

    it('refuses an invalid transition with a clear message and changes nothing', async () => {
      const refused = await post('/api/admin/applications/admit', {
        ids: [ids['202410000001AA']!, ids['202410000005AE']!],
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().Message).toBe(
        'Cannot admit 202410000001AA (Okafor Chinedu): registration is not complete. Cannot admit 202410000005AE (Musa Ibrahim): the application has not been verified. Nothing was changed.',
      );
      const [row] = await t.database.db
        .select()
        .from(applicants)
        .where(eq(applicants.id, ids['202410000005AE']!));
      expect(row!.admissionStatus).toBe('none');
    });

    it('screens, verifies and admits a registered applicant, who reaches AdmissionLevel 3 and is e-mailed', async () => {
      const id = ids['202410000005AE']!;
      expect(
        (await get('/api/admin/applications/screening')).json().Data.map((a: { id: number }) => a.id),
      ).toEqual([id]);
      expect((await post('/api/admin/applications/screen', { ids: [id] })).json()).toEqual({
        Status: 'Ok',
        Message: '1 applicant screened.',
        Data: { ids: [id] },
      });
      expect((await post('/api/admin/applications/screen', { ids: [id] })).json().Message).toContain(
        'the application is already screened',
      );
      expect((await post('/api/admin/applications/verify', { ids: [id] })).json().Message).toBe(
        '1 applicant verified.',
      );
      expect((await get('/api/admin/applications/confirmation')).json().Total).toBe(1);
      const admitted = await post('/api/admin/applications/admit', { ids: [id] });
      expect(admitted.json().Message).toBe('1 applicant admitted.');
      for (const action of ['screen', 'verify', 'admit']) {
        const [entry] = await t.database.db
          .select()
          .from(auditLog)
          .where(
            and(
              eq(auditLog.entity, 'applicant'),
              eq(auditLog.entityId, String(id)),
              eq(auditLog.action, action),
            ),
          );
        expect(entry).toMatchObject({ actorEmail: 'admin@demo.edu.ng' });
      }
      const applicant = await login(t.app, 'Applicant', 'applicant5@demo.edu.ng');
      const record = (
        await get(`/api/Applicants/GetApplicantRecordById?ApplicantID=${id}`, applicant.auth)
      ).json();
      expect(record.Data).toMatchObject({ AdmissionLevel: 3, AdmissionStatus: true, RegComplete: true });
      const mail = await smtp.waitFor((m) => m.to.includes('applicant5@demo.edu.ng'));
      expect(mailText(mail)).toContain('provisional admission');
      expect(mailText(mail)).toContain('non-refundable acceptance fee of ₦5,000.00 within 5 days');

      const full = (await get(`/api/admin/applicants/${id}`)).json();
      expect(full.Data.Record).toMatchObject({ JambRegNo: '202410000005AE', AdmissionLevel: 3 });
      expect(full.Data.Olevel.length).toBeGreaterThanOrEqual(8);
      const passport = full.Data.Documents.find((d: { Kind: string }) => d.Kind === 'passport');
      expect(passport.Uploaded.DownloadUrl).toBe(`/api/admin/applicants/${id}/documents/passport`);
      const inline = await get(passport.Uploaded.DownloadUrl);
      expect(inline.statusCode).toBe(200);
      expect(inline.headers['content-disposition']).toMatch(/^inline/);
      expect(inline.headers['content-type']).toBe('image/png');
    });

    it('rejects with a reason, but not once the acceptance fee is paid', async () => {
      const paid = await post('/api/admin/applications/reject', {
        ids: [ids['202410000007AG']!],
        reason: 'Late',
      });
      expect(paid.json().Message).toContain('the applicant has paid the acceptance fee');
      const noReason = await post('/api/admin/applications/reject', {
        ids: [ids['202410000004AD']!],
        reason: '',
      });
      expect(noReason.json().Message).toContain('Give a reason for the rejection.');
      const rejected = await post('/api/admin/applications/reject', {
        ids: [ids['202410000004AD']!],
        reason: 'Did not meet the cut-off mark',
      });
      expect(rejected.json().Message).toBe('1 applicant rejected.');
      expect((await get('/api/admin/applications/rejected')).json().Data[0]).toMatchObject({
        jambRegNo: '202410000004AD',
        rejectionReason: 'Did not meet the cut-off mark',
        stage: 'rejected',
      });

      // The applicant is told: by e-mail, and on the dashboard's record, with the reason.
      const mail = await smtp.waitFor(
        (m) =>
          m.to.includes('applicant4@demo.edu.ng') &&
          /Reason: Did not meet the cut-off mark/.test(mailText(m)),
      );
      expect(mailText(mail)).toContain('has not been successful');
      const applicant = await login(t.app, 'Applicant', '202410000004AD');
      const record = (
        await get(
          `/api/Applicants/GetApplicantRecordById?ApplicantID=${ids['202410000004AD']}`,
          applicant.auth,
        )
      ).json().Data;
      expect(record).toMatchObject({
        AdmissionState: 'rejected',
        RejectionReason: 'Did not meet the cut-off mark',
        AdmissionStatus: false,
      });
    });

    it('reports counts, shows the dashboard from live data, and publishes the admitted list', async () => {
      const report = (await get('/api/admin/applications/report')).json().Data;
      expect(report.total).toBe(7);
      expect(report.byStatus).toMatchObject({ admitted: 3, rejected: 1 });
      expect(report.byStage).toMatchObject({ accepted: 1, admitted: 2, rejected: 1 });
      const dashboard = (await get('/api/admin/dashboard')).json().Data;
      expect(dashboard.stages.accounts).toBe(7);
      expect(dashboard.byDepartment[0]).toMatchObject({
        departmentName: 'Computer Science',
        applicants: 7,
        admitted: 3,
        accepted: 1,
      });
      expect(dashboard.acceptanceFees).toMatchObject({
        paidCount: expect.any(Number),
        paidKobo: expect.any(Number),
      });
      expect(dashboard.acceptanceFees.paidNaira).toBe(dashboard.acceptanceFees.paidKobo / 100);

      const sessionId = (await get('/api/CurrentAdmSession/1')).json().Data.SessionId;
      expect((await get('/api/AdmissionList')).statusCode).toBe(404);
      const published = await post('/api/admin/admission-list/publish', {
        admissionSessionId: sessionId,
        publish: true,
      });
      expect(published.json().Data).toMatchObject({ published: true });
      const list = (await get('/api/AdmissionList', {})).json();
      expect(list).toMatchObject({ Status: 'Ok', Total: 3, SessionName: '2024/2025' });
      expect(await lastAudit('admission_list', sessionId)).toMatchObject({ action: 'publish' });
    });

    it('exports a filtered list as CSV and as XLSX', async () => {
      const csv = await get('/api/admin/applications/export?view=completed&format=csv');
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toContain('text/csv');
      const lines = csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toMatch(/^JAMB Number,Last Name,First Name/);
      expect(lines).toHaveLength(4);
      const xlsx = await get('/api/admin/applications/export?view=all&format=xlsx&status=admitted');
      expect(xlsx.statusCode).toBe(200);
      const rows = await readSheet(xlsx.rawPayload);
      expect(rows).toHaveLength(4);
      expect(rows[0]![0]).toBe('JAMB Number');
    });

    it("answers the /app console's applicant records: each view's columns, its filters, its exports", async () => {
      const admitted = (await get('/api/admin/applications/all?status=admitted')).json().Total;
      expect(admitted).toBeGreaterThan(0);
      const olevel = (await get('/api/admin/applicant-records/olevel?status=admitted&pageSize=50')).json();
      expect(olevel).toMatchObject({ Status: 'Ok', Total: admitted });
      for (const row of olevel.Data)
        expect(Object.keys(row.cells)).toEqual([
          'jambRegNo',
          'name',
          'sittings',
          'credits',
          'results',
          'department',
          'status',
        ]);
      const withResults = olevel.Data.find((r: { cells: { sittings: number } }) => r.cells.sittings > 0);
      expect(withResults.cells.results).toMatch(/^\S.* \d{4} \(.+\): .+ [A-F]\d/);
      expect(withResults.cells.credits).toBeGreaterThan(0);

      const biodata = (await get('/api/admin/applicant-records/biodata?search=202410000003AC')).json();
      expect(biodata.Data).toHaveLength(1);
      expect(biodata.Data[0].cells).toMatchObject({ jambRegNo: '202410000003AC', email: expect.any(String) });
      expect(biodata.Data[0].cells).not.toHaveProperty('results');

      expect((await get('/api/admin/applicant-records/grades')).statusCode).toBe(400);
      expect((await get(`/api/admin/applicant-records/jamb?departmentId=${2 ** 31}`)).statusCode).toBe(400);
      expect((await get(`/api/admin/applicant-records/jamb?search=${'x'.repeat(101)}`)).statusCode).toBe(400);

      const xlsx = await get('/api/admin/applicant-records/olevel/export?format=xlsx&status=admitted');
      expect(xlsx.statusCode).toBe(200);
      const rows = await readSheet(xlsx.rawPayload);
      expect(rows[0]).toEqual([
        'JAMB Number',
        'Name',
        'Sittings',
        'Credits',
        "O'level Results",
        'Department',
        'Admission Status',
      ]);
      expect(rows).toHaveLength(admitted + 1);
      const csv = await get('/api/admin/applicant-records/jamb/export?format=csv');
      expect(csv.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
        'JAMB Number,Name,UTME Score,CAPS Status,Entry Mode,Department,Course,State,Admission Status',
      );
    });

    it('lists acceptance-fee payments', async () => {
      const list = (await get('/api/admin/admissions/payments?state=paid')).json();
      expect(list.Status).toBe('Ok');
      for (const p of list.Data) expect(p.state).toBe('paid');
    });
  });

  describe('transactions', () => {
    beforeAll(async () => {
      const [a] = await t.database.db
        .select()
        .from(applicants)
        .where(eq(applicants.jambRegNo, '202410000003AC'));
      const days = ['2025-01-10', '2025-01-11', '2025-01-12', '2025-01-12', '2025-01-13', '2025-01-20'];
      await t.database.db.insert(payments).values(
        days.map((day, i) => ({
          publicId: newPublicId(),
          provider: 'monnify',
          reference: `TEST-${i}`,
          payeeTypeId: 1,
          applicantId: a!.id,
          categoryId: 10,
          itemIds: [2],
          amountKobo: 500_000,
          state: i === 5 ? 'paid' : i % 2 ? 'failed' : 'pending',
          createdAt: new Date(`${day}T10:00:00+01:00`),
          updatedAt: new Date(`${day}T10:00:00+01:00`),
        })),
      );
    });

    it('pages and filters by date (inclusive, in Nigerian time)', async () => {
      const first = (
        await get(
          '/api/Admin/GetTransactionAsync?initialPage=1&pageSize=2&initialDate=2025-01-11&finalDate=2025-01-13',
        )
      ).json();
      expect(first).toMatchObject({ state: 1, total: 4, page: 1, pageSize: 2 });
      expect(first.data).toHaveLength(2);
      expect(first.data[0]).toMatchObject({
        reference: 'TEST-4',
        provider: 'monnify',
        payerName: 'Adeyemi Tunde',
        regNo: '202410000003AC',
        payerType: 'Applicant',
        category: 'Acceptance Fee',
        amount: 5000,
        amountKobo: 500_000,
        state: 'pending',
      });
      const second = (
        await get(
          '/api/Admin/GetTransactionAsync?initialPage=2&pageSize=2&initialDate=2025-01-11&finalDate=2025-01-13',
        )
      ).json();
      expect(second.data.map((r: { reference: string }) => r.reference)).toEqual(['TEST-2', 'TEST-1']);
      const defaults = (await get('/api/Admin/GetTransactionAsync')).json();
      expect(defaults).toMatchObject({ state: 1, page: 1, pageSize: 5 });
      expect(defaults.total).toBeGreaterThanOrEqual(6);
      const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
      const future = await get(`/api/Admin/GetTransactionAsync?finalDate=${tomorrow}`);
      expect(future.statusCode).toBe(400);
      expect(future.json().Message).toBe('End Date cannot be after today.');
      const backwards = await get(
        '/api/Admin/GetTransactionAsync?initialDate=2025-01-13&finalDate=2025-01-11',
      );
      expect(backwards.json().Message).toBe('End Date cannot be before Start Date.');
      expect((await get('/api/Admin/GetTransactionAsync?initialDate=13/01/2025')).statusCode).toBe(400);
    });
  });

  describe('audit trail', () => {
    it('filters by person, page, action and date, paged on the server', async () => {
      const all = (await get('/api/admin/audit?pageSize=5')).json();
      expect(all).toMatchObject({ Status: 'Ok', Page: 1, PageSize: 5 });
      expect(all.Total).toBeGreaterThan(10);
      const roles = (await get(`/api/admin/audit?pageName=roles&actorId=${adminId}`)).json();
      expect(
        roles.Data.every(
          (r: { page: string; actorAdminId: number }) => r.page === 'roles' && r.actorAdminId === adminId,
        ),
      ).toBe(true);
      const admits = (await get('/api/admin/audit?action=admit&actor=admin@demo')).json();
      expect(admits.Total).toBe(1);
      // Dates are the institution's days (UTC+1). Every entry was written in the last minutes, which
      // may straddle its midnight: from yesterday to today holds them all.
      const yesterday = institutionToday(new Date(Date.now() - 86_400_000));
      expect((await get(`/api/admin/audit?from=${yesterday}&to=${institutionToday()}`)).json().Total).toBe(
        all.Total,
      );
      expect((await get('/api/admin/audit?from=2020-01-01&to=2020-01-02')).json().Total).toBe(0);
      const byRecord = (await get('/api/admin/audit?entity=applicant&action=reject')).json();
      expect(byRecord.Data[0]).toMatchObject({
        before: { admissionStatus: 'none' },
        after: { admissionStatus: 'rejected', rejectionReason: 'Did not meet the cut-off mark' },
      });
      const rows = await t.database.db
        .select()
        .from(auditLog)
        .where(inArray(auditLog.action, ['create', 'update']));
      expect(rows.length).toBeGreaterThan(0);
    });
  });
});
