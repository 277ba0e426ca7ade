import { eq } from 'drizzle-orm';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResets, schoolSettings } from '../../db/schema/index.js';
import { login, startTestApp, type TestApp } from '../../../test/helpers.js';
import { mailText, startSmtpReceiver } from '../../../test/smtp.js';

type Smtp = Awaited<ReturnType<typeof startSmtpReceiver>>;

const loginBody = (userMode: string, Username: string, Password = 'Portal@2025') => ({
  Username,
  Password,
  userMode,
  SessionID: 1,
  schoolId: 1,
});

describe('sign-in, sessions and password reset', () => {
  let t: TestApp;
  let smtp: Smtp;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await startTestApp({
      SMTP_URL: smtp.url,
      RATE_LIMIT_LOGIN_PER_ACCOUNT: '5',
      RATE_LIMIT_LOGIN_PER_ADDRESS: '200',
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const post = (url: string, payload: object, headers: Record<string, string> = {}, ip = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url, payload, headers, remoteAddress: ip });
  const changePassword = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/Account/ChangePassword',
      headers,
      payload: { currentPassword: 'wrong-password', newPassword: 'another-long-password' },
    });

  describe('POST /api/Account/Login', () => {
    it('signs an applicant in by e-mail and by JAMB number', async () => {
      for (const username of ['applicant2@demo.edu.ng', '202410000002AB', '202410000002ab']) {
        const response = await post('/api/Account/Login', loginBody('Applicant', username));
        expect(response.statusCode).toBe(200);
        const body = response.json();
        expect(body.Status).toBe('Ok');
        expect(body.LoginToken).toMatch(/^ey/);
        expect(body.sid).toEqual(expect.any(String));
        expect(body.Data).toMatchObject({
          JambRegNo: '202410000002AB',
          Email: 'applicant2@demo.edu.ng',
          FirstName: 'Aisha',
          LastName: 'Bello',
          SchoolID: 1,
          DepartmentName: 'Computer Science',
          IsPasswdChgd: true,
        });
        const [, payload] = body.LoginToken.split('.');
        expect(JSON.parse(Buffer.from(payload, 'base64url').toString()).exp).toBeGreaterThan(
          Date.now() / 1000,
        );
      }
    });

    it('tells the new applicant that the default password is unchanged', async () => {
      const { body } = await login(t.app, 'Applicant', '202410000001AA');
      expect(body.Data.IsPasswdChgd).toBeNull();
    });

    it('signs a student in by matric number or e-mail, with the indigene entry type', async () => {
      const indigene = await login(t.app, 'Student', 'DIT/2024/0001');
      expect(indigene.body.Data).toMatchObject({
        MatricNo: 'DIT/2024/0001',
        StateID: 2656,
        EntryTypeId: 1,
        LevelName: '100 Level',
      });
      expect(indigene.body.RoleData).toEqual(expect.any(Array));
      const other = await login(t.app, 'Student', 'student2@demo.edu.ng');
      expect(other.body.Data).toMatchObject({ MatricNo: 'DIT/2024/0002', EntryTypeId: 2 });
    });

    it('signs an admin in with the pages the roles grant (Data5)', async () => {
      const { body } = await login(t.app, 'Admin', 'admin@demo.edu.ng');
      expect(body.Data).toMatchObject({ Email: 'admin@demo.edu.ng', IsActive: true, IsSupport: false });
      expect(body.Data5.length).toBeGreaterThan(50);
      expect(body.Data5[0]).toEqual({
        Menu_Id: expect.any(Number),
        Menu_Name: expect.any(String),
        Menu_Icon: expect.any(String),
        Page: expect.any(String),
      });
      expect(body.Data5.map((p: { Page: string }) => p.Page)).toContain('AddEditCourses');
      const support = await login(t.app, 'Admin', 'support@demo.edu.ng');
      expect(support.body.Data.IsSupport).toBe(true);
    });

    it('answers an unknown user and a wrong password with the same message', async () => {
      const unknown = await post(
        '/api/Account/Login',
        loginBody('Admin', 'nobody@demo.edu.ng'),
        {},
        '10.0.0.2',
      );
      const wrong = await post(
        '/api/Account/Login',
        loginBody('Admin', 'admin@demo.edu.ng', 'Wrong@2025'),
        {},
        '10.0.0.2',
      );
      expect(unknown.statusCode).toBe(401);
      expect(wrong.statusCode).toBe(401);
      expect(unknown.json()).toEqual({ Status: 'Invalid', Message: 'Invalid email or password!' });
      expect(wrong.json()).toEqual(unknown.json());
    });

    it('does not let one kind of user sign in through another mode', async () => {
      const response = await post(
        '/api/Account/Login',
        loginBody('Admin', 'student1@demo.edu.ng'),
        {},
        '10.0.0.3',
      );
      expect(response.json().Message).toBe('Invalid email or password!');
    });

    it('refuses a malformed request with a message in the envelope', async () => {
      const response = await post('/api/Account/Login', { Username: '', userMode: 'Teacher' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ Status: 'Invalid', Message: expect.any(String) });
      const notJson = await t.app.inject({
        method: 'POST',
        url: '/api/Account/Login',
        headers: { 'content-type': 'application/json' },
        payload: '{not json',
      });
      expect(notJson.statusCode).toBe(400);
      expect(notJson.json().Status).toBe('Invalid');
    });

    it('limits attempts per account with 429 and Retry-After, before checking the password', async () => {
      const attempts = [];
      for (let i = 0; i < 6; i += 1) {
        attempts.push(
          await post(
            '/api/Account/Login',
            loginBody('Student', 'student2@demo.edu.ng', `Wrong${i}`),
            {},
            `10.1.0.${i}`,
          ),
        );
      }
      expect(attempts.slice(0, 5).map((r) => r.statusCode)).toEqual([401, 401, 401, 401, 401]);
      expect(attempts[5]!.statusCode).toBe(429);
      expect(Number(attempts[5]!.headers['retry-after'])).toBeGreaterThan(0);
      // Even the right password is refused while the account is limited.
      const right = await post(
        '/api/Account/Login',
        loginBody('Student', 'student2@demo.edu.ng'),
        {},
        '10.1.0.9',
      );
      expect(right.statusCode).toBe(429);
    });

    it('limits attempts per address', async () => {
      const limited = await startTestApp({ RATE_LIMIT_LOGIN_PER_ADDRESS: '3' });
      try {
        const codes = [];
        for (let i = 0; i < 4; i += 1) {
          const r = await limited.app.inject({
            method: 'POST',
            url: '/api/Account/Login',
            payload: loginBody('Admin', `user${i}@demo.edu.ng`),
            remoteAddress: '10.9.9.9',
          });
          codes.push(r.statusCode);
        }
        expect(codes).toEqual([401, 401, 401, 429]);
      } finally {
        await limited.close();
      }
    });
  });

  describe('tokens and sessions', () => {
    it('accepts a live token and refuses a missing, tampered, unsigned or expired one', async () => {
      const { token } = await login(t.app, 'Applicant', 'applicant3@demo.edu.ng');
      expect((await changePassword({ authorization: `Bearer ${token}` })).statusCode).toBe(400);
      expect((await changePassword({})).statusCode).toBe(401);

      const [header, payload, signature] = token.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
      const forged = Buffer.from(JSON.stringify({ ...claims, sub: '1' })).toString('base64url');
      const tampered = await changePassword({ authorization: `Bearer ${header}.${forged}.${signature}` });
      expect(tampered.statusCode).toBe(401);
      expect(tampered.json().Status).toBe('Unauthorized');

      const unsigned = new UnsecuredJWT(claims).encode();
      expect((await changePassword({ authorization: `Bearer ${unsigned}` })).statusCode).toBe(401);

      const key = new TextEncoder().encode(t.config.JWT_SECRET);
      const expired = await new SignJWT({ kind: claims.kind, sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
        .sign(key);
      expect((await changePassword({ authorization: `Bearer ${expired}` })).statusCode).toBe(401);
    });

    it('accepts credentials only from the Authorization header', async () => {
      const { token, body } = await login(t.app, 'Applicant', 'applicant3@demo.edu.ng');
      const cookie = `user=${encodeURIComponent(JSON.stringify({ applicantUser: body.Data, token }))}`;
      expect((await changePassword({ cookie })).statusCode).toBe(401);
    });

    it('revokes the session at logout', async () => {
      const { token, body } = await login(t.app, 'Admin', 'support@demo.edu.ng');
      const auth = { authorization: `Bearer ${token}` };
      expect((await changePassword(auth)).statusCode).toBe(400);
      const logout = await t.app.inject({
        method: 'GET',
        url: `/api/Account/Logout?sessionID=${body.sid}&userMode=Admin`,
        headers: auth,
      });
      expect(logout.json()).toMatchObject({ Status: 'Ok' });
      expect((await changePassword(auth)).statusCode).toBe(401);
    });

    it("refuses to end another user's session, and ends only the caller's own", async () => {
      const a = await login(t.app, 'Applicant', 'applicant6@demo.edu.ng');
      const b = await login(t.app, 'Applicant', 'applicant7@demo.edu.ng');
      const logout = (headers: Record<string, string>, query: string) =>
        t.app.inject({ method: 'GET', url: `/api/Account/Logout?${query}`, headers });

      // A's token with B's session id: refused, and both sessions live on.
      const foreign = await logout(a.auth, `sessionID=${b.body.sid}&userMode=Applicant`);
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json()).toEqual({
        Status: 'Forbidden',
        Message: 'You can only sign out of your own session.',
      });
      expect((await changePassword(b.auth)).statusCode).toBe(400);
      expect((await changePassword(a.auth)).statusCode).toBe(400);

      // The right session id under another user mode is refused too; an unknown mode is invalid.
      expect((await logout(a.auth, `sessionID=${a.body.sid}&userMode=Admin`)).statusCode).toBe(403);
      const unknownMode = await logout(a.auth, `sessionID=${a.body.sid}&userMode=Wizard`);
      expect(unknownMode.statusCode).toBe(400);
      expect(unknownMode.json().Status).toBe('Invalid');
      expect((await changePassword(a.auth)).statusCode).toBe(400);

      // Without a session there is nothing to end, and the answer says so.
      const anonymous = await logout({}, `sessionID=${b.body.sid}&userMode=Applicant`);
      expect(anonymous.statusCode).toBe(200);
      expect(anonymous.json().Message).toMatch(/not signed in/);
      expect((await changePassword(b.auth)).statusCode).toBe(400);

      // A's own session: signed out (the specification's shape), and A's token stops working.
      const own = await logout(a.auth, `sessionID=${a.body.sid}&userMode=Applicant`);
      expect(own.statusCode).toBe(200);
      expect(own.json()).toEqual({ Status: 'Ok', Message: 'Signed out.' });
      expect((await changePassword(a.auth)).statusCode).toBe(401);
      expect((await changePassword(b.auth)).statusCode).toBe(400);

      // Once signed out, the token can no longer sign anyone out.
      expect((await logout(a.auth, `sessionID=${b.body.sid}`)).json().Message).toMatch(/not signed in/);
      expect((await changePassword(b.auth)).statusCode).toBe(400);
    });
  });

  describe('POST /api/Account/ForgotPassword', () => {
    it("names the institution as its particulars say now (School Management's name)", async () => {
      await t.database.db.update(schoolSettings).set({ name: 'Federal Polytechnic of Demo' });
      try {
        await post('/api/Account/ForgotPassword', {
          email: 'applicant5@demo.edu.ng',
          userMode: 'Applicant',
          step: 1,
        });
        const mail = await smtp.waitFor((m) => m.to.includes('applicant5@demo.edu.ng'));
        expect(mailText(mail)).toContain('applicant account on the Federal Polytechnic of Demo portal.');
      } finally {
        await t.database.db.update(schoolSettings).set({ name: 'Demo Institute of Technology' });
      }
    });

    it('answers the same whether or not the address is registered, and mails a link built from PUBLIC_URL', async () => {
      const known = await post('/api/Account/ForgotPassword', {
        email: 'applicant4@demo.edu.ng',
        userMode: 'Applicant',
        step: 1,
        resetLink: 'https://evil.example/portal/confirmnewpassword/',
      });
      const unknown = await post('/api/Account/ForgotPassword', {
        email: 'ghost@demo.edu.ng',
        userMode: 'Applicant',
        step: 1,
      });
      expect(known.statusCode).toBe(200);
      expect(known.json()).toEqual(unknown.json());
      expect(known.json().Status).toBe('Ok');

      const mail = await smtp.waitFor((m) => m.to.includes('applicant4@demo.edu.ng'));
      const text = mailText(mail);
      expect(text).not.toContain('evil.example');
      // The institution's name is the school's particulars', never one written into the message.
      expect(text).toContain('account on the Demo Institute of Technology portal.');
      // Built from PUBLIC_URL, whatever the request said.
      const link = /(\S+)\/portal\/confirmnewpassword\/\?id=([\w-]+)&usermode=Applicant/.exec(text);
      expect(link?.[1]).toBe(t.config.PUBLIC_URL);
      await new Promise((r) => setTimeout(r, 300));
      expect(smtp.messages.some((m) => m.to.includes('ghost@demo.edu.ng'))).toBe(false);

      const code = link![2]!;
      expect(Buffer.from(code, 'base64url').length).toBeGreaterThanOrEqual(16);

      const { token: before } = await login(t.app, 'Applicant', 'applicant4@demo.edu.ng');
      const weak = await post('/api/Account/ForgotPassword', {
        code,
        userMode: 'Applicant',
        step: 2,
        password: 'short',
      });
      expect(weak.json()).toMatchObject({ Message: 'Password Does Not Meet Requirements' });
      const common = await post('/api/Account/ForgotPassword', {
        code,
        userMode: 'Applicant',
        step: 2,
        password: 'qwerty123',
      });
      expect(common.json()).toMatchObject({ Message: 'Password Does Not Meet Requirements' });

      const newPassword = 'a long passphrase of 40 characters or so!';
      const done = await post('/api/Account/ForgotPassword', {
        code,
        userMode: 'Applicant',
        step: 2,
        password: newPassword,
      });
      expect(done.json()).toMatchObject({ Status: 'Ok' });
      // Every earlier session of that user is over; the new password works; the code is spent.
      expect((await changePassword({ authorization: `Bearer ${before}` })).statusCode).toBe(401);
      await login(t.app, 'Applicant', 'applicant4@demo.edu.ng', newPassword);
      const reused = await post('/api/Account/ForgotPassword', {
        code,
        userMode: 'Applicant',
        step: 2,
        password: 'yet another good password',
      });
      expect(reused.statusCode).toBe(400);
      expect(reused.json().Status).toBe('NotFound');
    });

    it('refuses an expired code', async () => {
      await post('/api/Account/ForgotPassword', {
        email: 'student1@demo.edu.ng',
        userMode: 'Student',
        step: 1,
      });
      const mail = await smtp.waitFor((m) => m.to.includes('student1@demo.edu.ng'));
      const code = /id=([\w-]+)&usermode=Student/.exec(mailText(mail))![1]!;
      await t.database.db
        .update(passwordResets)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(passwordResets.userKind, 'Student'));
      const response = await post('/api/Account/ForgotPassword', {
        code,
        userMode: 'Student',
        step: 2,
        password: 'a perfectly fine password',
      });
      expect(response.json().Status).toBe('NotFound');
      await login(t.app, 'Student', 'DIT/2024/0001');
    });

    it('names staff as Staff in the link and validates the e-mail', async () => {
      await post('/api/Account/ForgotPassword', { email: 'admin@demo.edu.ng', userMode: 'Staff', step: 1 });
      const mail = await smtp.waitFor((m) => m.to.includes('admin@demo.edu.ng'));
      expect(mailText(mail)).toMatch(/usermode=Staff/);
      const empty = await post('/api/Account/ForgotPassword', { email: '', userMode: 'Applicant', step: 1 });
      expect(empty.json()).toMatchObject({ Status: 'Invalid', Message: 'Email is required' });
      const invalid = await post('/api/Account/ForgotPassword', {
        email: 'not-an-email',
        userMode: 'Applicant',
        step: 1,
      });
      expect(invalid.json()).toMatchObject({ Status: 'Invalid', Message: 'Email is invalid' });
    });

    it('limits reset requests per address', async () => {
      const codes = [];
      for (let i = 0; i < 12; i += 1) {
        const r = await post(
          '/api/Account/ForgotPassword',
          { email: `x${i}@demo.edu.ng`, userMode: 'Applicant', step: 1 },
          {},
          '10.7.7.7',
        );
        codes.push(r.statusCode);
      }
      expect(codes.slice(0, 10).every((c) => c === 200)).toBe(true);
      expect(codes[10]).toBe(429);
    });
  });

  it('declares who may call every registered route', () => {
    const undeclared = t.app.routeAccessTable
      .filter((r) => r.access === undefined)
      .map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
    expect(t.app.routeAccessTable.length).toBeGreaterThan(5);
  });
});
