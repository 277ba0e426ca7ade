import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import { z } from 'zod';
import {
  BANK_FORMATS,
  CBT_API as API,
  CBT_LIMITS as L,
  CBT_MACHINE_HEADER,
  CBT_MESSAGES as M,
  CBT_PAGE,
  STATUS,
  analysisResponse,
  answersInput,
  answersResponse,
  attemptResponse,
  bankExportQuery,
  candidatesQuery,
  candidatesResponse,
  cbtOkResponse,
  cbtScoreItemsResponse,
  cbtStaffResponse,
  examInput,
  examReceiptQuery,
  examReceiptResponse,
  examReceiptVerificationResponse,
  examResponse,
  examsResponse,
  extendInput,
  idParams,
  importResponse,
  machineId,
  offeringParams,
  questionInput,
  questionResponse,
  questionsQuery,
  questionsResponse,
  reasonInput,
  recordId,
  reviewResponse,
  staffSearchQuery,
  studentExamsResponse,
  topicInput,
  topicResponse,
  topicsResponse,
  withdrawInput,
} from '@portal/contracts';
import type { AppDeps } from '../../platform/deps.js';
import type { FileStorage } from '../../platform/storage.js';
import { sendPdf } from '../../platform/downloads.js';
import { badRequest } from '../../platform/errors.js';
import { loadInstitution } from '../../platform/pdf.js';
import { errorResponses } from '../../platform/routes.js';
import { XLSX_CONTENT_TYPE, sendSheetFile, xlsxStream } from '../../platform/sheets.js';
import { enableMultipart, readSmallUpload } from '../../platform/uploads.js';
import { staffCaller, studentIdOf } from '../offerings/offerings.service.js';
import * as service from './cbt.service.js';
import * as repo from './cbt.repository.js';
import {
  SHEET_EXAMPLES,
  SHEET_HEADERS,
  parseAiken,
  parseGift,
  parseSheetRows,
  sheetRow,
  toAiken,
  toGift,
} from './formats.js';
import { receiptFileName, renderReceipt } from './receipt.js';

const errors = errorResponses(400, 401, 403, 404, 409, 413, 415);
const staff = { access: { page: CBT_PAGE } };
const studentOnly = { access: { modes: ['Student'] as const } };
const idPath = (f: (id: string) => string) => f(':id');
const offeringPath = (f: (c: string, s: string) => string) => f(':courseId', ':sessionId');
const courseParams = z.object({ courseId: recordId });
const imageParams = z.object({ id: recordId, questionId: recordId });
const machineHeaders = z.object({ [CBT_MACHINE_HEADER]: machineId });
const optionalMachine = z.object({ [CBT_MACHINE_HEADER]: machineId.optional() });
const machineOf = (request: FastifyRequest) => String(request.headers[CBT_MACHINE_HEADER] ?? '');

/** Computer-based tests (issue 27): banks, exams, the sitting, invigilation, analysis, receipts. */
export function registerCbtModule(app: FastifyInstance, deps: AppDeps): void {
  const d: service.CbtDeps = { db: deps.database.db, storage: deps.storage, config: deps.config };
  const { db } = d;
  // Before the first request: a restarted server meets every candidate's held answer at once.
  app.addHook('onReady', () => service.holdOpenPapers(db));
  d.timeUpJob = deps.jobs.define<{ attemptId: number }>({
    name: 'cbt.time-up',
    expireInSeconds: 60,
    retry: { limit: 5, delaySeconds: 5 },
    batchSize: 10,
    handler: async ({ attemptId }) => {
      if (typeof attemptId === 'number') await service.timeUp(db, attemptId);
    },
  });
  deps.jobs.define({
    name: 'cbt.sweep',
    everySeconds: 15,
    expireInSeconds: 120,
    handler: () => service.sweep(db),
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin: cbt'];
  const studentTags = ['student: exams'];
  const caller = (request: FastifyRequest) => staffCaller(db, request);

  // ── staff: score items, staff (the offerings list is the offerings module's) ──
  r.get(API.scoreItems, {
    config: staff,
    schema: {
      tags,
      summary: 'The score items an exam may feed',
      response: { 200: cbtScoreItemsResponse, ...errors },
    },
    handler: () => service.scoreItems(db),
  });
  r.get(API.staff, {
    config: staff,
    schema: {
      tags,
      summary: 'Staff accounts to name as invigilators',
      querystring: staffSearchQuery,
      response: { 200: cbtStaffResponse, ...errors },
    },
    handler: (request) => service.staffList(db, request.query.search),
  });

  // ── the bank ──
  r.get(API.topics(':courseId'), {
    config: staff,
    schema: {
      tags,
      summary: 'The course’s topics',
      params: courseParams,
      response: { 200: topicsResponse, ...errors },
    },
    handler: async (request) => service.listTopics(db, await caller(request), request.params.courseId),
  });
  r.post(API.topics(':courseId'), {
    config: staff,
    schema: {
      tags,
      summary: 'A new topic',
      params: courseParams,
      body: topicInput,
      response: { 200: topicResponse, ...errors },
    },
    handler: async (request) =>
      service.createTopic(db, await caller(request), request.params.courseId, request.body.Name),
  });
  r.put(idPath(API.topic), {
    config: staff,
    schema: {
      tags,
      summary: 'Rename a topic',
      params: idParams,
      body: topicInput,
      response: { 200: topicResponse, ...errors },
    },
    handler: async (request) =>
      service.renameTopic(db, await caller(request), request.params.id, request.body.Name),
  });
  r.delete(idPath(API.topic), {
    config: staff,
    schema: {
      tags,
      summary: 'Delete an unused topic',
      params: idParams,
      response: { 200: cbtOkResponse, ...errors },
    },
    handler: async (request) => service.deleteTopic(db, await caller(request), request.params.id),
  });
  r.get(API.questions(':courseId'), {
    config: staff,
    schema: {
      tags,
      summary: 'The course’s questions, paged',
      params: courseParams,
      querystring: questionsQuery,
      response: { 200: questionsResponse, ...errors },
    },
    handler: async (request) =>
      service.listQuestions(db, await caller(request), request.params.courseId, request.query),
  });
  r.post(API.questions(':courseId'), {
    config: staff,
    schema: {
      tags,
      summary: 'Add a question',
      params: courseParams,
      body: questionInput,
      response: { 200: questionResponse, ...errors },
    },
    handler: async (request) =>
      service.createQuestion(db, await caller(request), request.params.courseId, request.body),
  });
  r.get(idPath(API.question), {
    config: staff,
    schema: {
      tags,
      summary: 'A question with its key',
      params: idParams,
      response: { 200: questionResponse, ...errors },
    },
    handler: async (request) => service.getQuestion(db, await caller(request), request.params.id),
  });
  r.put(idPath(API.question), {
    config: staff,
    schema: {
      tags,
      summary: 'Change a question never sat',
      params: idParams,
      body: questionInput,
      response: { 200: questionResponse, ...errors },
    },
    handler: async (request) =>
      service.updateQuestion(db, await caller(request), request.params.id, request.body),
  });
  r.delete(idPath(API.question), {
    config: staff,
    schema: {
      tags,
      summary: 'Delete a question (retired once sat)',
      params: idParams,
      response: { 200: cbtOkResponse, ...errors },
    },
    handler: async (request) => service.deleteQuestion(d, await caller(request), request.params.id),
  });
  r.get(idPath(API.questionImage), {
    config: staff,
    schema: { tags, summary: 'A question’s image', params: idParams },
    handler: async (request, reply) => {
      const f = {
        ...(await service.staffImage(db, await caller(request), request.params.id)),
        storage: d.storage,
      };
      return sendImage(reply, f);
    },
  });
  r.delete(idPath(API.questionImage), {
    config: staff,
    schema: {
      tags,
      summary: 'Remove a question’s image',
      params: idParams,
      response: { 200: cbtOkResponse, ...errors },
    },
    handler: async (request) => service.removeImage(d, await caller(request), request.params.id),
  });
  r.get(API.export(':courseId'), {
    config: staff,
    schema: {
      tags,
      summary: 'The bank as Aiken, GIFT or the spreadsheet template',
      params: courseParams,
      querystring: bankExportQuery,
    },
    handler: async (request, reply) => {
      const { code, questions } = await service.bankForExport(
        db,
        await caller(request),
        request.params.courseId,
        request.query.topicId,
      );
      const base = `QuestionBank-${code.replace(/[^0-9A-Za-z]/g, '')}`;
      if (request.query.format === 'xlsx')
        return sendSheetFile(reply, {
          stream: xlsxStream({
            headers: [...SHEET_HEADERS],
            rows: Readable.from([questions.map(sheetRow)]),
            sheetName: 'Questions',
          }),
          contentType: XLSX_CONTENT_TYPE,
          fileName: `${base}.xlsx`,
        });
      const text = request.query.format === 'aiken' ? toAiken(questions) : toGift(questions);
      return reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${base}.${request.query.format === 'aiken' ? 'aiken' : 'gift'}.txt"`,
        )
        .header('cache-control', 'no-store')
        .send(text);
    },
  });
  r.get(API.template, {
    config: staff,
    schema: { tags, summary: 'The spreadsheet template, an example row per kind' },
    handler: (_request, reply) =>
      sendSheetFile(reply, {
        stream: xlsxStream({
          headers: [...SHEET_HEADERS],
          rows: Readable.from([SHEET_EXAMPLES.map(sheetRow)]),
          sheetName: 'Questions',
        }),
        contentType: XLSX_CONTENT_TYPE,
        fileName: 'QuestionBankTemplate.xlsx',
      }),
  });

  // ── exams ──
  r.get(offeringPath(API.offering), {
    config: staff,
    schema: {
      tags,
      summary: 'An offering’s exams',
      params: offeringParams,
      response: { 200: examsResponse, ...errors },
    },
    handler: async (request) =>
      service.offeringExams(db, await caller(request), request.params.courseId, request.params.sessionId),
  });
  r.post(offeringPath(API.offering), {
    config: staff,
    schema: {
      tags,
      summary: 'Set a new exam (a draft)',
      params: offeringParams,
      body: examInput,
      response: { 200: examResponse, ...errors },
    },
    handler: async (request) =>
      service.createExam(
        db,
        await caller(request),
        request.params.courseId,
        request.params.sessionId,
        request.body,
      ),
  });
  r.get(idPath(API.exam), {
    config: staff,
    schema: { tags, summary: 'An exam', params: idParams, response: { 200: examResponse, ...errors } },
    handler: async (request) => service.getExam(db, await caller(request), request.params.id),
  });
  r.put(idPath(API.exam), {
    config: staff,
    schema: {
      tags,
      summary: 'Change an exam (until the first attempt)',
      params: idParams,
      body: examInput,
      response: { 200: examResponse, ...errors },
    },
    handler: async (request) =>
      service.updateExam(db, await caller(request), request.params.id, request.body),
  });
  r.delete(idPath(API.exam), {
    config: staff,
    schema: {
      tags,
      summary: 'Delete an exam (until the first attempt)',
      params: idParams,
      response: { 200: cbtOkResponse, ...errors },
    },
    handler: async (request) => service.deleteExam(db, await caller(request), request.params.id),
  });
  r.post(idPath(API.publish), {
    config: staff,
    schema: {
      tags,
      summary: 'Publish (type 7 to the roster)',
      params: idParams,
      response: { 200: examResponse, ...errors },
    },
    handler: async (request) => service.publishExam(db, await caller(request), request.params.id),
  });
  r.post(idPath(API.release), {
    config: staff,
    schema: {
      tags,
      summary: 'Release the results',
      params: idParams,
      response: { 200: examResponse, ...errors },
    },
    handler: async (request) => service.releaseExam(db, await caller(request), request.params.id),
  });

  // ── invigilation ──
  r.get(idPath(API.candidates), {
    config: staff,
    schema: {
      tags,
      summary: 'The candidates and their attempts (live view)',
      params: idParams,
      querystring: candidatesQuery,
      response: { 200: candidatesResponse, ...errors },
    },
    handler: async (request) =>
      service.candidates(db, await caller(request), request.params.id, request.query.hall),
  });
  r.post(idPath(API.extend), {
    config: staff,
    schema: {
      tags,
      summary: 'More time for one attempt or every open one',
      params: idParams,
      body: extendInput,
      response: { 200: cbtOkResponse, ...errors },
    },
    handler: async (request) => service.extend(d, await caller(request), request.params.id, request.body),
  });
  r.get(idPath(API.attempt), {
    config: staff,
    schema: { tags, summary: 'An attempt’s answer log and events', params: idParams },
    handler: async (request) => service.staffAttempt(db, await caller(request), request.params.id),
  });
  r.post(idPath(API.end), {
    config: staff,
    schema: {
      tags,
      summary: 'End an attempt now (submitted and marked)',
      params: idParams,
      body: reasonInput,
      response: { 200: cbtOkResponse, ...errors },
    },
    handler: async (request) =>
      service.endAttempt(db, await caller(request), request.params.id, request.body.Reason),
  });
  r.post(idPath(API.restart), {
    config: staff,
    schema: {
      tags,
      summary: 'Cancel an attempt so the candidate may start again',
      params: idParams,
      body: reasonInput,
      response: { 200: cbtOkResponse, ...errors },
    },
    handler: async (request) =>
      service.restartAttempt(db, await caller(request), request.params.id, request.body.Reason),
  });

  // ── analysis ──
  r.get(idPath(API.analysis), {
    config: staff,
    schema: {
      tags,
      summary: 'Item analysis of the submitted attempts',
      params: idParams,
      response: { 200: analysisResponse, ...errors },
    },
    handler: async (request) => service.analysis(db, await caller(request), request.params.id),
  });
  r.post(idPath(API.withdraw), {
    config: staff,
    schema: {
      tags,
      summary: 'Withdraw a question: every attempt re-marked',
      params: idParams,
      body: withdrawInput,
      response: { 200: cbtOkResponse, ...errors },
    },
    handler: async (request) =>
      service.withdrawQuestion(
        db,
        await caller(request),
        request.params.id,
        request.body.QuestionId,
        request.body.Reason,
      ),
  });

  // ── students ──
  r.get(API.student, {
    config: studentOnly,
    schema: {
      tags: studentTags,
      summary: 'The student’s exams, with the server’s time',
      response: { 200: studentExamsResponse, ...errors },
    },
    handler: (request) => service.studentExams(d, studentIdOf(request.auth)),
  });
  r.post(idPath(API.open), {
    config: studentOnly,
    schema: {
      tags: studentTags,
      summary: 'Start (inside the window) or resume; another machine takes the attempt over',
      params: idParams,
      headers: machineHeaders,
      response: { 200: attemptResponse, ...errors },
    },
    handler: (request) =>
      service.openExam(d, studentIdOf(request.auth), request.params.id, machineOf(request)),
  });
  r.get(idPath(API.sitting), {
    config: studentOnly,
    schema: {
      tags: studentTags,
      summary: 'The attempt, without taking it over',
      params: idParams,
      headers: optionalMachine,
      response: { 200: attemptResponse, ...errors },
    },
    handler: (request) =>
      service.sitting(d, studentIdOf(request.auth), request.params.id, machineOf(request)),
  });
  r.post(idPath(API.answers), {
    config: studentOnly,
    schema: {
      tags: studentTags,
      summary:
        'A batch of answers (all or nothing), acknowledged by their Seqs; an empty batch is the heartbeat',
      params: idParams,
      headers: machineHeaders,
      body: answersInput,
      response: { 200: answersResponse, ...errors },
    },
    handler: (request) =>
      service.saveAnswers(d, studentIdOf(request.auth), request.params.id, machineOf(request), request.body),
  });
  r.post(idPath(API.submit), {
    config: studentOnly,
    schema: {
      tags: studentTags,
      summary: 'Submit; answers the receipt',
      params: idParams,
      headers: machineHeaders,
      response: { 200: examReceiptResponse, ...errors },
    },
    handler: (request) =>
      service.submitOwn(d, studentIdOf(request.auth), request.params.id, machineOf(request)),
  });
  r.get(idPath(API.receiptPdf), {
    config: studentOnly,
    schema: { tags: studentTags, summary: 'The receipt as a PDF', params: idParams },
    handler: async (request, reply) => {
      const a = await service.ownReceiptAttempt(d, studentIdOf(request.auth), request.params.id);
      const s = await repo.studentFacts(db, a.studentId);
      const { o } = await service.receiptFacts(d, a);
      return sendPdf(reply, {
        pdf: await renderReceipt(d, a),
        fileName: receiptFileName(s?.matricNo ?? '', o?.code ?? ''),
      });
    },
  });
  r.get(idPath(API.review), {
    config: studentOnly,
    schema: {
      tags: studentTags,
      summary: 'The marked paper, after release where allowed',
      params: idParams,
      response: { 200: reviewResponse, ...errors },
    },
    handler: (request) => service.review(d, studentIdOf(request.auth), request.params.id),
  });
  r.get(API.image(':id', ':questionId'), {
    config: studentOnly,
    schema: {
      tags: studentTags,
      summary: 'An image of a question in the caller’s paper',
      params: imageParams,
    },
    handler: async (request, reply) => {
      const f = {
        ...(await service.studentImage(
          d,
          studentIdOf(request.auth),
          request.params.id,
          request.params.questionId,
        )),
        storage: d.storage,
      };
      return sendImage(reply, f);
    },
  });

  // ── public ──
  r.get(API.verify, {
    config: { access: 'public' },
    schema: {
      tags: ['public: verification'],
      summary: 'What an exam receipt’s QR code opens',
      querystring: examReceiptQuery,
      response: { 200: examReceiptVerificationResponse, ...errors },
    },
    handler: async (request) => service.verifyReceipt(d, request.query.id, (await loadInstitution(db)).name),
  });

  // ── multipart: images and imports ──
  app.register(async (scope) => {
    await enableMultipart(scope);
    const s = scope.withTypeProvider<ZodTypeProvider>();
    s.post(idPath(API.questionImage), {
      config: staff,
      schema: {
        tags,
        summary: 'Set a question’s image (PNG or JPEG, multipart `file`)',
        params: idParams,
        response: { 200: cbtOkResponse, ...errors },
      },
      handler: async (request) => {
        const who = await caller(request);
        const { file } = await readSmallUpload(request, {
          maxBytes: L.imageBytes,
          allowed: ['png', 'jpg'],
          required: true,
        });
        return service.setImage(d, who, request.params.id, file!);
      },
    });
    s.post(API.import(':courseId'), {
      config: staff,
      schema: {
        tags,
        summary: 'Import questions (multipart: format, topicId, file): all or nothing, problems by line',
        params: courseParams,
        response: { 200: importResponse, ...errors },
      },
      handler: async (request) => {
        const who = await caller(request);
        const { fields, file } = await readSmallUpload(request, {
          maxBytes: L.importBytes,
          allowed: ['csv', 'xlsx', 'zip'],
        });
        const format = fields.format as (typeof BANK_FORMATS)[number];
        if (!BANK_FORMATS.includes(format)) throw badRequest(M.importFormat);
        if (!file) throw badRequest(M.importFileRequired);
        const topic = fields.topicId ? recordId.safeParse(fields.topicId) : null;
        if (topic && !topic.success) throw badRequest(topic.error.issues[0]!.message);
        const topicId = topic?.data ?? null;
        if (format === 'aiken' && topicId === null) throw badRequest(M.importTopicNeeded);
        let parsed;
        if (format === 'xlsx') {
          if (file.kind === 'csv') throw badRequest(M.importNotSpreadsheet);
          parsed = parseSheetRows(await sheetRowsOf(file.buffer));
        } else {
          if (file.kind !== 'csv') throw badRequest(M.importNotText);
          const text = file.buffer.toString('utf8');
          parsed = format === 'aiken' ? parseAiken(text) : parseGift(text);
        }
        return service.importQuestions(db, who, request.params.courseId, parsed, topicId, format);
      },
    });
  });
}

/** A question's image (≤ 2 MB, checked by content when stored), read whole and sent inline, privately cached. */
async function sendImage(reply: FastifyReply, f: { key: string; mime: string; storage: FileStorage }) {
  const bytes = await f.storage.read(f.key);
  if (!bytes) return reply.code(404).send({ Status: STATUS.notFound, Message: M.imageNotFound });
  return reply
    .header('content-type', f.mime)
    .header('content-disposition', 'inline')
    .header('cache-control', 'private, max-age=3600')
    .send(bytes);
}

/** The first sheet's rows of an .xlsx (row 1 the header); a damaged file is refused with 400. */
async function sheetRowsOf(buffer: Buffer) {
  try {
    const { readSheet } = await import('read-excel-file/node');
    const rows = (await readSheet(buffer)) as unknown[][];
    return rows.map((cells, i) => ({ row: i + 1, cells }));
  } catch {
    throw badRequest(M.importNotSpreadsheet);
  }
}
