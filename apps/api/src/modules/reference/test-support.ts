import { afterAll, beforeAll } from 'vitest';
import { login, startTestApp, type TestApp } from '../../../test/helpers.js';

/**
 * One app for a test file, signed in as the super admin (admin@demo.edu.ng), and a call through
 * its public HTTP API that answers the status, the parsed body (JSON answers) and the raw text.
 */
export function superAdminApp() {
  const state = {} as { t: TestApp; auth: Record<string, string> };
  beforeAll(async () => {
    state.t = await startTestApp({}, { jobs: false });
    state.auth = (await login(state.t.app, 'Admin', 'admin@demo.edu.ng')).auth;
  }, 180_000);
  afterAll(() => state.t?.close(), 60_000);

  async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
    const response = await state.t.app.inject({
      method,
      url,
      headers: state.auth,
      payload: payload as never,
    });
    return {
      status: response.statusCode,
      body: String(response.headers['content-type'] ?? '').includes('json') ? response.json() : null,
      text: response.body,
    };
  }
  return { state, call };
}
