import { setupServer } from 'msw/node';

/** The mock network every web unit test shares: each test declares the answers it needs with server.use(). */
export const server = setupServer();
