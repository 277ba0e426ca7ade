import { INSTITUTION_API } from '@portal/contracts';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/** The mock network every web unit test shares: each test declares the answers it needs with server.use(). */
export const server = setupServer(
  // The shell's school name, which every signed-in screen shows.
  http.get(INSTITUTION_API, () =>
    HttpResponse.json({
      Status: 'Ok',
      Data: {
        Name: 'Demo Institute of Technology',
        ShortName: 'DIT',
        Address: 'P.M.B. 1001, Demo',
        Email: 'info@demo.edu.ng',
        Phone: '',
        Website: '',
        LogoUrl: null,
        PrimaryColour: '#3f51b5',
        SecondaryColour: '#ffc107',
      },
    }),
  ),
);
