import { and, eq, ne, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { RegistryName } from '@portal/contracts';
import type { Tx } from '../../../db/client.js';
import {
  academicSessions,
  admissionSessions,
  blocks,
  courses,
  degreeClasses,
  gradePoints,
  grades,
  gradeScales,
  hostels,
  prerequisites,
  rooms,
  scoreItems,
  scoreSchemes,
  semesters,
  staff,
  timetable,
} from '../../../db/schema/index.js';
import { badRequest, conflict } from '../../../platform/errors.js';
import type { DeleteRule, ResourceRule } from './definition.js';

/**
 * The rules only the server can check, per registry resource, each with its message. They run in
 * the write's transaction after the references are checked; `values` is the whole record on create
 * and replace, or one switched field.
 */

type Row = Record<string, unknown>;

/** The record as it will be: the stored row with the new values over it. */
async function merged(tx: Tx, table: PgTable & { id: PgColumn }, values: Row, existingId: number | null) {
  if (existingId === null) return values;
  const [row] = await tx.select().from(table).where(eq(table.id, existingId));
  return { ...row, ...values } as Row;
}

const notThis = (column: PgColumn, existingId: number | null) =>
  existingId === null ? undefined : ne(column, existingId);

/** Exactly one row is current: switching one on switches the others off; the current one stays until another takes over. */
function onlyOneCurrent(table: PgTable & { id: PgColumn; isCurrent: PgColumn }, noun: string): ResourceRule {
  return async (tx, values, existingId) => {
    if (values.isCurrent === true) {
      await tx
        .update(table)
        .set({ isCurrent: false } as never)
        .where(notThis(table.id, existingId));
    } else if (values.isCurrent === false && existingId !== null) {
      const [row] = await tx
        .select({ isCurrent: table.isCurrent })
        .from(table)
        .where(eq(table.id, existingId));
      if (row?.isCurrent)
        throw badRequest(`One ${noun} must stay current: make another ${noun} current instead.`);
    }
  };
}

/** A session's second year follows its first: 2024/2025. */
function yearsFollow(name: unknown) {
  if (typeof name === 'string' && Number(name.slice(5)) !== Number(name.slice(0, 4)) + 1)
    throw badRequest('The second year of a session must follow the first (2024/2025).');
}

function datesInOrder(start: unknown, end: unknown, message: string) {
  if (typeof start === 'string' && typeof end === 'string' && end < start) throw badRequest(message);
}

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const cents = (value: number) => Math.round(value * 100);
const cgpa = (value: number) => value.toFixed(2);

async function schemeName(tx: Tx, schemeId: number) {
  const [scheme] = await tx
    .select({ name: scoreSchemes.name, isActive: scoreSchemes.isActive })
    .from(scoreSchemes)
    .where(eq(scoreSchemes.id, schemeId));
  return scheme;
}

async function schemeTotal(tx: Tx, schemeId: number, existingId: number | null) {
  const [sum] = await tx
    .select({ total: sql<number>`coalesce(sum(${scoreItems.weight}), 0)::int` })
    .from(scoreItems)
    .where(and(eq(scoreItems.schemeId, schemeId), notThis(scoreItems.id, existingId)));
  return sum?.total ?? 0;
}

export const RULES: Partial<Record<RegistryName, ResourceRule>> = {
  'academic-sessions': async (tx, values, existingId) => {
    yearsFollow(values.name);
    const row = await merged(tx, academicSessions, values, existingId);
    datesInOrder(row.startDate, row.endDate, 'A session cannot end before it starts.');
    await onlyOneCurrent(academicSessions, 'academic session')(tx, values, existingId);
  },

  'admission-sessions': async (tx, values, existingId) => {
    yearsFollow(values.name);
    const row = await merged(tx, admissionSessions, values, existingId);
    datesInOrder(
      row.resumptionDate,
      row.registrationClosesOn,
      'Registration cannot close before resumption.',
    );
    await onlyOneCurrent(admissionSessions, 'admission session')(tx, values, existingId);
  },

  semesters: async (tx, values, existingId) => {
    const row = await merged(tx, semesters, values, existingId);
    datesInOrder(row.startDate, row.endDate, 'A semester cannot end before it starts.');
    await onlyOneCurrent(semesters, 'semester')(tx, values, existingId);
  },

  'semester-registrations': async (_tx, values) => {
    datesInOrder(values.opensOn, values.closesOn, 'Registration cannot close before it opens.');
    datesInOrder(
      values.closesOn,
      values.lateClosesOn,
      'Late registration cannot close before registration closes.',
    );
  },

  'registration-limits': async (_tx, values) => {
    if (
      typeof values.minUnits === 'number' &&
      typeof values.maxUnits === 'number' &&
      values.maxUnits < values.minUnits
    )
      throw badRequest(
        `The maximum (${values.maxUnits} units) cannot be below the minimum (${values.minUnits} units).`,
      );
  },

  courses: async (tx, values, existingId) => {
    // CSC101 and CSC 101 are one code: the unique key alone would take them for two.
    if (typeof values.code !== 'string') return;
    const [same] = await tx
      .select({ code: courses.code })
      .from(courses)
      .where(
        and(
          sql`replace(${courses.code}, ' ', '') = ${values.code.replace(/ /g, '')}`,
          notThis(courses.id, existingId),
        ),
      )
      .limit(1);
    if (same) throw conflict(`A course with this code already exists: ${same.code}.`);
  },

  prerequisites: async (tx, values, existingId) => {
    const course = values.courseId as number;
    const prerequisite = values.prerequisiteId as number;
    if (course === prerequisite) {
      const [row] = await tx.select({ code: courses.code }).from(courses).where(eq(courses.id, course));
      throw badRequest(`${row?.code ?? 'A course'} cannot be its own prerequisite.`);
    }
    // Adding "prerequisite before course" makes a cycle when the course is already required, directly
    // or through others, before the prerequisite. The record being replaced no longer counts.
    const others = existingId === null ? sql`true` : sql`p.id <> ${existingId}`;
    const found = await tx.execute<{ code: string }>(sql`
      with recursive required(id) as (
        select p.prerequisite_id from ${prerequisites} p where p.course_id = ${prerequisite} and ${others}
        union
        select p.prerequisite_id from ${prerequisites} p join required r on p.course_id = r.id where ${others}
      )
      select ${courses.code} as code from ${courses} where ${courses.id} = ${course} and ${course} in (select id from required)`);
    const rows =
      (found as unknown as { rows?: { code: string }[] }).rows ?? (found as unknown as { code: string }[]);
    if (rows.length) {
      const [names] = await tx
        .select({ course: courses.code })
        .from(courses)
        .where(eq(courses.id, prerequisite));
      throw badRequest(
        `This would make a cycle: ${rows[0]!.code} is already required before ${names?.course ?? 'that course'}.`,
      );
    }
  },

  'score-items': async (tx, values, existingId) => {
    const row = await merged(tx, scoreItems, values, existingId);
    const schemeId = row.schemeId as number;
    const total = (await schemeTotal(tx, schemeId, existingId)) + (row.weight as number);
    const scheme = await schemeName(tx, schemeId);
    if (total > 100)
      throw badRequest(
        `The weights of ${scheme?.name ?? 'this scheme'} would add up to ${total}: they cannot exceed 100.`,
      );
    if (scheme?.isActive && total !== 100)
      throw badRequest(`The weights of an active scheme must add up to 100; this change makes ${total}.`);
    // An item moved to another scheme leaves its old one short.
    if (existingId !== null) {
      const [before] = await tx
        .select({ schemeId: scoreItems.schemeId })
        .from(scoreItems)
        .where(eq(scoreItems.id, existingId));
      if (before && before.schemeId !== schemeId) {
        const old = await schemeName(tx, before.schemeId);
        if (old?.isActive)
          throw badRequest(
            `The weights of ${old.name} would add up to ${await schemeTotal(tx, before.schemeId, existingId)}; an active scheme's must add up to 100.`,
          );
      }
    }
  },

  'score-schemes': async (tx, values, existingId) => {
    if (values.isActive !== true) return;
    const total = existingId === null ? 0 : await schemeTotal(tx, existingId, null);
    if (total !== 100)
      throw badRequest(`The weights of this scheme add up to ${total}, not 100: it cannot be made active.`);
  },

  'grade-scales': async (tx, values, existingId) => {
    if (values.isDefault === true)
      await tx.update(gradeScales).set({ isDefault: false }).where(notThis(gradeScales.id, existingId));
  },

  'grade-points': async (tx, values, existingId) => {
    const row = await merged(tx, gradePoints, values, existingId);
    const min = row.minScore as number;
    const max = row.maxScore as number;
    if (max < min) throw badRequest('The highest score of a band cannot be below its lowest.');
    const [overlap] = await tx
      .select({ min: gradePoints.minScore, max: gradePoints.maxScore, grade: grades.code })
      .from(gradePoints)
      .innerJoin(grades, eq(grades.id, gradePoints.gradeId))
      .where(
        and(
          eq(gradePoints.scaleId, row.scaleId as number),
          notThis(gradePoints.id, existingId),
          sql`${gradePoints.minScore} <= ${max} and ${gradePoints.maxScore} >= ${min}`,
        ),
      )
      .limit(1);
    if (overlap)
      throw badRequest(
        `Scores ${min}–${max} overlap the band of grade ${overlap.grade} (${overlap.min}–${overlap.max}) on this scale.`,
      );
  },

  'degree-classes': async (tx, values, existingId) => {
    const row = await merged(tx, degreeClasses, values, existingId);
    const min = Number(row.minCgpa);
    const max = Number(row.maxCgpa);
    if (max < min) throw badRequest('The highest CGPA of a class cannot be below its lowest.');
    const others = await tx
      .select({ name: degreeClasses.name, min: degreeClasses.minCgpa, max: degreeClasses.maxCgpa })
      .from(degreeClasses)
      .where(and(eq(degreeClasses.scaleId, row.scaleId as number), notThis(degreeClasses.id, existingId)));
    const clash = others.find((o) => o.min <= max && o.max >= min);
    if (clash)
      throw badRequest(
        `CGPA ${cgpa(min)}–${cgpa(max)} overlaps ${clash.name} (${cgpa(clash.min)}–${cgpa(clash.max)}).`,
      );
    // The bands of a scale stay contiguous: each starts 0.01 above the one below it.
    const bands = [...others, { name: String(row.name), min, max }].sort((a, b) => a.min - b.min);
    for (let i = 1; i < bands.length; i++) {
      const below = bands[i - 1]!;
      const above = bands[i]!;
      if (cents(above.min) - cents(below.max) > 1)
        throw badRequest(
          `Classes of degree must not leave gaps: CGPA ${cgpa(below.max + 0.01)}–${cgpa(above.min - 0.01)} would fall between ${below.name} and ${above.name}.`,
        );
    }
  },

  timetable: async (tx, values, existingId) => {
    const row = await merged(tx, timetable, values, existingId);
    const start = row.startTime as string;
    const end = row.endTime as string;
    if (minutes(end) <= minutes(start)) throw badRequest('A class must end after it starts.');
    const clashes = await tx
      .select({
        venue: timetable.venue,
        staffId: timetable.staffId,
        code: courses.code,
        startTime: timetable.startTime,
        endTime: timetable.endTime,
      })
      .from(timetable)
      .innerJoin(courses, eq(courses.id, timetable.courseId))
      .where(
        and(
          eq(timetable.semesterId, row.semesterId as number),
          eq(timetable.day, row.day as string),
          notThis(timetable.id, existingId),
          sql`${timetable.startTime} < ${end} and ${timetable.endTime} > ${start}`,
        ),
      );
    const venue = String(row.venue).toLowerCase();
    const sameVenue = clashes.find((c) => c.venue.toLowerCase() === venue);
    if (sameVenue)
      throw badRequest(
        `${row.venue} is taken on ${row.day} ${sameVenue.startTime}–${sameVenue.endTime} by ${sameVenue.code}.`,
      );
    const sameLecturer = clashes.find((c) => c.staffId === row.staffId);
    if (sameLecturer) {
      const [lecturer] = await tx
        .select({ title: staff.title, firstName: staff.firstName, lastName: staff.lastName })
        .from(staff)
        .where(eq(staff.id, row.staffId as number));
      const who = lecturer ? `${lecturer.title} ${lecturer.firstName} ${lecturer.lastName}` : 'The lecturer';
      throw badRequest(
        `${who} already teaches ${sameLecturer.code} on ${row.day} ${sameLecturer.startTime}–${sameLecturer.endTime} in ${sameLecturer.venue}.`,
      );
    }
  },

  hostels: async (tx, values, existingId) => {
    if (existingId === null || typeof values.gender !== 'string') return;
    const [other] = await tx
      .select({ number: rooms.number, gender: rooms.gender })
      .from(rooms)
      .innerJoin(blocks, eq(blocks.id, rooms.blockId))
      .where(and(eq(blocks.hostelId, existingId), ne(rooms.gender, values.gender)))
      .orderBy(rooms.number)
      .limit(1);
    if (other)
      throw badRequest(
        `${String(values.name ?? 'This hostel')} has rooms for ${other.gender.toLowerCase()} students (${other.number}): change them before making it a ${values.gender.toLowerCase()} hostel.`,
      );
  },

  rooms: async (tx, values, existingId) => {
    const row = await merged(tx, rooms, values, existingId);
    const [hostel] = await tx
      .select({ name: hostels.name, gender: hostels.gender })
      .from(blocks)
      .innerJoin(hostels, eq(hostels.id, blocks.hostelId))
      .where(eq(blocks.id, row.blockId as number));
    if (hostel && hostel.gender !== row.gender)
      throw badRequest(
        `${hostel.name} is a ${hostel.gender.toLowerCase()} hostel: its rooms cannot be for ${String(row.gender).toLowerCase()} students.`,
      );
  },
};

/** What a delete must keep: an active scheme's weights at 100, a scale's classes without gaps. */
export const DELETE_RULES: Partial<Record<RegistryName, DeleteRule>> = {
  'score-items': async (tx, before) => {
    const scheme = await schemeName(tx, before.schemeId as number);
    if (scheme?.isActive)
      throw badRequest(
        `${scheme.name} is active: its weights must keep adding up to 100. Make it inactive before removing ${String(before.name)}.`,
      );
  },

  'degree-classes': async (tx, before) => {
    const min = Number(before.minCgpa);
    const max = Number(before.maxCgpa);
    const others = await tx
      .select({ name: degreeClasses.name, min: degreeClasses.minCgpa, max: degreeClasses.maxCgpa })
      .from(degreeClasses)
      .where(
        and(eq(degreeClasses.scaleId, before.scaleId as number), ne(degreeClasses.id, before.id as number)),
      );
    const below = others.some((o) => o.max < min);
    const above = others.some((o) => o.min > max);
    if (below && above)
      throw badRequest(
        `Removing ${String(before.name)} would leave CGPA ${cgpa(min)}–${cgpa(max)} without a class: change the bands beside it first.`,
      );
  },
};
