import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CONTENT_API as API,
  CONTENT_MESSAGES as M,
  CONTENT_PAGES as PAGES,
  adminPageQuery,
  contentFileQuery,
  contentItemInput,
  contentItemResponse,
  contentOfferingResponse,
  contentOkResponse,
  contentProgressByItemResponse,
  contentProgressInput,
  contentProgressResponse,
  contentReviewsResponse,
  contentSectionResponse,
  contentStudentProgressResponse,
  courseContentQuery,
  courseContentSpec,
  idParams,
  offeringParams,
  reorderInput,
  reviewReturnInput,
  sectionInput,
  studentContentResponse,
  studentOfferingsResponse,
  OFFERING_MESSAGES,
} from '@portal/contracts';
import { bearerToken } from '../../platform/auth.js';
import type { AppDeps } from '../../platform/deps.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { errorResponses } from '../../platform/routes.js';
import { sendSheetFile } from '../../platform/sheets.js';
import { enrolledItem, staffCaller, staffMayRead } from './access.js';
import * as content from './content.service.js';
import * as repo from './content.repository.js';
import { linkCaller, sendItemFile } from './files.js';
import * as review from './review.service.js';
import * as student from './student.service.js';

const errors = errorResponses(400, 401, 403, 404, 409);
const manage = { access: { page: PAGES.manage } };
const readers = { access: { page: [PAGES.manage, PAGES.review] } };
const reviewer = { access: { page: PAGES.review } };
const studentOnly = { access: { modes: ['Student'] as const } };
/** The file routes check the caller themselves: a signed link (a <video> sends no header) or the bearer token. */
const fileAccess = { access: 'public' as const };

const p = (path: string) => path;
const offeringPath = (f: (c: string, s: string) => string) => f(':courseId', ':sessionId');
const idPath = (f: (id: string) => string) => f(':id');

const studentProgressQuery = adminPageQuery.extend({ search: z.string().trim().max(100).optional() });

/** What content counts in each offering of the classroom's list (registered with the offerings module). */
export { offeringCounts as contentOfferingCounts } from './content.service.js';

/** Course content (issue 24): authoring, review, progress, the spec's preview call, the student's pages and files. */
export function registerContentModule(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const d: content.ContentDeps = { db: deps.database.db, storage: deps.storage, config: deps.config };
  const { db } = d;
  const tags = ['admin: content'];
  const caller = (request: FastifyRequest) => staffCaller(db, request);

  // ── authors ──
  r.get(offeringPath(API.offering), {
    config: manage,
    schema: {
      tags,
      summary: 'An offering’s sections and items in every state',
      params: offeringParams,
      response: { 200: contentOfferingResponse, ...errors },
    },
    handler: async (request) =>
      content.getOffering(d, await caller(request), request.params.courseId, request.params.sessionId),
  });

  r.get(offeringPath(API.preview), {
    config: readers,
    schema: {
      tags,
      summary: 'The staff preview: every item in order, in the lesson shape',
      params: offeringParams,
      response: { 200: studentContentResponse, ...errors },
    },
    handler: async (request) =>
      review.staffPreview(d, await caller(request), request.params.courseId, request.params.sessionId),
  });

  r.post(offeringPath(API.sections), {
    config: manage,
    schema: {
      tags,
      summary: 'Add a section at the end',
      params: offeringParams,
      body: sectionInput,
      response: { 200: contentSectionResponse, ...errors },
    },
    handler: async (request) =>
      content.createSection(
        d,
        await caller(request),
        request.params.courseId,
        request.params.sessionId,
        request.body.Title,
      ),
  });

  r.put(offeringPath(API.sectionOrder), {
    config: manage,
    schema: {
      tags,
      summary: 'Order the offering’s sections (every one, once)',
      params: offeringParams,
      body: reorderInput,
      response: { 200: contentOfferingResponse, ...errors },
    },
    handler: async (request) =>
      content.reorderSections(
        d,
        await caller(request),
        request.params.courseId,
        request.params.sessionId,
        request.body.ids,
      ),
  });

  r.put(idPath(API.section), {
    config: manage,
    schema: {
      tags,
      summary: 'Rename a section',
      params: idParams,
      body: sectionInput,
      response: { 200: contentSectionResponse, ...errors },
    },
    handler: async (request) =>
      content.updateSection(d, await caller(request), request.params.id, request.body.Title),
  });

  r.delete(idPath(API.section), {
    config: manage,
    schema: {
      tags,
      summary: 'Delete an empty section',
      params: idParams,
      response: { 200: contentOkResponse, ...errors },
    },
    handler: async (request) => content.deleteSection(d, await caller(request), request.params.id),
  });

  r.post(idPath(API.sectionPublish), {
    config: manage,
    schema: {
      tags,
      summary: 'Publish a section (its published items become visible)',
      params: idParams,
      response: { 200: contentSectionResponse, ...errors },
    },
    handler: async (request) =>
      content.setSectionPublished(d, await caller(request), request.params.id, true),
  });

  r.post(idPath(API.sectionUnpublish), {
    config: manage,
    schema: {
      tags,
      summary: 'Unpublish a section',
      params: idParams,
      response: { 200: contentSectionResponse, ...errors },
    },
    handler: async (request) =>
      content.setSectionPublished(d, await caller(request), request.params.id, false),
  });

  r.post(idPath(API.items), {
    config: manage,
    bodyLimit: 512 * 1024,
    schema: {
      tags,
      summary: 'Add a draft item at the end of a section',
      params: idParams,
      body: contentItemInput,
      response: { 200: contentItemResponse, ...errors },
    },
    handler: async (request) => content.createItem(d, await caller(request), request.params.id, request.body),
  });

  r.put(idPath(API.itemOrder), {
    config: manage,
    schema: {
      tags,
      summary: 'Order a section’s items (every one, once)',
      params: idParams,
      body: reorderInput,
      response: { 200: contentOfferingResponse, ...errors },
    },
    handler: async (request) =>
      content.reorderItems(d, await caller(request), request.params.id, request.body.ids),
  });

  r.put(idPath(API.item), {
    config: manage,
    bodyLimit: 512 * 1024,
    schema: {
      tags,
      summary: 'Change an item (same kind)',
      params: idParams,
      body: contentItemInput,
      response: { 200: contentItemResponse, ...errors },
    },
    handler: async (request) => content.updateItem(d, await caller(request), request.params.id, request.body),
  });

  r.delete(idPath(API.item), {
    config: manage,
    schema: {
      tags,
      summary: 'Delete an item',
      params: idParams,
      response: { 200: contentOkResponse, ...errors },
    },
    handler: async (request) => content.deleteItem(d, await caller(request), request.params.id),
  });

  r.post(idPath(API.itemPublish), {
    config: manage,
    schema: {
      tags,
      summary: 'Publish an item (or send it for review)',
      params: idParams,
      response: { 200: contentItemResponse, ...errors },
    },
    handler: async (request) => content.publishItem(d, await caller(request), request.params.id),
  });

  r.post(idPath(API.itemUnpublish), {
    config: manage,
    schema: {
      tags,
      summary: 'Unpublish an item (back to draft)',
      params: idParams,
      response: { 200: contentItemResponse, ...errors },
    },
    handler: async (request) => content.unpublishItem(d, await caller(request), request.params.id),
  });

  r.get(idPath(API.itemFile), {
    config: fileAccess,
    schema: {
      tags,
      summary: 'An item’s file for its authors and reviewers (ranges; a signed link or the bearer token)',
      params: idParams,
      querystring: contentFileQuery,
    },
    handler: async (request, reply) => {
      const id = request.params.id;
      const link = linkCaller(d, id, request.query);
      if (link && link.kind !== 'Admin') throw forbidden();
      const found = await repo.item(db, id);
      if (!link) {
        // No link: the bearer token, with the pages its roles grant.
        const token = bearerToken(request);
        const auth = token ? await app.sessions.authenticate(token, { withPages: true }) : null;
        if (!auth || auth.kind !== 'Admin') throw forbidden();
        request.auth = auth;
        const who = await staffCaller(db, request);
        if (!found) throw notFound(M.itemNotFound);
        await staffMayRead(db, who, found.item.courseId, found.item.sessionId);
      }
      if (!found) throw notFound(M.itemNotFound);
      if (!found.item.fileKey) throw notFound(M.noFile);
      return sendItemFile(request, reply, found.item);
    },
  });

  r.get(offeringPath(API.progress), {
    config: manage,
    schema: {
      tags,
      summary: 'Per item: how many of the enrolled opened and completed it',
      params: offeringParams,
      response: { 200: contentProgressByItemResponse, ...errors },
    },
    handler: async (request) =>
      review.progressByItem(d, await caller(request), request.params.courseId, request.params.sessionId),
  });

  r.get(offeringPath(API.studentProgress), {
    config: manage,
    schema: {
      tags,
      summary: 'Per enrolled student: items opened and completed',
      params: offeringParams,
      querystring: studentProgressQuery,
      response: { 200: contentStudentProgressResponse, ...errors },
    },
    handler: async (request) =>
      review.progressByStudent(
        d,
        await caller(request),
        request.params.courseId,
        request.params.sessionId,
        request.query,
      ),
  });

  r.get(offeringPath(API.progressCsv), {
    config: manage,
    schema: { tags, summary: 'The per-student progress as CSV', params: offeringParams },
    handler: async (request, reply) =>
      sendSheetFile(
        reply,
        await review.progressCsv(d, await caller(request), request.params.courseId, request.params.sessionId),
      ),
  });

  // ── review (/app/content-review) ──
  r.get(p(API.reviews), {
    config: reviewer,
    schema: {
      tags,
      summary: 'Items waiting for review, oldest first',
      querystring: adminPageQuery,
      response: { 200: contentReviewsResponse, ...errors },
    },
    handler: async (request) => review.reviewQueue(d, await caller(request), request.query),
  });

  r.post(idPath(API.reviewApprove), {
    config: reviewer,
    schema: {
      tags,
      summary: 'Approve: the item is published (students notified)',
      params: idParams,
      response: { 200: contentItemResponse, ...errors },
    },
    handler: async (request) => review.decide(d, await caller(request), request.params.id, { approve: true }),
  });

  r.post(idPath(API.reviewReturn), {
    config: reviewer,
    schema: {
      tags,
      summary: 'Return to the lecturer with a comment',
      params: idParams,
      body: reviewReturnInput,
      response: { 200: contentItemResponse, ...errors },
    },
    handler: async (request) =>
      review.decide(d, await caller(request), request.params.id, {
        approve: false,
        comment: request.body.Comment,
      }),
  });

  // ── the spec's call (§7) ──
  r.get(idPath(API.courseContent), {
    config: readers,
    schema: {
      tags,
      summary: 'The spec’s course preview: {id} is the course id; ?sessionId= (default the current session)',
      params: idParams,
      querystring: courseContentQuery,
      response: { 200: courseContentSpec, ...errors },
    },
    handler: async (request) =>
      review.courseContentSpec(d, await caller(request), request.params.id, request.query.sessionId),
  });

  // ── students ──
  const studentTags = ['student: content'];
  r.get(p(API.studentOfferings), {
    config: studentOnly,
    schema: {
      tags: studentTags,
      summary: 'The offerings of the student’s registration this semester, with what is new',
      response: { 200: studentOfferingsResponse, ...errors },
    },
    handler: (request) => student.studentOfferings(d, request.auth),
  });

  r.get(offeringPath(API.studentOffering), {
    config: studentOnly,
    schema: {
      tags: studentTags,
      summary: 'An offering’s published content with the student’s progress (records the visit)',
      params: offeringParams,
      response: { 200: studentContentResponse, ...errors },
    },
    handler: (request) =>
      student.studentContent(d, request.auth, request.params.courseId, request.params.sessionId),
  });

  r.post(idPath(API.studentItemProgress), {
    config: studentOnly,
    schema: {
      tags: studentTags,
      summary: 'Opened, completed, or where the player stopped',
      params: idParams,
      body: contentProgressInput,
      response: { 200: contentProgressResponse, ...errors },
    },
    handler: (request) => student.recordProgress(d, request.auth, request.params.id, request.body),
  });

  r.post(offeringPath(API.studentVideosCompleted), {
    config: studentOnly,
    schema: {
      tags: studentTags,
      summary: 'videosCompleted: the last lesson ended',
      params: offeringParams,
      response: { 200: contentOkResponse, ...errors },
    },
    handler: (request) =>
      student.videosCompleted(d, request.auth, request.params.courseId, request.params.sessionId),
  });

  r.get(idPath(API.studentItemFile), {
    config: fileAccess,
    schema: {
      tags: studentTags,
      summary: 'An item’s file (ranges; a signed link or the bearer token; enrolled students only)',
      params: idParams,
      querystring: contentFileQuery,
    },
    handler: async (request, reply) => {
      const id = request.params.id;
      const link = linkCaller(d, id, request.query);
      const who = link ?? (request.auth ? { kind: request.auth.kind, id: request.auth.userId } : null);
      if (!who || who.kind !== 'Student') throw forbidden(OFFERING_MESSAGES.notEnrolled);
      if (!link && request.auth?.disabled) throw forbidden();
      const item = await enrolledItem(db, who.id, id);
      if (!item.fileKey) throw notFound(M.noFile);
      return sendItemFile(request, reply, item);
    },
  });
}
