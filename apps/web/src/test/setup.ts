import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import { afterTest, server } from './server';

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
afterEach(async () => {
  afterTest.dropListeners();
  if (typeof document !== 'undefined') cleanup();
  // A request the page made just before the test ended is answered by the test's handlers, not
  // counted unanswered because they were removed while it was on its way (a busy machine widens that).
  // (A fetch reaches MSW a few microtasks after it is made: one turn of the event loop lets it.)
  await new Promise((settle) => setTimeout(settle, 0));
  await vi.waitFor(() => expect(afterTest.requestsInFlight()).toBe(0), { timeout: 10_000 });
  server.resetHandlers();
  const calls = unanswered.splice(0);
  if (typeof document !== 'undefined') {
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
