import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PAYMENT_PROVIDERS,
  STATUS,
  applicantPaymentRow,
  debtorsExportQuery,
  debtorsQuery,
  debtorsResponse,
  schoolFeesStatementResponse,
  studentPaymentHistoryQuery,
  checkPaymentQuery,
  errorEnvelope,
  paymentRequest,
  paymentStartedResponse,
  paymentStatusResponse,
  payTypeQuery,
  type PaymentProvider,
  STUDENT_API,
} from '@portal/contracts';
import { requireAuth } from '../../platform/auth.js';
import { addressKey, type Limit, type RateLimits } from '../../platform/rate-limit.js';
import { actorOf } from '../../platform/audit.js';
import type { Db } from '../../db/client.js';
import { errorResponses } from '../../platform/routes.js';
import { sendSheetFile } from '../../platform/sheets.js';
import type { PaymentsService } from './payments.service.js';
import { debtors, exportDebtors, schoolFeesStatement, studentPaymentHistory } from './school-fees.js';

/** The answer to a notice whose payment the gateway still reports pending: not done, send it again. */
export const WEBHOOK_NOT_SETTLED =
  'The payment is not settled at the gateway yet; send this notification again.';
const WEBHOOK_RETRY_AFTER_SECONDS = 60;

const errors = errorResponses(400, 401, 403, 404, 409, 502, 503);

/** The spec's paths (section 7), one per gateway. Remita's check is ours: the spec shows none. */
const START_PATHS: Record<PaymentProvider, string> = {
  monnify: '/api/AddPayeePaymentMonnify',
  nomba: '/api/AddPayeePaymentNomba',
  remita: '/api/AddPayeePayment',
};
const CHECK_PATHS: Record<PaymentProvider, string> = {
  monnify: '/api/CheckPayeePaymentMonnify',
  nomba: '/api/CheckPayeePaymentNomba',
  remita: '/api/CheckPayeePaymentRemita',
};
const NAMES: Record<PaymentProvider, string> = { monnify: 'Monnify', nomba: 'Nomba', remita: 'Remita' };

/** How many unsigned notice deliveries one client address may send per window (as sign-ins are counted). */
export interface NoticeLimits {
  rateLimits: RateLimits;
  perAddress: number;
  windowSeconds: number;
}

export function paymentsRoutes(
  app: FastifyInstance,
  service: PaymentsService,
  db: Db,
  noticeLimits: NoticeLimits,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(STUDENT_API.schoolFees, {
    config: { access: { modes: ['Student'] } },
    schema: {
      tags: ['payments'],
      summary:
        "The signed-in student's school fees this session: lines, totals, paid, balance, instalment rule, attempts",
      response: { 200: schoolFeesStatementResponse, ...errors },
    },
    handler: (request) => schoolFeesStatement(db, request.auth),
  });

  r.get('/api/student/payment-history', {
    config: { access: { modes: ['Student'] } },
    schema: {
      tags: ['payments'],
      summary: 'Every payment attempt of the signed-in student, newest first',
      querystring: studentPaymentHistoryQuery,
      response: {
        200: z.object({
          Status: z.string(),
          Message: z.string().optional(),
          Data: z.array(applicantPaymentRow),
          Page: z.number().int(),
          PageSize: z.number().int(),
          Total: z.number().int(),
        }),
        ...errors,
      },
    },
    handler: (request) => studentPaymentHistory(db, request.auth, request.query.page, request.query.pageSize),
  });

  r.get('/api/admin/debtors', {
    config: { access: { page: 'debtorslist' } },
    schema: {
      tags: ['admin: payments'],
      summary:
        'Students owing school fees for a session (filters: session, department, level, search), paginated',
      querystring: debtorsQuery,
      response: { 200: debtorsResponse, ...errors },
    },
    handler: (request) => debtors(db, request.query),
  });

  r.get('/api/admin/debtors/export', {
    config: { access: { page: 'debtorslist' } },
    schema: {
      tags: ['admin: payments'],
      summary: 'The debtors list with the same filters as CSV or XLSX',
      querystring: debtorsExportQuery,
    },
    handler: async (request, reply) => {
      const file = await exportDebtors(db, await actorOf(db, request), request.query);
      return sendSheetFile(reply, file);
    },
  });

  for (const provider of PAYMENT_PROVIDERS) {
    r.post(START_PATHS[provider], {
      config: { access: { modes: ['Applicant', 'Student'] } },
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['payments'],
        summary: `Start a payment at ${NAMES[provider]} (payType=10 acceptance fee, applicants; payType=1 school fees, students)`,
        description:
          'The body is the payment request of spec section 3; the server ignores its values and builds the real ' +
          "request from the signed-in payer's record and the fee schedule. School fees read only MethodId (1 full, " +
          '2 instalment: the first, at least the minimum share, then the balance) and InstalmentAmount (naira, first ' +
          'instalment). Send the browser to Data.checkOutUrl.',
        querystring: payTypeQuery,
        body: paymentRequest.optional(),
        response: { 200: paymentStartedResponse, ...errors },
      },
      handler: (request) =>
        service.start(provider, requireAuth(request), request.query.payType, request.body ?? {}),
    });

    r.get(CHECK_PATHS[provider], {
      config: { access: { modes: ['Applicant', 'Student'] } },
      schema: {
        tags: ['payments'],
        summary: `Status of a ${NAMES[provider]} payment after the browser came back (asks the gateway)`,
        description:
          provider === 'nomba'
            ? 'paymentReference: the orderReference or the orderId that Nomba appended to the return URL.'
            : provider === 'remita'
              ? 'paymentReference: the RRR or the orderID that Remita appended to the return URL.'
              : 'paymentReference: the paymentReference that Monnify appended to the return URL.',
        querystring: checkPaymentQuery,
        response: { 200: paymentStatusResponse, ...errors },
      },
      handler: (request) =>
        service.checkReturn(provider, requireAuth(request), request.query.paymentReference),
    });
  }

  // Webhooks: public, the exact bytes kept for the signature. Acknowledged (200) only once every
  // notice's payment is final; otherwise 503, so the gateway sends it again and the retry re-queries.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post('/api/payments/webhooks/:provider', {
      config: { access: 'public' },
      schema: {
        tags: ['payments'],
        summary:
          'Payment notifications from the gateways (Monnify, Nomba signed; Remita a trigger to re-query)',
        params: z.object({ provider: z.enum(PAYMENT_PROVIDERS) }),
        response: {
          200: z.object({ Status: z.string(), Message: z.string() }),
          400: errorEnvelope,
          401: errorEnvelope,
          404: errorEnvelope,
          429: errorEnvelope,
          503: errorEnvelope,
        },
      },
      handler: async (request, reply) => {
        const { provider } = request.params;
        // Anyone may send an unsigned notice: counted per address before anything is read.
        if (service.gateways[provider]?.gateway.signedNotices === false) {
          const limit: Limit = {
            key: `notice:address:${addressKey(request.ip)}`,
            limit: noticeLimits.perAddress,
            windowSeconds: noticeLimits.windowSeconds,
          };
          await noticeLimits.rateLimits.hit([limit]);
        }
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const { accepted, duplicates, unknown, unsettled } = await service.receiveWebhook(
          provider,
          raw,
          request.headers,
        );
        if (unsettled > 0) {
          return reply
            .code(503)
            .header('retry-after', String(WEBHOOK_RETRY_AFTER_SECONDS))
            .send({ Status: STATUS.error, Message: WEBHOOK_NOT_SETTLED });
        }
        return {
          Status: 'OK',
          Message:
            `accepted ${accepted}, already seen ${duplicates}` + (unknown ? `, unknown ${unknown}` : ''),
        };
      },
    });
  });
}
