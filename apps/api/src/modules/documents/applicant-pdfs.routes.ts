import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { applicantIdQuery, applicationSlipResponse } from '@portal/contracts';
import { sendPdf } from '../../platform/downloads.js';
import { applicantOnly, errorResponses } from '../../platform/routes.js';
import * as pdfs from './applicant-pdfs.js';

const errors = errorResponses(400, 401, 403, 404, 409);

/**
 * The applicant's printouts: the application slip, the Applicant Details form and the fee
 * schedule. They gather the record, O'level results and documents, so they live above all three.
 */
export function applicantPdfRoutes(app: FastifyInstance, deps: pdfs.SlipDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/AdmissionFeeSchedule.pdf', {
    config: applicantOnly,
    schema: {
      tags: ['applicants'],
      summary: 'The same fee schedule as a PDF (the page is for large screens; phones download this)',
      querystring: applicantIdQuery,
      response: errors,
    },
    handler: async (request, reply) =>
      sendPdf(reply, await pdfs.feeSchedulePdf(deps, request.auth, request.query.applicantId)),
  });

  r.get('/api/applicant/slip', {
    config: applicantOnly,
    schema: {
      tags: ['applicants'],
      summary: 'The application slip data (after registration)',
      response: { 200: applicationSlipResponse, ...errors },
    },
    handler: (request) => pdfs.getOwnSlip(deps, request.auth),
  });

  r.get('/api/applicant/slip.pdf', {
    config: applicantOnly,
    schema: {
      tags: ['applicants'],
      summary: 'The application slip as an A4 landscape PDF (after registration)',
    },
    handler: async (request, reply) => sendPdf(reply, await pdfs.ownSlipPdf(deps, request.auth)),
  });

  r.get('/api/applicant/form.pdf', {
    config: applicantOnly,
    schema: { tags: ['applicants'], summary: 'The Applicant Details form as a PDF (ApplicantFormPDF.pdf)' },
    handler: async (request, reply) => sendPdf(reply, await pdfs.ownFormPdf(deps, request.auth)),
  });
}
