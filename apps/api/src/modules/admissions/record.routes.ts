import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_PAGES,
  STATUS,
  applicantDocumentEntry,
  applicantRecord,
  documentKindSchema,
  errorEnvelope,
  olevelDisplayRow,
  recordId,
} from '@portal/contracts';
import type { AppDeps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import { getApplicantRecord } from '../applicants/applicants.service.js';
import { documentEntries, openApplicantDocument } from '../documents/documents.service.js';
import { olevelRows } from '../olevel/olevel.service.js';
import { admissionFacts } from './admissions.repository.js';

/** Pages from which an admin opens an applicant's full record. */
const RECORD_PAGES = [
  ADMIN_PAGES.allApplications,
  ADMIN_PAGES.inProgress,
  ADMIN_PAGES.completed,
  ADMIN_PAGES.screen,
  ADMIN_PAGES.verify,
  ADMIN_PAGES.confirm,
  ADMIN_PAGES.rejected,
  ADMIN_PAGES.admissionList,
] as const;

const params = z.object({ id: recordId });

/**
 * An applicant's full record for the admissions office, read through the applicants, O'level
 * and documents services (never their repositories): biodata and progress, O'level results,
 * the documents (viewable inline) and where the application stands.
 */
export function applicantRecordRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;

  r.get('/api/admin/applicants/:id', {
    config: { access: { page: RECORD_PAGES } },
    schema: {
      tags: ['admin: applications'],
      summary:
        "An applicant's full record: biodata and progress flags, O'level results, documents, admission state",
      params,
      response: {
        200: z.object({
          Status: z.string(),
          Data: z.object({
            Record: applicantRecord,
            Olevel: z.array(olevelDisplayRow),
            Documents: z.array(applicantDocumentEntry),
            Admission: z.object({
              admissionStatus: z.string(),
              rejectionReason: z.string().nullable(),
              utmeScore: z.number().int().nullable(),
              capsStatus: z.string().nullable(),
            }),
          }),
        }),
        404: errorEnvelope,
      },
    },
    handler: async (request) => {
      const id = request.params.id;
      const record = await getApplicantRecord(db, deps.config, id);
      const facts = await admissionFacts(db, id);
      if (!record || !facts) throw notFound('Applicant not found.');
      const documents = await documentEntries(db, id);
      return {
        Status: STATUS.ok,
        Data: {
          Record: record,
          Olevel: await olevelRows(db, id),
          Documents: documents.map((d) => ({
            ...d,
            Uploaded: d.Uploaded
              ? { ...d.Uploaded, DownloadUrl: `/api/admin/applicants/${id}/documents/${d.Kind}` }
              : null,
          })),
          Admission: facts,
        },
      };
    },
  });

  r.get('/api/admin/applicants/:id/documents/:kind', {
    config: { access: { page: RECORD_PAGES } },
    schema: {
      tags: ['admin: applications'],
      summary:
        "One of an applicant's documents, served inline for viewing (PDF, JPEG or PNG, checked by content on upload)",
      params: params.extend({ kind: documentKindSchema }),
    },
    handler: async (request, reply) => {
      const file = await openApplicantDocument(
        { db, storage: deps.storage },
        request.params.id,
        request.params.kind,
      );
      const name = file.fileName.replace(/[^A-Za-z0-9._-]+/g, '_');
      return reply
        .header('content-type', file.contentType)
        .header('content-length', String(file.size))
        .header('content-disposition', `inline; filename="${name}"`)
        .header('x-content-type-options', 'nosniff')
        .header(
          'content-security-policy',
          "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
        )
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  });
}
