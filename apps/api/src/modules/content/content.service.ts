import {
  CONTENT_API,
  CONTENT_MESSAGES as M,
  CONTENT_PAGES,
  CONTENT_STUDENT_PAGE,
  STATUS,
  type ContentItem,
  type ContentItemInput,
  type ContentItemState,
  type ContentSection,
  type UploadPurpose,
} from '@portal/contracts';
import type { Db } from '../../db/client.js';
import type { Config } from '../../config.js';
import { audit } from '../../platform/audit.js';
import { PG_FOREIGN_KEY_VIOLATION, pgErrorCode, type Exec } from '../../platform/db.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import type { FileStorage } from '../../platform/storage.js';
import * as offerings from '../offerings/offerings.service.js';
import { publish } from '../notifications/notifications.service.js';
import { claimUpload } from '../uploads/uploads.service.js';
import { authorOffering, CONTENT_TAKERS, type StaffCaller } from './access.js';
import * as repo from './content.repository.js';
import { signedFileUrl } from './files.js';
import { sanitizeRichText } from '../../platform/sanitize.js';

export interface ContentDeps {
  db: Db;
  storage: FileStorage;
  config: Pick<Config, 'JWT_SECRET'>;
}

const PAGE = CONTENT_PAGES.manage;
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** An item as its authors see it; the file's URL signed for the caller. */
export function itemView(
  deps: ContentDeps,
  row: repo.ItemRow,
  caller: { kind: string; id: number },
): ContentItem {
  return {
    Id: row.id,
    SectionId: row.sectionId,
    Position: row.position,
    Kind: row.kind as ContentItem['Kind'],
    Title: row.title,
    State: row.state as ContentItemState,
    ReviewComment: row.reviewComment,
    Url: row.url,
    Html: row.html,
    File: row.fileKey
      ? {
          Name: row.fileName ?? 'file',
          Mime: row.fileMime ?? 'application/octet-stream',
          Size: row.fileSize ?? 0,
          Kind: row.fileKind ?? '',
        }
      : null,
    FileUrl: row.fileKey ? signedFileUrl(deps, CONTENT_API.itemFile(row.id), row.id, caller) : null,
    PublishedAt: iso(row.publishedAt),
    UpdatedAt: row.updatedAt.toISOString(),
  };
}

const callerOf = (caller: StaffCaller) => ({ kind: 'Admin', id: caller.adminId });

// ───────────────────────────── offerings ─────────────────────────────

/**
 * Content's counts in each offering of the classroom's list (OFFERINGS_API.staff(managecontent)):
 * its items, published, waiting for review and returned, in one grouped query.
 */
export const offeringCounts: offerings.OfferingCounter = async (db, rows) => {
  const counts = await repo.itemCountsOf(db, rows);
  return new Map(
    [...counts].map(([key, c]) => [
      key,
      { Items: c.items, Published: c.published, PendingReview: c.pending, Returned: c.returned },
    ]),
  );
};

export async function getOffering(
  deps: ContentDeps,
  caller: StaffCaller,
  courseId: number,
  sessionId: number,
) {
  const { db } = deps;
  const o = await authorOffering(db, caller, courseId, sessionId);
  const [sections, items, lecturers, needsReview, roster] = await Promise.all([
    repo.sectionsOf(db, courseId, sessionId),
    repo.itemsOf(db, courseId, sessionId),
    offerings.lecturersOf(db, [o]),
    repo.needsReview(db),
    offerings.rosterIds(db, o, CONTENT_TAKERS),
  ]);
  const who = callerOf(caller);
  const data = {
    CourseId: o.courseId,
    SessionId: o.sessionId,
    Code: o.code,
    Title: o.title,
    Semester: o.term,
    Session: o.session,
    Lecturers: (lecturers.get(`${courseId}:${sessionId}`) ?? []).map((l) => l.name),
    Items: items.length,
    Published: items.filter((i) => i.state === 'published').length,
    PendingReview: items.filter((i) => i.state === 'pending_review').length,
    Returned: items.filter((i) => i.state === 'returned').length,
    Enrolled: roster.length,
    NeedsReview: needsReview,
    Sections: sections.map((s): ContentSection => ({
      Id: s.id,
      Title: s.title,
      Position: s.position,
      Published: s.published,
      Items: items.filter((i) => i.sectionId === s.id).map((i) => itemView(deps, i, who)),
    })),
  };
  return { Status: STATUS.ok, Data: data };
}

// ───────────────────────────── sections ─────────────────────────────

async function ownSection(db: Exec, caller: StaffCaller, sectionId: number) {
  const s = await repo.section(db, sectionId);
  if (!s) throw notFound(M.sectionNotFound);
  const o = await authorOffering(db, caller, s.courseId, s.sessionId);
  return { section: s, offering: o };
}

function sectionView(s: repo.SectionRow, items: ContentItem[] = []): ContentSection {
  return { Id: s.id, Title: s.title, Position: s.position, Published: s.published, Items: items };
}

export async function createSection(
  deps: ContentDeps,
  caller: StaffCaller,
  courseId: number,
  sessionId: number,
  title: string,
) {
  await authorOffering(deps.db, caller, courseId, sessionId);
  const row = await deps.db.transaction(async (tx) => {
    const created = await repo.insertSection(tx, { courseId, sessionId, title });
    await audit(tx, {
      actor: caller,
      page: PAGE,
      action: 'create',
      entity: 'content_section',
      entityId: created.id,
      after: created,
    });
    return created;
  });
  return { Status: STATUS.ok, Message: M.saved, Data: sectionView(row) };
}

export async function updateSection(
  deps: ContentDeps,
  caller: StaffCaller,
  sectionId: number,
  title: string,
) {
  const { section } = await ownSection(deps.db, caller, sectionId);
  const row = await deps.db.transaction(async (tx) => {
    const updated = await repo.updateSection(tx, sectionId, { title });
    await audit(tx, {
      actor: caller,
      page: PAGE,
      action: 'update',
      entity: 'content_section',
      entityId: sectionId,
      before: section,
      after: updated,
    });
    return updated;
  });
  return { Status: STATUS.ok, Message: M.saved, Data: sectionView(row) };
}

export async function deleteSection(deps: ContentDeps, caller: StaffCaller, sectionId: number) {
  const { section } = await ownSection(deps.db, caller, sectionId);
  if ((await repo.countItemsIn(deps.db, sectionId)) > 0) throw conflict(M.sectionNotEmpty);
  try {
    await deps.db.transaction(async (tx) => {
      await repo.deleteSection(tx, sectionId);
      await audit(tx, {
        actor: caller,
        page: PAGE,
        action: 'delete',
        entity: 'content_section',
        entityId: sectionId,
        before: section,
      });
    });
  } catch (error) {
    // An item added between the check and the delete: its foreign key keeps the section.
    if (pgErrorCode(error) === PG_FOREIGN_KEY_VIOLATION) throw conflict(M.sectionNotEmpty);
    throw error;
  }
  return { Status: STATUS.ok, Message: M.deleted };
}

/** Publishing a section shows its published items; students are notified when it holds any. */
export async function setSectionPublished(
  deps: ContentDeps,
  caller: StaffCaller,
  sectionId: number,
  published: boolean,
) {
  const { section, offering } = await ownSection(deps.db, caller, sectionId);
  const row = await deps.db.transaction(async (tx) => {
    const updated = await repo.updateSection(tx, sectionId, { published });
    await audit(tx, {
      actor: caller,
      page: PAGE,
      action: published ? 'publish' : 'unpublish',
      entity: 'content_section',
      entityId: sectionId,
      before: { published: section.published },
      after: { published },
    });
    if (published && !section.published && (await repo.publishedItemsIn(tx, sectionId)) > 0) {
      await notifyStudents(tx, offering, section.title);
    }
    return updated;
  });
  return {
    Status: STATUS.ok,
    Message: published ? M.sectionPublished : M.sectionUnpublished,
    Data: sectionView(row),
  };
}

/** The ids not in `allowed`, as the message names them. */
/** A new order must name every id of its list once (repeats are refused by the input) and none of another. */
function assertWholeOrder(ids: readonly number[], allowed: readonly number[], notAll: string) {
  const own = new Set(allowed);
  const foreign = ids.filter((id) => !own.has(id));
  if (foreign.length) throw badRequest(M.reorderForeign(foreign.join(', ')));
  if (ids.length !== own.size) throw badRequest(notAll);
}

export async function reorderSections(
  deps: ContentDeps,
  caller: StaffCaller,
  courseId: number,
  sessionId: number,
  ids: readonly number[],
) {
  await authorOffering(deps.db, caller, courseId, sessionId);
  await deps.db.transaction(async (tx) => {
    assertWholeOrder(ids, await repo.sectionIdsOfOffering(tx, courseId, sessionId), M.reorderNotAll);
    await repo.reorderSections(tx, ids);
    await audit(tx, {
      actor: caller,
      page: PAGE,
      action: 'reorder',
      entity: 'content_section',
      entityId: `${courseId}/${sessionId}`,
      after: { ids },
    });
  });
  return getOfferingAfterChange(deps, caller, courseId, sessionId);
}

async function getOfferingAfterChange(
  deps: ContentDeps,
  caller: StaffCaller,
  courseId: number,
  sessionId: number,
) {
  const answer = await getOffering(deps, caller, courseId, sessionId);
  return { ...answer, Message: M.saved };
}

// ───────────────────────────── items ─────────────────────────────

async function ownItem(db: Exec, caller: StaffCaller, itemId: number) {
  const found = await repo.item(db, itemId);
  if (!found) throw notFound(M.itemNotFound);
  const offering = await authorOffering(db, caller, found.item.courseId, found.item.sessionId);
  return { ...found, offering };
}

const PURPOSE_OF: Record<'document' | 'video', UploadPurpose> = {
  document: 'content-document',
  video: 'content-video',
};

/** The columns an input sets (its file claimed in the transaction, so nothing is half-saved). */
async function columnsOf(tx: Exec, caller: StaffCaller, input: ContentItemInput, creating: boolean) {
  const base = { title: input.Title };
  switch (input.Kind) {
    case 'text':
      return { ...base, html: sanitizeRichText(input.Html), url: null };
    case 'link':
      return { ...base, url: input.Url, html: null };
    case 'document':
    case 'video': {
      const url = input.Kind === 'video' ? (input.Url ?? null) : null;
      if (input.UploadId) {
        const file = await claimUpload(tx, {
          uploadId: input.UploadId,
          ownerUserId: caller.adminId,
          purpose: PURPOSE_OF[input.Kind],
        });
        return {
          ...base,
          url: null,
          uploadId: file.id,
          fileKey: file.key,
          fileName: file.fileName,
          fileMime: file.mime,
          fileSize: file.size,
          fileKind: file.kind,
        };
      }
      if (url)
        return {
          ...base,
          url,
          uploadId: null,
          fileKey: null,
          fileName: null,
          fileMime: null,
          fileSize: null,
          fileKind: null,
        };
      if (creating) throw badRequest(input.Kind === 'video' ? M.videoSource : M.fileRequired);
      return base;
    }
  }
}

export async function createItem(
  deps: ContentDeps,
  caller: StaffCaller,
  sectionId: number,
  input: ContentItemInput,
) {
  const { section } = await ownSection(deps.db, caller, sectionId);
  const row = await deps.db.transaction(async (tx) => {
    const columns = await columnsOf(tx, caller, input, true);
    const created = await repo.insertItem(tx, {
      sectionId,
      courseId: section.courseId,
      sessionId: section.sessionId,
      kind: input.Kind,
      state: 'draft',
      createdBy: caller.adminId,
      ...columns,
    });
    await audit(tx, {
      actor: caller,
      page: PAGE,
      action: 'create',
      entity: 'content_item',
      entityId: created.id,
      after: created,
    });
    return created;
  });
  return { Status: STATUS.ok, Message: M.saved, Data: itemView(deps, row, callerOf(caller)) };
}

/**
 * Changes an item (same kind). A published item changed where the school reviews content goes back
 * to review (students see it again once approved); otherwise its state stays.
 */
export async function updateItem(
  deps: ContentDeps,
  caller: StaffCaller,
  itemId: number,
  input: ContentItemInput,
) {
  const { item } = await ownItem(deps.db, caller, itemId);
  if (item.kind !== input.Kind) throw badRequest(M.kindChange);
  const review = await repo.needsReview(deps.db);
  const row = await deps.db.transaction(async (tx) => {
    const columns = await columnsOf(tx, caller, input, false);
    const backToReview = review && item.state === 'published';
    const updated = await repo.updateItem(tx, itemId, {
      ...columns,
      ...(backToReview
        ? { state: 'pending_review', submittedAt: new Date(), submittedBy: caller.adminId }
        : {}),
    });
    await audit(tx, {
      actor: caller,
      page: PAGE,
      action: 'update',
      entity: 'content_item',
      entityId: itemId,
      before: item,
      after: updated,
    });
    return updated;
  });
  if (item.fileKey && row.fileKey !== item.fileKey)
    await deps.storage.delete(item.fileKey).catch(() => undefined);
  return { Status: STATUS.ok, Message: M.saved, Data: itemView(deps, row, callerOf(caller)) };
}

export async function deleteItem(deps: ContentDeps, caller: StaffCaller, itemId: number) {
  const { item } = await ownItem(deps.db, caller, itemId);
  await deps.db.transaction(async (tx) => {
    await repo.deleteItem(tx, itemId);
    await audit(tx, {
      actor: caller,
      page: PAGE,
      action: 'delete',
      entity: 'content_item',
      entityId: itemId,
      before: item,
    });
  });
  if (item.fileKey) await deps.storage.delete(item.fileKey).catch(() => undefined);
  return { Status: STATUS.ok, Message: M.deleted };
}

export async function reorderItems(
  deps: ContentDeps,
  caller: StaffCaller,
  sectionId: number,
  ids: readonly number[],
) {
  const { section } = await ownSection(deps.db, caller, sectionId);
  await deps.db.transaction(async (tx) => {
    assertWholeOrder(ids, await repo.itemIdsOfSection(tx, sectionId), M.reorderItemsNotAll);
    await repo.reorderItems(tx, ids);
    await audit(tx, {
      actor: caller,
      page: PAGE,
      action: 'reorder',
      entity: 'content_item',
      entityId: sectionId,
      after: { ids },
    });
  });
  return getOfferingAfterChange(deps, caller, section.courseId, section.sessionId);
}

function assertPublishable(item: repo.ItemRow) {
  if (item.kind === 'document' && !item.fileKey) throw badRequest(M.fileRequired);
  if (item.kind === 'video' && !item.fileKey && !item.url) throw badRequest(M.videoSource);
}

/** Publish: `published`, or `pending_review` where the school reviews content. Students are notified when they can see it. */
export async function publishItem(deps: ContentDeps, caller: StaffCaller, itemId: number) {
  const { item, sectionPublished, offering } = await ownItem(deps.db, caller, itemId);
  if (item.state === 'published' || item.state === 'pending_review') {
    return {
      Status: STATUS.ok,
      Message: item.state === 'published' ? M.published : M.submitted,
      Data: itemView(deps, item, callerOf(caller)),
    };
  }
  assertPublishable(item);
  const review = await repo.needsReview(deps.db);
  const row = await deps.db.transaction(async (tx) => {
    const now = new Date();
    const updated = await repo.updateItem(
      tx,
      itemId,
      review
        ? { state: 'pending_review', submittedAt: now, submittedBy: caller.adminId, reviewComment: null }
        : {
            state: 'published',
            publishedAt: now,
            submittedAt: now,
            submittedBy: caller.adminId,
            reviewComment: null,
          },
    );
    await audit(tx, {
      actor: caller,
      page: PAGE,
      action: review ? 'submit_for_review' : 'publish',
      entity: 'content_item',
      entityId: itemId,
      before: { state: item.state },
      after: { state: updated.state },
    });
    if (!review && sectionPublished) await notifyStudents(tx, offering, item.title);
    return updated;
  });
  return {
    Status: STATUS.ok,
    Message: review ? M.submitted : M.published,
    Data: itemView(deps, row, callerOf(caller)),
  };
}

export async function unpublishItem(deps: ContentDeps, caller: StaffCaller, itemId: number) {
  const { item } = await ownItem(deps.db, caller, itemId);
  const row = await deps.db.transaction(async (tx) => {
    const updated = await repo.updateItem(tx, itemId, { state: 'draft', publishedAt: null });
    await audit(tx, {
      actor: caller,
      page: PAGE,
      action: 'unpublish',
      entity: 'content_item',
      entityId: itemId,
      before: { state: item.state },
      after: { state: 'draft' },
    });
    return updated;
  });
  return { Status: STATUS.ok, Message: M.unpublished, Data: itemView(deps, row, callerOf(caller)) };
}

/**
 * Raises the lecture-notes count (type 2) of every student enrolled in the offering, in one statement:
 * the notification reads "<course code>: <what was published>".
 */
export async function notifyStudents(tx: Exec, offering: offerings.OfferingFacts, published: string) {
  const roster = await offerings.rosterIds(tx, offering, CONTENT_TAKERS);
  if (roster.length === 0) return;
  await publish(tx, {
    type: 'lectureNotes',
    recipientKind: 'Student',
    recipientIds: roster,
    title: `${offering.code}: ${published}`,
    link: CONTENT_STUDENT_PAGE(offering.courseId, offering.sessionId),
  });
}
