import { INSTITUTION_API, type InstitutionInfo } from '@portal/contracts';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/** The school's particulars the shell shows in every web unit test (GET /api/institution). */
export const DEMO_INSTITUTION: InstitutionInfo = {
  Name: 'Demo Institute of Technology',
  ShortName: 'DIT',
  Address: 'P.M.B. 1001, Demo',
  Email: 'info@demo.edu.ng',
  Phone: '',
  Website: '',
  LogoUrl: null,
  PrimaryColour: '#3f51b5',
  SecondaryColour: '#ffc107',
};

/** The mock network every web unit test shares: each test declares the answers it needs with server.use(). */
export const server = setupServer(
  // The shell's school name, which every signed-in screen shows.
  http.get(INSTITUTION_API, () => HttpResponse.json({ Status: 'Ok', Data: DEMO_INSTITUTION })),
);

type RequestListener = (request: Request) => void;
const testListeners = new Set<RequestListener>();
const inFlight = new Set<string>();

server.events.on('request:start', ({ request, requestId }) => {
  inFlight.add(requestId);
  for (const listener of testListeners) listener(request);
});
server.events.on('request:end', ({ requestId }) => void inFlight.delete(requestId));

/** Calls `listener` with each request the page makes during this test (test/setup.ts drops it after). */
export function onEachRequest(listener: RequestListener): void {
  testListeners.add(listener);
}

/** What test/setup.ts does after each test: the test's listeners go; how many requests are being answered. */
export const afterTest = {
  dropListeners: () => testListeners.clear(),
  requestsInFlight: () => inFlight.size,
};
