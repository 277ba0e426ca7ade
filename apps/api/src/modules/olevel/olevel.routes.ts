import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  applicantIdQuery,
  olevelBatchInput,
  olevelDeleteQuery,
  olevelDeleteResponse,
  olevelGrade,
  olevelListResponse,
  olevelPostBatchResponse,
  olevelPostEachResponse,
  olevelResultInput,
  olevelSavedResult,
  olevelSubject,
  olevelType,
} from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { applicantOnly, errorResponses } from '../../platform/routes.js';
import * as service from './olevel.service.js';

const errors = errorResponses(400, 401, 403, 404, 409);

/** The specification's O'level calls (section 7), at exactly its paths and names. */
export function olevelRoutes(app: FastifyInstance, db: Db): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/OResults/NewhasOlevelResult', {
    config: applicantOnly,
    schema: {
      tags: ['olevel'],
      summary: "The applicant's saved O'level results with names ('My Results')",
      querystring: applicantIdQuery,
      response: { 200: olevelListResponse, ...errors },
    },
    handler: (request) => service.listForApplicant(db, request.auth, request.query.applicantId),
  });

  r.get('/api/OResults/hasOlevelResult', {
    config: applicantOnly,
    schema: {
      tags: ['olevel'],
      summary: "The applicant's saved O'level results as saved (an empty array when none)",
      querystring: applicantIdQuery,
      response: { 200: z.array(olevelSavedResult), ...errors },
    },
    handler: (request) => service.savedForApplicant(db, request.auth, request.query.applicantId),
  });

  // Reference lists: public and cacheable (no personal data).
  r.get('/api/Subjects/GetSubjects', {
    config: { access: 'public' },
    schema: { tags: ['olevel'], summary: "O'level subjects", response: { 200: z.array(olevelSubject) } },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return service.subjects(db);
    },
  });

  r.get('/api/Olevel/GetGrades', {
    config: { access: 'public' },
    schema: {
      tags: ['olevel'],
      summary: "O'level grades, A1 to F9",
      response: { 200: z.array(olevelGrade) },
    },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return service.grades(db);
    },
  });

  r.get('/api/OLevelType/LoadExams', {
    config: { access: 'public' },
    schema: {
      tags: ['olevel'],
      summary: "O'level examination types (WAEC, NECO, NABTEB, GCE)",
      response: { 200: z.array(olevelType) },
    },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return service.examTypes(db);
    },
  });

  r.post('/api/OResults/PostEachOResult', {
    config: applicantOnly,
    bodyLimit: 16 * 1024,
    schema: {
      tags: ['olevel'],
      summary: 'Add one subject to the saved results',
      body: olevelResultInput,
      response: { 200: olevelPostEachResponse, ...errors },
    },
    handler: (request) => service.postEach(db, request.auth, request.body),
  });

  r.post('/api/OResults/PostOResult', {
    config: applicantOnly,
    bodyLimit: 64 * 1024,
    schema: {
      tags: ['olevel'],
      summary: 'Save the whole list of results at once (at least 8 subjects)',
      body: olevelBatchInput,
      response: { 200: olevelPostBatchResponse, ...errors },
    },
    handler: (request) => service.postBatch(db, request.auth, request.body),
  });

  r.delete('/api/OResults/DeleteOResult', {
    config: applicantOnly,
    schema: {
      tags: ['olevel'],
      summary: 'Delete one saved result',
      querystring: olevelDeleteQuery,
      response: { 200: olevelDeleteResponse, ...errors },
    },
    handler: (request) => service.remove(db, request.auth, request.query.olevelresultId),
  });
}
