import {
  CONTENT_API,
  STATUS,
  type ContentLesson,
  type ContentProgressInput,
  type StudentContent,
  type StudentOffering,
} from '@portal/contracts';
import type { AuthContext } from '../../platform/auth.js';
import * as offeringsService from '../offerings/offerings.service.js';
import { CONTENT_TAKERS, enrolledItem, enrolledOffering, studentIdOf } from './access.js';
import type { ContentDeps } from './content.service.js';
import * as repo from './content.repository.js';
import { signedFileUrl, type FileCaller } from './files.js';

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

/** The student's offerings this semester (the current semesters' approved registrations) with counts. */
export async function studentOfferings(deps: ContentDeps, auth: AuthContext | null) {
  const { db } = deps;
  const studentId = studentIdOf(auth);
  const { semester, offerings } = await offeringsService.currentOfferingsOf(db, studentId, CONTENT_TAKERS);
  const [courseRows, counts, lecturers, visits] = await Promise.all([
    offeringsService.coursesByIds(
      db,
      offerings.map((o) => o.courseId),
    ),
    repo.studentCounts(db, studentId, offerings),
    offeringsService.lecturersOf(db, offerings),
    repo.visitsOf(db, studentId, [...new Set(offerings.map((o) => o.sessionId))]),
  ]);
  const courseOf = new Map(courseRows.map((c) => [c.id, c]));
  const data: StudentOffering[] = offerings
    .map((o) => {
      const course = courseOf.get(o.courseId)!;
      const c = counts.find((x) => x.courseId === o.courseId && x.sessionId === o.sessionId);
      const visit = visits.find((v) => v.courseId === o.courseId && v.sessionId === o.sessionId);
      return {
        CourseId: o.courseId,
        SessionId: o.sessionId,
        Code: course.code,
        Title: course.title,
        Units: course.units,
        Lecturers: (lecturers.get(`${o.courseId}:${o.sessionId}`) ?? []).map((l) => l.name),
        Items: c?.items ?? 0,
        New: c?.fresh ?? 0,
        Completed: c?.completed ?? 0,
        LastVisitedAt: iso(visit?.lastVisitedAt),
      };
    })
    .sort((a, b) => a.Code.localeCompare(b.Code));
  return { Status: STATUS.ok, Data: data, Semester: semester };
}

type VisibleItem = Awaited<ReturnType<typeof repo.visibleItems>>[number];

export function lessonOf(
  deps: ContentDeps,
  i: VisibleItem,
  caller: FileCaller,
  filePath: (id: number) => string,
  since: Date | null,
): ContentLesson {
  const hasFile = i.fileKind !== null && i.fileMime !== null;
  return {
    Id: i.id,
    SectionId: i.sectionId,
    Kind: i.kind as ContentLesson['Kind'],
    Title: i.title,
    Url: i.url,
    Html: i.html,
    File: hasFile
      ? { Name: i.fileName ?? 'file', Mime: i.fileMime ?? '', Size: i.fileSize ?? 0, Kind: i.fileKind ?? '' }
      : null,
    FileUrl: hasFile ? signedFileUrl(deps, filePath(i.id), i.id, caller) : null,
    PublishedAt: iso(i.publishedAt),
    Opened: i.openedAt !== null,
    Completed: i.completedAt !== null,
    PositionSeconds: i.positionSeconds,
    IsNew: since === null ? true : i.publishedAt !== null && i.publishedAt > since,
  };
}

/** An offering's published content with the student's progress; records the visit (what is new is since the previous one). */
export async function studentContent(
  deps: ContentDeps,
  auth: AuthContext | null,
  courseId: number,
  sessionId: number,
) {
  const { db } = deps;
  const studentId = studentIdOf(auth);
  const o = await enrolledOffering(db, studentId, courseId, sessionId);
  const [sections, items, lecturers, visit] = await Promise.all([
    repo.visibleSections(db, courseId, sessionId),
    repo.visibleItems(db, courseId, sessionId, studentId),
    offeringsService.lecturersOf(db, [o]),
    repo.recordVisit(db, studentId, courseId, sessionId),
  ]);
  const caller = { kind: 'Student', id: studentId };
  const data: StudentContent = {
    CourseId: courseId,
    SessionId: sessionId,
    Code: o.code,
    Title: o.title,
    Lecturers: (lecturers.get(`${courseId}:${sessionId}`) ?? []).map((l) => l.name),
    LastVisitedAt: iso(visit.previous),
    VideosCompleted: visit.videosCompletedAt !== null,
    Sections: sections.map((s) => ({
      Id: s.id,
      Title: s.title,
      Items: items
        .filter((i) => i.sectionId === s.id)
        .map((i) => lessonOf(deps, i, caller, CONTENT_API.studentItemFile, visit.previous)),
    })),
  };
  return { Status: STATUS.ok, Data: data };
}

export async function recordProgress(
  deps: ContentDeps,
  auth: AuthContext | null,
  itemId: number,
  input: ContentProgressInput,
) {
  const studentId = studentIdOf(auth);
  await enrolledItem(deps.db, studentId, itemId);
  const row = await repo.saveProgress(deps.db, {
    studentId,
    itemId,
    opened: input.Opened,
    completed: input.Completed,
    positionSeconds: input.PositionSeconds,
  });
  return {
    Status: STATUS.ok,
    Data: {
      Opened: row.openedAt !== null,
      Completed: row.completedAt !== null,
      PositionSeconds: row.positionSeconds,
    },
  };
}

/** videosCompleted (spec §4): the player reached the end of the offering's last lesson. */
export async function videosCompleted(
  deps: ContentDeps,
  auth: AuthContext | null,
  courseId: number,
  sessionId: number,
) {
  const studentId = studentIdOf(auth);
  await enrolledOffering(deps.db, studentId, courseId, sessionId);
  await repo.markVideosCompleted(deps.db, studentId, courseId, sessionId);
  return { Status: STATUS.ok, Message: 'videosCompleted' };
}
