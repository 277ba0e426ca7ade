import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/helpers.js';

describe('health and sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
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

  it('serves the OpenAPI document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toContain('/api/Account/Login');
  });
});
