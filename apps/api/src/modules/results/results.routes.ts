import path from 'node:path';
import { rm } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminTranscriptsQuery,
  adminTranscriptsResponse,
  amendSheetInput,
  answerQueryInput,
  broadsheetQuery,
  broadsheetResponse,
  envelope,
  idParams,
  SCORE_PROPOSALS_API,
  scoreProposalDecisionResponse,
  scoreProposalsResponse,
  publicationQuery,
  publicationResponse,
  publishInput,
  raiseQueryInput,
  reportCardQuery,
  resultDocumentQuery,
  resultDocumentResponse,
  resultQueriesQuery,
  resultQueriesResponse,
  resultSheetQuery,
  resultSheetResponse,
  reviewQueueQuery,
  reviewQueueResponse,
  saveScoresInput,
  sheetAction,
  sheetCoursesQuery,
  sheetCoursesResponse,
  sheetDecisionInput,
  studentResultsResponse,
  studentResultsViewResponse,
  transcriptRequestInput,
  transcriptRequestsResponse,
  uploadScoresQuery,
  uploadScoresResponse,
  STUDENT_API,
} from '@portal/contracts';
import { actorOf } from '../../platform/audit.js';
import { errorResponses } from '../../platform/routes.js';
import { sendSheetFile, sheetFile } from '../../platform/sheets.js';
import { enableMultipart, streamUploadToDisk } from '../../platform/uploads.js';
import { sendPdf } from '../../platform/downloads.js';
import { ownStudent } from '../students/students.service.js';
import * as broadsheet from './broadsheet.js';
import { renderResultDocument } from './documents.js';
import * as queries from './queries.service.js';
import * as repo from './results.repository.js';
import { studentResults, verifyDocument, viewStudentResults, type ResultsDeps } from './results.service.js';
import * as proposals from './proposals.service.js';
import * as sheets from './sheets.service.js';
import * as transcripts from './transcripts.js';

const errors = errorResponses(400, 401, 403, 404, 409);
const studentOnly = { access: { modes: ['Student'] as const } };
const page = (...pages: string[]) => ({ access: { page: pages } });
const done = envelope(
  z.object({ Version: z.number().int().optional(), State: z.string().optional() }).loose(),
);
const matricQuery = z.object({ matricNo: z.string().trim().min(3).max(40) });
const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/**
 * Results (issue 14): score sheets (resultupload, marksheet), the review chain (ReviewResult, stages
 * on ReviewSetup), publication and the broadsheet (resultSheet), the registry's views (viewResult,
 * Transcript), the student's results, report card, queries and transcript requests, and the public
 * page the documents' QR codes open.
 */
export function resultsRoutes(app: FastifyInstance, resultsDeps: ResultsDeps): void {
  const { db } = resultsDeps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['results'];
  const adminTags = ['admin: results'];

  // ── the student ──
  r.get(STUDENT_API.results, {
    config: studentOnly,
    schema: {
      tags,
      summary:
        'The student’s published results per semester with GPA, CGPA, the class of degree and their queries',
      response: { 200: studentResultsResponse, ...errors },
    },
    handler: (request) => studentResults(db, request.auth),
  });

  r.post('/api/student/results/queries', {
    config: studentOnly,
    bodyLimit: 8 * 1024,
    schema: {
      tags,
      summary: 'Query a published result (a remark request with a reason); it reaches the course’s HOD',
      body: raiseQueryInput,
      response: { 200: envelope(z.unknown()), ...errors },
    },
    handler: (request) => queries.raiseQuery(db, request.auth, request.body),
  });

  r.get('/api/student/results/report-card.pdf', {
    config: studentOnly,
    schema: {
      tags,
      summary: 'The report card of a semester (default: the latest published) as a PDF with a QR code',
      querystring: reportCardQuery,
    },
    handler: async (request, reply) => {
      const student = await ownStudent({ db }, request.auth);
      const semesterId =
        request.query.semesterId ?? (await repo.publishedResults(db, student.id)).at(-1)?.semesterId ?? 0;
      const document = await renderResultDocument(resultsDeps, student.id, 'report_card', semesterId);
      return sendPdf(reply, document);
    },
  });

  r.get(STUDENT_API.transcripts, {
    config: studentOnly,
    schema: {
      tags,
      summary: 'The student’s transcript requests and their state',
      response: { 200: transcriptRequestsResponse, ...errors },
    },
    handler: (request) => transcripts.ownTranscriptRequests(db, request.auth),
  });

  r.post(STUDENT_API.transcripts, {
    config: studentOnly,
    bodyLimit: 8 * 1024,
    schema: {
      tags,
      summary:
        'Request an official transcript sent to an institution or employer (paid with payType 3, RecordId = the request)',
      body: transcriptRequestInput,
      response: { 200: transcriptRequestsResponse, ...errors },
    },
    handler: (request) => transcripts.requestTranscript(db, request.auth, request.body),
  });

  r.get('/api/results/verify', {
    config: { access: 'public' },
    schema: {
      tags,
      summary:
        'What a report card’s or transcript’s QR code opens: the results and whether the document is current',
      querystring: resultDocumentQuery,
      response: { 200: resultDocumentResponse, ...errors },
    },
    handler: (request) => verifyDocument(db, request.query.id, request.query.r),
  });

  // ── score sheets ──
  r.get('/api/admin/results/courses', {
    config: page('resultupload', 'marksheet'),
    schema: {
      tags: adminTags,
      summary:
        'Courses of a semester with their sheets: the lecturer’s own (mine=true) or every course with students',
      querystring: sheetCoursesQuery,
      response: { 200: sheetCoursesResponse, ...errors },
    },
    handler: async (request) => sheets.sheetCourses(db, await actorOf(db, request), request.query),
  });

  r.get('/api/admin/results/sheet', {
    config: page('resultupload', 'marksheet', 'ReviewResult'),
    schema: {
      tags: adminTags,
      summary: 'A course’s score sheet for a semester (the latest revision, or the one asked for)',
      querystring: resultSheetQuery,
      response: { 200: resultSheetResponse, ...errors },
    },
    handler: async (request) => ({
      Status: 'Ok',
      Data: await sheets.openSheet(db, await actorOf(db, request), request.query),
    }),
  });

  // ── score proposals (assignments' grades; later exams') ──
  r.get(SCORE_PROPOSALS_API.list, {
    config: page('resultupload', 'marksheet', 'ReviewResult'),
    schema: {
      tags: adminTags,
      summary:
        'Scores proposed for a course’s sheet (e.g. returned assignment grades), with the mark the sheet holds',
      querystring: resultSheetQuery.pick({ courseId: true, semesterId: true }),
      response: { 200: scoreProposalsResponse, ...errors },
    },
    handler: (request) => proposals.listProposals(db, request.query),
  });

  r.post(SCORE_PROPOSALS_API.accept(':id'), {
    config: page('resultupload'),
    schema: {
      tags: adminTags,
      summary: 'Accept a proposal: fills the mark only when it is empty (an entered mark stays)',
      params: idParams,
      response: { 200: scoreProposalDecisionResponse, ...errors },
    },
    handler: async (request) => proposals.acceptProposal(db, await actorOf(db, request), request.params.id),
  });

  r.put('/api/admin/results/sheet/scores', {
    config: page('resultupload'),
    bodyLimit: 2 * 1024 * 1024,
    schema: {
      tags: adminTags,
      summary:
        'Save scores (all or nothing: a problem on any row saves nothing); totals and grades are computed',
      body: saveScoresInput,
      response: { 200: uploadScoresResponse, ...errors },
    },
    handler: async (request) => sheets.saveScores(db, await actorOf(db, request), request.body),
  });

  r.get('/api/admin/results/sheet/template', {
    config: page('resultupload', 'marksheet'),
    schema: {
      tags: adminTags,
      summary:
        'The score-sheet template: every registered student with a column per score item (CSV or XLSX)',
      querystring: resultSheetQuery.extend({ format: z.enum(['csv', 'xlsx']).default('xlsx') }),
    },
    handler: async (request, reply) => {
      const t = await sheets.sheetTemplate(db, await actorOf(db, request), request.query);
      const file = await sheetFile({
        columns: t.columns,
        batches: async function* () {
          yield t.rows;
        },
        format: request.query.format,
        fileName: `${t.fileName}.${request.query.format}`,
        sheetName: 'Scores',
      });
      return sendSheetFile(reply, file);
    },
  });

  const uploadDir = path.join(resultsDeps.config.DATA_DIR, 'imports');
  app.register(async (scope) => {
    await enableMultipart(scope);
    scope.withTypeProvider<ZodTypeProvider>().post('/api/admin/results/sheet/upload', {
      config: page('resultupload'),
      schema: {
        tags: adminTags,
        summary:
          'Upload scores (CSV or XLSX, multipart field "file"), streamed; problems listed by row and nothing saved',
        consumes: ['multipart/form-data'],
        querystring: uploadScoresQuery,
        response: { 200: uploadScoresResponse, ...errors },
      },
      handler: async (request) => {
        const actor = await actorOf(db, request);
        const upload = await streamUploadToDisk(request, {
          maxBytes: UPLOAD_MAX_BYTES,
          allowed: ['csv', 'xlsx'],
          dir: uploadDir,
        });
        try {
          return await sheets.uploadScores(db, actor, request.query, {
            filePath: upload.filePath,
            format: upload.kind as 'csv' | 'xlsx',
          });
        } finally {
          await rm(upload.filePath, { force: true });
        }
      },
    });
  });

  r.post('/api/admin/results/sheets/:id/submit', {
    config: page('resultupload'),
    schema: {
      tags: adminTags,
      summary: 'Submit a complete sheet for review',
      params: idParams,
      body: sheetAction,
      response: { 200: done, ...errors },
    },
    handler: async (request) =>
      sheets.submitSheet(db, await actorOf(db, request), request.params.id, request.body.ExpectedVersion),
  });

  r.post('/api/admin/results/sheets/:id/amend', {
    config: page('resultupload'),
    schema: {
      tags: adminTags,
      summary: 'Open an amendment of a locked sheet: the next revision, which climbs the stages again',
      params: idParams,
      body: amendSheetInput,
      response: { 200: envelope(z.object({ Revision: z.number().int() })), ...errors },
    },
    handler: async (request) =>
      sheets.amendSheet(db, await actorOf(db, request), request.params.id, request.body.Reason),
  });

  // ── review ──
  r.get('/api/admin/results/review', {
    config: page('ReviewResult'),
    schema: {
      tags: adminTags,
      summary: 'Sheets awaiting a stage the reviewer holds',
      querystring: reviewQueueQuery,
      response: { 200: reviewQueueResponse, ...errors },
    },
    handler: async (request) => sheets.reviewQueue(db, await actorOf(db, request), request.query),
  });

  r.post('/api/admin/results/sheets/:id/decision', {
    config: page('ReviewResult'),
    schema: {
      tags: adminTags,
      summary:
        'Approve a sheet at its stage (the last stage locks it) or return it to the lecturer with a comment',
      params: idParams,
      body: sheetDecisionInput,
      response: { 200: done, ...errors },
    },
    handler: async (request) =>
      sheets.decideSheet(db, await actorOf(db, request), request.params.id, request.body),
  });

  r.get('/api/admin/results/queries', {
    config: page('ReviewResult'),
    schema: {
      tags: adminTags,
      summary: 'Students’ queries on published results of the departments the reviewer heads',
      querystring: resultQueriesQuery,
      response: { 200: resultQueriesResponse, ...errors },
    },
    handler: async (request) => queries.listQueries(db, await actorOf(db, request), request.query),
  });

  r.post('/api/admin/results/queries/:id/answer', {
    config: page('ReviewResult'),
    schema: {
      tags: adminTags,
      summary: 'Answer a student’s query',
      params: idParams,
      body: answerQueryInput,
      response: { 200: envelope(z.unknown()), ...errors },
    },
    handler: async (request) =>
      queries.answerQuery(db, await actorOf(db, request), request.params.id, request.body.Answer),
  });

  // ── publication and the broadsheet ──
  r.get('/api/admin/results/publication', {
    config: page('resultSheet'),
    schema: {
      tags: adminTags,
      summary: 'Where a semester’s sheets stand: none, in progress, approved, published',
      querystring: publicationQuery,
      response: { 200: publicationResponse, ...errors },
    },
    handler: (request) => sheets.publicationState(db, request.query.semesterId),
  });

  r.post('/api/admin/results/publish', {
    config: page('resultSheet'),
    schema: {
      tags: adminTags,
      summary: 'Publish a semester’s approved sheets to the students',
      body: publishInput,
      response: { 200: envelope(z.unknown()), ...errors },
    },
    handler: async (request) => sheets.publish(db, await actorOf(db, request), request.body.SemesterId),
  });

  r.get('/api/admin/results/broadsheet', {
    config: page('resultSheet'),
    schema: {
      tags: adminTags,
      summary: 'The broadsheet of a department, level and semester, paged',
      querystring: broadsheetQuery,
      response: { 200: broadsheetResponse, ...errors },
    },
    handler: (request) => broadsheet.broadsheetPage(db, request.query),
  });

  const fileQuery = broadsheetQuery.pick({ semesterId: true, departmentId: true, levelId: true });
  r.get('/api/admin/results/broadsheet.xlsx', {
    config: page('resultSheet'),
    schema: { tags: adminTags, summary: 'The broadsheet as an XLSX workbook', querystring: fileQuery },
    handler: async (request, reply) => {
      const file = await broadsheet.broadsheetXlsx(db, request.query);
      return sendSheetFile(reply, file);
    },
  });

  r.get('/api/admin/results/broadsheet.pdf', {
    config: page('resultSheet'),
    schema: { tags: adminTags, summary: 'The broadsheet as a landscape PDF', querystring: fileQuery },
    handler: async (request, reply) => sendPdf(reply, await broadsheet.broadsheetPdf(db, request.query)),
  });

  // ── the registry ──
  r.get('/api/admin/results/student', {
    config: page('viewResult', 'Transcript'),
    schema: {
      tags: adminTags,
      summary: 'A student’s published results by matric number',
      querystring: matricQuery,
      response: { 200: studentResultsViewResponse, ...errors },
    },
    handler: (request) => viewStudentResults(db, request.query.matricNo),
  });

  r.get('/api/admin/results/student/transcript.pdf', {
    config: page('viewResult', 'Transcript'),
    schema: {
      tags: adminTags,
      summary: 'A student’s transcript as a PDF with a QR code',
      querystring: matricQuery,
    },
    handler: async (request, reply) => {
      const view = await viewStudentResults(db, request.query.matricNo);
      const student = await repo.studentSummary(db, { matricNo: view.Data.MatricNo });
      return sendPdf(reply, await renderResultDocument(resultsDeps, student!.id, 'transcript', null));
    },
  });

  r.get('/api/admin/results/transcripts', {
    config: page('Transcript'),
    schema: {
      tags: adminTags,
      summary: 'Transcript requests, by state',
      querystring: adminTranscriptsQuery,
      response: { 200: adminTranscriptsResponse, ...errors },
    },
    handler: (request) => transcripts.listTranscriptRequests(db, request.query),
  });

  r.post('/api/admin/results/transcripts/:id/process', {
    config: page('Transcript'),
    schema: {
      tags: adminTags,
      summary: 'Mark a paid request as being processed',
      params: idParams,
      response: { 200: envelope(z.unknown()), ...errors },
    },
    handler: async (request) =>
      transcripts.processTranscript(db, await actorOf(db, request), request.params.id),
  });

  r.post('/api/admin/results/transcripts/:id/release', {
    config: page('Transcript'),
    schema: {
      tags: adminTags,
      summary: 'Send the transcript: the recipient is e-mailed the link to its verification page',
      params: idParams,
      response: { 200: envelope(z.unknown()), ...errors },
    },
    handler: async (request) =>
      transcripts.releaseTranscript(resultsDeps, await actorOf(db, request), request.params.id),
  });
}
