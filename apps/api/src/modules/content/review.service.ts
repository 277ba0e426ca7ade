import {
  CONTENT_API,
  CONTENT_MESSAGES as M,
  CONTENT_PAGES,
  STATUS,
  type ContentItemKind,
  type ContentItemProgress,
  type ContentItemState,
  type ContentLesson,
  type ContentReviewEntry,
  type ContentStudentProgress,
  type CourseContentSpec,
} from '@portal/contracts';
import { audit } from '../../platform/audit.js';
import { conflict, notFound } from '../../platform/errors.js';
import { sheetFile, type SheetColumn } from '../../platform/sheets.js';
import * as offerings from '../offerings/offerings.service.js';
import { authorOffering, CONTENT_TAKERS, staffMayRead, type StaffCaller } from './access.js';
import { itemView, notifyStudents, type ContentDeps } from './content.service.js';
import * as repo from './content.repository.js';
import { signedFileUrl } from './files.js';

const REVIEW = CONTENT_PAGES.review;

// ───────────────────────────── review ─────────────────────────────

export async function reviewQueue(
  deps: ContentDeps,
  caller: StaffCaller,
  q: { page: number; pageSize: number },
) {
  const { rows, total } = await repo.pendingReviews(deps.db, {
    limit: q.pageSize,
    offset: (q.page - 1) * q.pageSize,
  });
  const lecturers = await offerings.lecturersOf(
    deps.db,
    rows.map((r) => ({ courseId: r.item.courseId, sessionId: r.item.sessionId })),
  );
  const who = { kind: 'Admin', id: caller.adminId };
  const data: ContentReviewEntry[] = rows.map((r) => ({
    Item: itemView(deps, r.item, who),
    Section: r.section,
    CourseId: r.item.courseId,
    SessionId: r.item.sessionId,
    Code: r.code,
    CourseTitle: r.courseTitle,
    Session: r.session,
    Lecturers: (lecturers.get(`${r.item.courseId}:${r.item.sessionId}`) ?? []).map((l) => l.name),
    SubmittedAt: (r.item.submittedAt ?? r.item.updatedAt).toISOString(),
    SubmittedBy: r.submittedBy ?? '',
  }));
  return { Status: STATUS.ok, Data: data, Page: q.page, PageSize: q.pageSize, Total: total };
}

/** Approve (published; the enrolled students notified when its section is published) or return with a comment. Audited. */
export async function decide(
  deps: ContentDeps,
  caller: StaffCaller,
  itemId: number,
  decision: { approve: true } | { approve: false; comment: string },
) {
  const found = await repo.item(deps.db, itemId);
  if (!found) throw notFound(M.itemNotFound);
  const { item, sectionPublished } = found;
  const row = await deps.db.transaction(async (tx) => {
    // The state is checked again under the row's lock: two reviewers deciding at once, one wins.
    const current = await repo.lockItem(tx, itemId);
    if (current?.state !== 'pending_review') throw conflict(M.notPending);
    const now = new Date();
    const updated = await repo.updateItem(
      tx,
      itemId,
      decision.approve
        ? {
            state: 'published',
            publishedAt: now,
            reviewedAt: now,
            reviewedBy: caller.adminId,
            reviewComment: null,
          }
        : { state: 'returned', reviewedAt: now, reviewedBy: caller.adminId, reviewComment: decision.comment },
    );
    await audit(tx, {
      actor: caller,
      page: REVIEW,
      action: decision.approve ? 'approve' : 'return',
      entity: 'content_item',
      entityId: itemId,
      before: { state: item.state },
      after: { state: updated.state, comment: decision.approve ? null : decision.comment },
    });
    if (decision.approve && sectionPublished) {
      const offering = await offerings.offering(tx, item.courseId, item.sessionId);
      if (offering) await notifyStudents(tx, offering, item.title);
    }
    return updated;
  });
  return {
    Status: STATUS.ok,
    Message: decision.approve ? M.approved : M.returned,
    Data: itemView(deps, row, { kind: 'Admin', id: caller.adminId }),
  };
}

// ───────────────────────────── progress ─────────────────────────────

const rosterOf = (deps: ContentDeps, o: offerings.OfferingFacts) =>
  offerings.roster(deps.db, o, CONTENT_TAKERS);

export async function progressByItem(
  deps: ContentDeps,
  caller: StaffCaller,
  courseId: number,
  sessionId: number,
) {
  const o = await authorOffering(deps.db, caller, courseId, sessionId);
  const roster = await rosterOf(deps, o);
  const [sections, items, counts] = await Promise.all([
    repo.sectionsOf(deps.db, courseId, sessionId),
    repo.itemsOf(deps.db, courseId, sessionId),
    repo.progressByItem(
      deps.db,
      courseId,
      sessionId,
      roster.map((r) => r.studentId),
    ),
  ]);
  const titleOf = new Map(sections.map((s) => [s.id, s.title]));
  const sectionOrder = new Map(sections.map((s, i) => [s.id, i]));
  const data: ContentItemProgress[] = items
    .sort(
      (a, b) => sectionOrder.get(a.sectionId)! - sectionOrder.get(b.sectionId)! || a.position - b.position,
    )
    .map((i) => {
      const c = counts.find((x) => x.itemId === i.id);
      return {
        ItemId: i.id,
        SectionId: i.sectionId,
        Section: titleOf.get(i.sectionId) ?? '',
        Kind: i.kind as ContentItemProgress['Kind'],
        Title: i.title,
        State: i.state as ContentItemProgress['State'],
        Opened: c?.opened ?? 0,
        Completed: c?.completed ?? 0,
      };
    });
  return { Status: STATUS.ok, Data: { Enrolled: roster.length, Items: data } };
}

async function studentRows(deps: ContentDeps, o: offerings.OfferingFacts): Promise<ContentStudentProgress[]> {
  const [roster, progress, total] = await Promise.all([
    rosterOf(deps, o),
    repo.progressByStudent(deps.db, o.courseId, o.sessionId),
    repo.countPublished(deps.db, o.courseId, o.sessionId),
  ]);
  const byStudent = new Map(progress.rows.map((r) => [r.studentId, r]));
  return roster.map((s) => {
    const p = byStudent.get(s.studentId);
    return {
      StudentId: s.studentId,
      MatricNo: s.matricNo,
      Name: s.name,
      Opened: p?.opened ?? 0,
      Completed: p?.completed ?? 0,
      Total: total,
      VideosCompleted: progress.videosCompleted.has(s.studentId),
      LastOpenedAt: p?.lastOpenedAt ? new Date(p.lastOpenedAt).toISOString() : null,
    };
  });
}

export async function progressByStudent(
  deps: ContentDeps,
  caller: StaffCaller,
  courseId: number,
  sessionId: number,
  q: { page: number; pageSize: number; search?: string },
) {
  const o = await authorOffering(deps.db, caller, courseId, sessionId);
  const needle = q.search?.toLowerCase();
  const rows = (await studentRows(deps, o)).filter(
    (r) => !needle || r.MatricNo.toLowerCase().includes(needle) || r.Name.toLowerCase().includes(needle),
  );
  const start = (q.page - 1) * q.pageSize;
  return {
    Status: STATUS.ok,
    Data: rows.slice(start, start + q.pageSize),
    Page: q.page,
    PageSize: q.pageSize,
    Total: rows.length,
  };
}

const CSV_COLUMNS: SheetColumn<ContentStudentProgress>[] = [
  { header: 'Matric number', cell: (r) => r.MatricNo },
  { header: 'Name', cell: (r) => r.Name },
  { header: 'Items opened', cell: (r) => r.Opened },
  { header: 'Items completed', cell: (r) => r.Completed },
  { header: 'Published items', cell: (r) => r.Total },
  { header: 'Videos completed', cell: (r) => (r.VideosCompleted ? 'Yes' : 'No') },
  { header: 'Last opened', cell: (r) => r.LastOpenedAt },
];

/** The per-student progress as CSV (the platform's sheet writer); audited as an export of personal data. */
export async function progressCsv(
  deps: ContentDeps,
  caller: StaffCaller,
  courseId: number,
  sessionId: number,
) {
  const o = await authorOffering(deps.db, caller, courseId, sessionId);
  const rows = await studentRows(deps, o);
  await audit(deps.db, {
    actor: caller,
    page: CONTENT_PAGES.manage,
    action: 'export',
    entity: 'content_progress',
    entityId: `${courseId}/${sessionId}`,
    after: { rows: rows.length },
  });
  const code = o.code.replace(/[^A-Za-z0-9]/g, '');
  const session = o.session.replace(/[^A-Za-z0-9]+/g, '-');
  return sheetFile({
    columns: CSV_COLUMNS,
    batches: async function* () {
      yield rows;
    },
    format: 'csv',
    fileName: `${code}-${session}-progress.csv`,
    sheetName: o.code,
  });
}

// ───────────────────────────── the staff preview and the spec's call ─────────────────────────────

/** Every item of the offering in order, in the student's lesson shape (drafts too), for its authors and reviewers. */
export async function staffPreview(
  deps: ContentDeps,
  caller: StaffCaller,
  courseId: number,
  sessionId: number,
) {
  const o = await staffMayRead(deps.db, caller, courseId, sessionId);
  const [sections, items, lecturers] = await Promise.all([
    repo.sectionsOf(deps.db, courseId, sessionId),
    repo.itemsOf(deps.db, courseId, sessionId),
    offerings.lecturersOf(deps.db, [o]),
  ]);
  const who = { kind: 'Admin', id: caller.adminId };
  const lesson = (i: repo.ItemRow): ContentLesson => ({
    Id: i.id,
    SectionId: i.sectionId,
    Kind: i.kind as ContentLesson['Kind'],
    Title: i.title,
    Url: i.url,
    Html: i.html,
    File: i.fileKey
      ? { Name: i.fileName ?? 'file', Mime: i.fileMime ?? '', Size: i.fileSize ?? 0, Kind: i.fileKind ?? '' }
      : null,
    FileUrl: i.fileKey ? signedFileUrl(deps, CONTENT_API.itemFile(i.id), i.id, who) : null,
    PublishedAt: i.publishedAt ? i.publishedAt.toISOString() : null,
    Opened: false,
    Completed: false,
    PositionSeconds: null,
    IsNew: false,
  });
  return {
    Status: STATUS.ok,
    Data: {
      CourseId: courseId,
      SessionId: sessionId,
      Code: o.code,
      Title: o.title,
      Lecturers: (lecturers.get(`${courseId}:${sessionId}`) ?? []).map((l) => l.name),
      LastVisitedAt: null,
      VideosCompleted: false,
      Sections: sections.map((s) => ({
        Id: s.id,
        Title: s.title,
        Items: items.filter((i) => i.sectionId === s.id).map(lesson),
      })),
    },
  };
}

/**
 * `GET api/Admin/GetCourseContentAsync/{id}` (spec §3, §7): {id} is the course id, the session the
 * `sessionId` query's or the current one. data = { contentData: sections with sectionContent, the
 * firstName and surname of the lecturer who wrote it (else the lead lecturer) }, state true; no
 * content: data null, state false, msg 'No data'.
 */
export async function courseContentSpec(
  deps: ContentDeps,
  caller: StaffCaller,
  courseId: number,
  sessionId: number | undefined,
): Promise<CourseContentSpec> {
  const session = sessionId ?? (await offerings.currentSessionId(deps.db));
  if (!session) return { data: null, state: false, msg: 'No data' };
  const o = await staffMayRead(deps.db, caller, courseId, session);
  const [sections, items, lecturers] = await Promise.all([
    repo.sectionsOf(deps.db, courseId, session),
    repo.itemsOf(deps.db, courseId, session),
    offerings.lecturersOf(deps.db, [o]),
  ]);
  if (sections.length === 0) return { data: null, state: false, msg: 'No data' };
  // The lecturer who wrote the content (the first item's author), else the offering's lead lecturer.
  const authorId = items.find((i) => i.createdBy !== null)?.createdBy;
  const author = authorId ? await repo.adminName(deps.db, authorId) : null;
  const lead = author ?? lecturers.get(`${courseId}:${session}`)?.[0];
  const who = { kind: 'Admin', id: caller.adminId };
  return {
    data: {
      contentData: sections.map((s) => ({
        sectionId: s.id,
        title: s.title,
        sectionContent: items
          .filter((i) => i.sectionId === s.id)
          .map((i) => ({
            contentId: i.id,
            topic: i.title,
            contentType: i.kind as ContentItemKind,
            contentURL: i.fileKey ? signedFileUrl(deps, CONTENT_API.itemFile(i.id), i.id, who) : i.url,
            content: i.html,
            state: i.state as ContentItemState,
          })),
      })),
      firstName: lead?.firstName ?? '',
      surname: lead?.lastName ?? '',
      courseCode: o.code,
      courseTitle: o.title,
    },
    state: true,
    msg: 'Ok',
  };
}
