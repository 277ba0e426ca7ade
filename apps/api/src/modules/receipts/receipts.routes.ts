import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorEnvelope,
  paymentReceiptResponse,
  receiptQuery,
  schoolFeesReceiptQuery,
  schoolFeesReceiptResponse,
} from '@portal/contracts';
import {
  getReceipt,
  getSchoolFeesReceipt,
  RECEIPT_NOT_FOUND,
  receiptPdf,
  type ReceiptsDeps,
} from './receipts.service.js';
import { publicPdfRoute } from '../../platform/public-pdf.js';

/** Receipts are public by their unguessable id: the QR code on every receipt opens them. */
export function receiptsRoutes(app: FastifyInstance, deps: ReceiptsDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/PaymentReceiptByRRR', {
    config: { access: 'public' },
    schema: {
      tags: ['receipts'],
      summary: 'A paid payment’s receipt by its public transaction id (the QR code’s link)',
      querystring: receiptQuery,
      response: { 200: paymentReceiptResponse, 404: errorEnvelope },
    },
    handler: (request) => getReceipt(deps, request.query.transactionId),
  });

  r.get('/api/SchoolFeesReceipt0', {
    config: { access: 'public' },
    schema: {
      tags: ['receipts'],
      summary: 'The school-fees breakdown of a receipt (RRR = the receipt’s public transaction id)',
      querystring: schoolFeesReceiptQuery,
      response: { 200: schoolFeesReceiptResponse, 404: errorEnvelope },
    },
    handler: (request) => getSchoolFeesReceipt(deps, request.query.RRR),
  });

  publicPdfRoute(app, '/api/receipts/:file', {
    tag: 'receipts',
    summary: 'The receipt as a PDF: /api/receipts/{transactionId}.pdf',
    notFoundMessage: RECEIPT_NOT_FOUND,
    render: (publicId) => receiptPdf(deps, publicId),
  });
}
