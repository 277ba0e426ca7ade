import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PAYMENT_PROVIDERS,
  STATUS,
  checkPaymentQuery,
  errorEnvelope,
  paymentRequest,
  paymentStartedResponse,
  paymentStatusResponse,
  payTypeQuery,
  type PaymentProvider,
} from '@portal/contracts';
import { requireAuth } from '../../platform/auth.js';
import { errorResponses } from '../../platform/routes.js';
import type { PaymentsService } from './payments.service.js';

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

export function paymentsRoutes(app: FastifyInstance, service: PaymentsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  for (const provider of PAYMENT_PROVIDERS) {
    r.post(START_PATHS[provider], {
      config: { access: { modes: ['Applicant'] } },
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['payments'],
        summary: `Start the acceptance-fee payment at ${NAMES[provider]} (payType=10)`,
        description:
          'The body is the payment request of spec section 3; the server ignores its values and builds the real ' +
          "request from the signed-in applicant's record and the fee schedule. Send the browser to Data.checkOutUrl.",
        querystring: payTypeQuery,
        body: paymentRequest.optional(),
        response: { 200: paymentStartedResponse, ...errors },
      },
      handler: (request) => service.startAcceptanceFee(provider, requireAuth(request), request.query.payType),
    });

    r.get(CHECK_PATHS[provider], {
      config: { access: { modes: ['Applicant'] } },
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
          503: errorEnvelope,
        },
      },
      handler: async (request, reply) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const { accepted, duplicates, unsettled } = await service.receiveWebhook(
          request.params.provider,
          raw,
          request.headers,
        );
        if (unsettled > 0) {
          return reply
            .code(503)
            .header('retry-after', String(WEBHOOK_RETRY_AFTER_SECONDS))
            .send({ Status: STATUS.error, Message: WEBHOOK_NOT_SETTLED });
        }
        return { Status: 'OK', Message: `accepted ${accepted}, already seen ${duplicates}` };
      },
    });
  });
}
