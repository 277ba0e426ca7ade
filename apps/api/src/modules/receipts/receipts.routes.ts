import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorEnvelope,
  paymentReceiptResponse,
  receiptQuery,
  schoolFeesReceiptQuery,
  schoolFeesReceiptResponse,
} from '@portal/contracts';
import { downloadHeaders } from '../documents/documents.service.js';
import {
  getReceipt,
  getSchoolFeesReceipt,
  RECEIPT_NOT_FOUND,
  receiptPdf,
  type ReceiptsDeps,
} from './receipts.service.js';
import { publicIdFromPdfName } from './verification.js';
import { AppError } from '../../platform/errors.js';

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

  r.get('/api/receipts/:file', {
    config: { access: 'public' },
    schema: {
      tags: ['receipts'],
      summary: 'The receipt as a PDF: /api/receipts/{transactionId}.pdf',
      params: z.object({ file: z.string().max(100) }),
    },
    handler: async (request, reply) => {
      const publicId = publicIdFromPdfName(request.params.file);
      if (!publicId) throw new AppError(404, RECEIPT_NOT_FOUND, 'NotFound');
      const { pdf, fileName } = await receiptPdf(deps, publicId);
      return reply.headers(downloadHeaders('application/pdf', fileName, pdf.length)).send(pdf);
    },
  });
}
