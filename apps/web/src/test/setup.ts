import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import { server } from './server';

// Lazy chunks are transformed on first use: on a busy machine that takes seconds.
configure({ asyncUtilTimeout: 15_000 });

/** Calls no test declared an answer for: each fails the test that made it. */
const unanswered: string[] = [];

// The API is answered at the network edge by MSW.
beforeAll(() =>
  server.listen({
    onUnhandledRequest: (request) => {
      unanswered.push(`${request.method} ${new URL(request.url).pathname}`);
    },
  }),
);
afterEach(() => {
  server.resetHandlers();
  const calls = unanswered.splice(0);
  if (typeof document !== 'undefined') {
    cleanup();
    localStorage.clear();
    for (const cookie of document.cookie.split('; ').filter(Boolean)) {
      const name = cookie.split('=')[0];
      document.cookie = `${name}=; Max-Age=0; Path=/portal`;
    }
  }
  expect(calls, 'API calls without an answer').toEqual([]);
});
afterAll(() => {
  server.close();
  // The next file of this worker imports the app's own modules afresh (their stores read cookies and
  // storage as they load); the libraries (React, MUI, MSW) stay loaded, which is what isolation cost.
  vi.resetModules();
});
