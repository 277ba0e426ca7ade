import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptancePaymentHistoryQuery,
  applicantIdQuery,
  applicantPaymentRow,
  applicantRecordQuery,
  applicantRecordResponse,
  biodataInput,
  biodataResponse,
  countriesQuery,
  countryEntry,
  departmentEntry,
  departmentsQuery,
  errorEnvelope,
  feeScheduleResponse,
  guardianInput,
  guardianResponse,
  lgaEntry,
  lgasQuery,
  pagedEnvelope,
  stateEntry,
  statesQuery,
  submitRegResponse,
} from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { applicantOnly, errorResponses } from '../../platform/routes.js';
import * as service from './applicants.service.js';

const errors = errorResponses(400, 401, 403, 404, 409);
const listEnvelope = <T extends z.ZodType>(item: T) => z.object({ Status: z.string(), Data: z.array(item) });

/** The applicant's record, registration, biodata, guardian, payments and fee schedule (the printouts: documents/applicant-pdfs.routes.ts). */
export function applicantsRoutes(app: FastifyInstance, deps: { db: Db; config: service.LinkConfig }): void {
  const { db, config } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/Applicants/GetApplicantRecordById', {
    config: applicantOnly,
    schema: {
      tags: ['applicants'],
      summary: "The applicant's record: progress flags (derived), slip fields, IsListed",
      querystring: applicantRecordQuery,
      response: { 200: applicantRecordResponse, ...errors },
    },
    handler: (request) => service.getOwnRecord(db, config, request.auth, request.query.ApplicantID),
  });

  r.get('/api/Applicants/SubmitReg', {
    config: applicantOnly,
    schema: {
      tags: ['applicants'],
      summary: 'Complete registration (needs biodata, 8+ O’level subjects and every required document)',
      querystring: applicantIdQuery,
      response: { 200: submitRegResponse, ...errors },
    },
    handler: (request) => service.submitRegistration(db, config, request.auth, request.query.applicantId),
  });

  r.get('/api/ApplicantAcceptancePaymentHistory', {
    config: applicantOnly,
    schema: {
      tags: ['applicants'],
      summary: 'Every payment attempt of the applicant, newest first (amounts in naira)',
      querystring: acceptancePaymentHistoryQuery,
      response: { 200: pagedEnvelope(applicantPaymentRow), ...errors },
    },
    handler: (request) =>
      service.paymentHistory(
        db,
        request.auth,
        request.query.payeeId,
        request.query.page,
        request.query.pageSize,
      ),
  });

  r.get('/api/AdmissionFeeSchedule', {
    config: applicantOnly,
    schema: {
      tags: ['applicants'],
      summary: 'The fees payable by the applicant (the specification’s api/{hash}): feeRows HTML and rows',
      querystring: applicantIdQuery,
      response: { 200: feeScheduleResponse, ...errors },
    },
    handler: (request) => service.admissionFeeSchedule(db, request.auth, request.query.applicantId),
  });

  r.get('/api/applicant/biodata', {
    config: applicantOnly,
    schema: {
      tags: ['applicants'],
      summary: "The caller's biodata",
      response: { 200: biodataResponse, ...errors },
    },
    handler: (request) => service.getBiodata(db, request.auth),
  });

  r.put('/api/applicant/biodata', {
    config: applicantOnly,
    bodyLimit: 16 * 1024,
    schema: {
      tags: ['applicants'],
      summary: "Save the caller's biodata and programme choice (before registration)",
      body: biodataInput,
      response: { 200: biodataResponse, ...errors },
    },
    handler: (request) => service.saveBiodata(db, request.auth, request.body),
  });

  r.get('/api/applicant/guardian', {
    config: applicantOnly,
    schema: {
      tags: ['applicants'],
      summary: "The caller's parent or guardian (Data null until saved)",
      response: { 200: guardianResponse, ...errors },
    },
    handler: (request) => service.getGuardian(db, request.auth),
  });

  r.put('/api/applicant/guardian', {
    config: applicantOnly,
    bodyLimit: 16 * 1024,
    schema: {
      tags: ['applicants'],
      summary: "Save the caller's parent or guardian (before registration)",
      body: guardianInput,
      response: { 200: guardianResponse, ...errors },
    },
    handler: (request) => service.saveGuardian(db, request.auth, request.body),
  });

  // Reference lists for the biodata form: public, no personal data, cacheable.
  const cacheable = { 'cache-control': 'public, max-age=3600' };

  r.get('/api/reference/countries', {
    config: { access: 'public' },
    schema: {
      tags: ['reference'],
      summary: 'Countries (filter with q; paged, up to 300 a page)',
      querystring: countriesQuery,
      response: { 200: pagedEnvelope(countryEntry) },
    },
    handler: async (request, reply) => {
      reply.headers(cacheable);
      return service.countriesList(db, request.query.q, request.query.page, request.query.pageSize);
    },
  });

  r.get('/api/reference/states', {
    config: { access: 'public' },
    schema: {
      tags: ['reference'],
      summary: "Nigeria's 36 states and the FCT",
      querystring: statesQuery,
      response: { 200: listEnvelope(stateEntry) },
    },
    handler: async (request, reply) => {
      reply.headers(cacheable);
      return service.statesList(db, request.query.countryId);
    },
  });

  r.get('/api/reference/lgas', {
    config: { access: 'public' },
    schema: {
      tags: ['reference'],
      summary: 'The local government areas of a state',
      querystring: lgasQuery,
      response: { 200: listEnvelope(lgaEntry), 400: errorEnvelope, 404: errorEnvelope },
    },
    handler: async (request, reply) => {
      reply.headers(cacheable);
      return service.lgasList(db, request.query.stateId);
    },
  });

  r.get('/api/reference/departments', {
    config: { access: 'public' },
    schema: {
      tags: ['reference'],
      summary: 'Departments with their category, faculty and courses of study',
      querystring: departmentsQuery,
      response: { 200: pagedEnvelope(departmentEntry) },
    },
    handler: async (request, reply) => {
      reply.headers(cacheable);
      return service.departmentsList(db, request.query.page, request.query.pageSize);
    },
  });
}
