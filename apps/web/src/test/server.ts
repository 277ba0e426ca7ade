import { INSTITUTION_API } from '@portal/contracts';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/** The mock network every web unit test shares: each test declares the answers it needs with server.use(). */
export const server = setupServer(
  // The shell's school name, which every signed-in screen shows.
  http.get(INSTITUTION_API, () =>
    HttpResponse.json({ Status: 'Ok', Data: { Name: 'Demo Institute of Technology', ShortName: 'DIT' } }),
  ),
);
