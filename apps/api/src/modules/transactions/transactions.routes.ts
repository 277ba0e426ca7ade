import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ADMIN_PAGES, errorEnvelope, transactionsQuery, transactionsResponse } from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { listTransactions } from './transactions.service.js';

export function transactionsRoutes(app: FastifyInstance, db: Db): void {
  app.withTypeProvider<ZodTypeProvider>().get('/api/Admin/GetTransactionAsync', {
    config: { access: { page: ADMIN_PAGES.transaction } },
    schema: {
      tags: ['admin'],
      summary:
        'Transactions, newest first: initialPage (default 1), pageSize (default 5), initialDate and finalDate (YYYY-MM-DD, inclusive, not after today)',
      querystring: transactionsQuery,
      response: { 200: transactionsResponse, 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope },
    },
    handler: (request) => listTransactions(db, request.query),
  });
}
