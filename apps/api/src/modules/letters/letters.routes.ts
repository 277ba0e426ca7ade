import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  admissionLetterQuery,
  admissionLetterResponse,
  documentLinksResponse,
  errorEnvelope,
  siwesLetterQuery,
  siwesLetterResponse,
  studentDocumentLinksResponse,
} from '@portal/contracts';
import { AppError } from '../../platform/errors.js';
import { sendPdf } from '../../platform/downloads.js';
import { pdfFileParams, publicPdfRoute } from '../../platform/public-pdf.js';
import {
  admissionDocumentPdf,
  admissionLetterPdf,
  documentLinks,
  getAdmissionLetter,
  getSiwesLetter,
  LETTER_MESSAGES,
  siwesLetterPdf,
  studentDocumentLinks,
  type LettersDeps,
} from './letters.service.js';

/** Letters are public by the holder's unguessable public id (the QR code's link); the applicant's documents need sign-in. */
export function lettersRoutes(app: FastifyInstance, deps: LettersDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/ProvisionalAdmissionLetter', {
    config: { access: 'public' },
    schema: {
      tags: ['letters'],
      summary: 'The provisional admission letter by the applicant’s public id (admitted applicants only)',
      querystring: admissionLetterQuery,
      response: { 200: admissionLetterResponse, 404: errorEnvelope },
    },
    handler: (request) => getAdmissionLetter(deps, request.query.applicantId),
  });

  publicPdfRoute(app, '/api/letters/admission/:file', {
    tag: 'letters',
    summary: 'The provisional admission letter as a PDF: /api/letters/admission/{applicantId}.pdf',
    notFoundMessage: LETTER_MESSAGES.letterNotFound,
    render: (publicId) => admissionLetterPdf(deps, publicId),
  });

  r.get('/api/SIWESLETTER', {
    config: { access: 'public' },
    schema: {
      tags: ['letters'],
      summary: 'The SIWES placement letter by the student’s public id',
      querystring: siwesLetterQuery,
      response: { 200: siwesLetterResponse, 404: errorEnvelope },
    },
    handler: (request) => getSiwesLetter(deps, request.query.StudId),
  });

  publicPdfRoute(app, '/api/letters/siwes/:file', {
    tag: 'letters',
    summary: 'The SIWES letter as a PDF: /api/letters/siwes/{StudId}.pdf',
    notFoundMessage: LETTER_MESSAGES.siwesNotFound,
    render: (publicId) => siwesLetterPdf(deps, publicId),
  });

  r.get('/api/applicant/document-links', {
    config: { access: { modes: ['Applicant'] } },
    schema: {
      tags: ['letters'],
      summary:
        'The signed-in applicant’s letter and receipt ids, and which admission documents are available',
      response: { 200: documentLinksResponse, 404: errorEnvelope },
    },
    handler: (request) => documentLinks(deps, request.auth),
  });

  r.get('/api/applicant/admission-documents/:file', {
    config: { access: { modes: ['Applicant'] } },
    schema: {
      tags: ['letters'],
      summary: 'One of the four admission documents as a PDF: /api/applicant/admission-documents/{1..4}.pdf',
      params: pdfFileParams,
    },
    handler: async (request, reply) => {
      const match = /^([1-4])\.pdf$/.exec(request.params.file);
      if (!match) throw new AppError(404, 'No such admission document.', 'NotFound');
      return sendPdf(reply, await admissionDocumentPdf(deps, request.auth, Number(match[1])));
    },
  });

  r.get('/api/student/document-links', {
    config: { access: { modes: ['Student'] } },
    schema: {
      tags: ['letters'],
      summary: 'The signed-in student’s SIWES letter id',
      response: { 200: studentDocumentLinksResponse, 404: errorEnvelope },
    },
    handler: (request) => studentDocumentLinks(deps, request.auth),
  });
}
