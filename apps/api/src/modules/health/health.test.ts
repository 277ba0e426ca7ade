import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startTestApp, type TestApp } from '../../../test/helpers.js';

describe('health and sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    // SMTP with credentials in its URL: the configuration page shows the host, never them.
    t = await startTestApp({ SMTP_URL: 'smtp://mailer:hunter2-secret@127.0.0.1:2525' });
  });
  afterAll(() => t.close());

  it('reports the database as up', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ Status: 'Ok', Data: { database: 'up' } });
  });

  it('answers ActiveSessions for school 1 and refuses another school', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/api/ActiveSessions?schId=1' });
    expect(ok.json()).toMatchObject({
      Status: 'Ok',
      Data: [{ Academic_Session: '2024/2025', Admission_Session: '2024/2025' }],
    });
    expect(ok.json().Data[0].Academic_SessionID).toEqual(expect.any(Number));
    const other = await t.app.inject({ method: 'GET', url: '/api/ActiveSessions?schId=2' });
    expect(other.statusCode).toBe(404);
    expect(other.json().Status).toBe('NotFound');
    const bad = await t.app.inject({ method: 'GET', url: '/api/ActiveSessions?schId=abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Status).toBe('Invalid');
  });

  it('answers the current admission session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/CurrentAdmSession/1' });
    expect(response.json()).toMatchObject({ Status: 'Ok', Data: { SessionName: '2024/2025' } });
    expect(response.json().Data.SessionId).toEqual(expect.any(Number));
  });

  it('reads the configuration as it runs for /app/setup-config, with no secret in it', async () => {
    const { auth } = await login(t.app, 'Admin', 'admin@demo.edu.ng');
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/setup-config', headers: auth });
    expect(response.statusCode).toBe(200);
    const { Data } = response.json();
    expect(Data).toMatchObject({
      Version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      Database: t.databaseUrl ? 'PostgreSQL' : 'PGlite',
      Mail: { Mode: 'smtp', Host: '127.0.0.1:2525' },
      Storage: { Mode: 'disk', Bucket: null },
      MeetingEngine: { Mode: 'sandbox', Host: null },
    });
    expect(
      Data.Gateways.map((g: { Provider: string; Mode: string }) => `${g.Provider}:${g.Mode}`).sort(),
    ).toEqual(['monnify:sandbox', 'nomba:sandbox', 'remita:sandbox']);
    const mail = Data.Jobs.find((j: { Name: string }) => j.Name === 'mail.deliver');
    expect(mail).toMatchObject({ Waiting: expect.any(Number), Failed: expect.any(Number) });
    for (const secret of ['hunter2-secret', 'mailer:', t.config.JWT_SECRET, t.config.PAYMENT_SANDBOX_SECRET])
      expect(response.body).not.toContain(secret);

    const { auth: student } = await login(t.app, 'Student', 'DIT/2024/0001');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/setup-config', headers: student })).statusCode,
    ).toBe(403);
  });

  it('serves the OpenAPI document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toContain('/api/Account/Login');
  });
});
