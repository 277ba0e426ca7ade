import {
  APPLICANT_MESSAGES,
  MIN_OLEVEL_SUBJECTS,
  OLEVEL_CREDIT_RANK,
  OLEVEL_MESSAGES,
  STATUS,
  examYearRangeMessage,
  isRecordId,
  type OlevelDisplayRow,
  type OlevelGrade,
  type OlevelResultInput,
  type OlevelSavedResult,
  type OlevelSubject,
  type OlevelType,
} from '@portal/contracts';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../platform/auth.js';
import { badRequest, notFound } from '../../platform/errors.js';
import {
  assertEditable,
  assertNotRegistered,
  assertOwnApplicant,
  isUniqueViolation,
} from '../applicants/applicants.service.js';
import * as repo from './olevel.repository.js';

/**
 * O'level results: each field required (with the specification's own messages), a subject at
 * most once, a batch of at least 8, the exam year within the school's range, nothing changed
 * once registration is complete.
 */

export async function subjects(db: Db): Promise<OlevelSubject[]> {
  const rows = await repo.listSubjects(db);
  return rows.map((s) => ({ OLevelSubjectID: s.id, OLevelSubjectName: s.name }));
}

export async function grades(db: Db): Promise<OlevelGrade[]> {
  const rows = await repo.listGrades(db);
  return rows.map((g) => ({ OLevelGradeID: g.id, GradeName: g.name }));
}

export async function examTypes(db: Db): Promise<OlevelType[]> {
  const rows = await repo.listTypes(db);
  return rows.map((t) => ({ OLevelTypeID: t.id, OLevelTypeName: t.name }));
}

/** The applicant's results as the 'My Results' table shows them (also used by the slip). */
export async function olevelRows(db: Db, applicantId: number): Promise<OlevelDisplayRow[]> {
  return repo.displayRows(db, applicantId);
}

/** GET api/OResults/NewhasOlevelResult */
export async function listForApplicant(db: Db, auth: AuthContext | null, applicantId: number) {
  assertOwnApplicant(auth, applicantId);
  const rows = await olevelRows(db, applicantId);
  return {
    Status: STATUS.ok,
    Message: rows.length ? `${rows.length} subject(s) saved.` : OLEVEL_MESSAGES.noResults,
    Data: rows,
  };
}

/** GET api/OResults/hasOlevelResult: the saved results (an empty array when there are none). */
export async function savedForApplicant(
  db: Db,
  auth: AuthContext | null,
  applicantId: number,
): Promise<OlevelSavedResult[]> {
  assertOwnApplicant(auth, applicantId);
  const rows = await olevelRows(db, applicantId);
  return rows.map(({ OLevelTypeName: _t, OLevelSubjectName: _s, GradeName: _g, ...saved }) => saved);
}

interface Vocabulary {
  typeIds: Set<number>;
  subjectIds: Set<number>;
  gradeIds: Set<number>;
  minYear: number;
  maxYear: number;
}

async function vocabulary(db: Db): Promise<Vocabulary> {
  const [types, subjectRows, gradeRows, range] = await Promise.all([
    repo.listTypes(db),
    repo.listSubjects(db),
    repo.listGrades(db),
    repo.examYearRange(db),
  ]);
  return {
    typeIds: new Set(types.map((t) => t.id)),
    subjectIds: new Set(subjectRows.map((s) => s.id)),
    gradeIds: new Set(gradeRows.map((g) => g.id)),
    minYear: range.min,
    maxYear: range.max,
  };
}

const blank = (value: unknown) =>
  value === null || value === undefined || String(value).trim() === '' || String(value).trim() === '0';

function toId(value: unknown): number | null {
  const n = Number(String(value).trim());
  return isRecordId(n) ? n : null;
}

const EXAM_NUMBER = /^[A-Za-z0-9/-]{4,20}$/;

/**
 * Checks one result in the form's order (type, year, number, subject, grade) and answers with
 * the first problem's message. Returns the result ready to store.
 */
export function validateResult(
  input: OlevelResultInput,
  applicantId: number,
  vocab: Vocabulary,
): repo.NewResult {
  if (blank(input.OLevelTypeID)) throw badRequest(OLEVEL_MESSAGES.examTypeRequired);
  if (blank(input.ExamYear)) throw badRequest(OLEVEL_MESSAGES.examYearRequired);
  if (blank(input.ExamNumber)) throw badRequest(OLEVEL_MESSAGES.examNumberRequired);
  if (blank(input.OLevelSubjectID)) throw badRequest(OLEVEL_MESSAGES.subjectRequired);
  if (blank(input.OLevelGradeID)) throw badRequest(OLEVEL_MESSAGES.gradeRequired);

  const typeId = toId(input.OLevelTypeID);
  if (!typeId || !vocab.typeIds.has(typeId)) throw badRequest(OLEVEL_MESSAGES.examTypeUnknown);
  const year = Number(String(input.ExamYear).trim());
  if (!Number.isInteger(year) || year < vocab.minYear || year > vocab.maxYear) {
    throw badRequest(examYearRangeMessage(vocab.minYear, vocab.maxYear));
  }
  const examNumber = String(input.ExamNumber).trim().toUpperCase();
  if (!EXAM_NUMBER.test(examNumber)) throw badRequest(OLEVEL_MESSAGES.examNumberInvalid);
  const subjectId = toId(input.OLevelSubjectID);
  if (!subjectId || !vocab.subjectIds.has(subjectId)) throw badRequest(OLEVEL_MESSAGES.subjectUnknown);
  const gradeId = toId(input.OLevelGradeID);
  if (!gradeId || !vocab.gradeIds.has(gradeId)) throw badRequest(OLEVEL_MESSAGES.gradeUnknown);
  return { applicantId, typeId, subjectId, gradeId, examYear: year, examNumber };
}

/** Every row must name the caller (a missing ApplicantId means the caller). */
function ownerOf(auth: AuthContext | null, input: OlevelResultInput): number {
  if (!auth || auth.kind !== 'Applicant') throw notFound(APPLICANT_MESSAGES.notFound);
  if (blank(input.ApplicantId)) return auth.userId;
  const id = toId(input.ApplicantId);
  return assertOwnApplicant(auth, id ?? -1);
}

/** POST api/OResults/PostEachOResult: adds one subject to the saved list. */
export async function postEach(db: Db, auth: AuthContext | null, input: OlevelResultInput) {
  const applicantId = ownerOf(auth, input);
  await assertNotRegistered(db, applicantId);
  const result = validateResult(input, applicantId, await vocabulary(db));
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      await assertEditable(tx, applicantId);
      const saved = await repo.savedSubjectIds(tx, applicantId);
      if (saved.includes(result.subjectId)) throw badRequest(OLEVEL_MESSAGES.subjectAddedAlready);
      const [newId] = await repo.insertResults(tx, [result]);
      return newId!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest(OLEVEL_MESSAGES.subjectAddedAlready);
    throw error;
  }
  const row = (await olevelRows(db, applicantId)).find((r) => r.OLevelResultID === id)!;
  return { Status: STATUS.ok, Message: OLEVEL_MESSAGES.subjectAdded, Data: row };
}

/** POST api/OResults/PostOResult: the whole list at once, at least 8 subjects, all or nothing. */
export async function postBatch(db: Db, auth: AuthContext | null, inputs: OlevelResultInput[]) {
  if (!auth || auth.kind !== 'Applicant') throw notFound(APPLICANT_MESSAGES.notFound);
  const owners = new Set(inputs.map((input) => ownerOf(auth, input)));
  const applicantId = owners.size ? [...owners][0]! : auth.userId;
  await assertNotRegistered(db, applicantId);
  const vocab = await vocabulary(db);
  const results = inputs.map((input) => validateResult(input, applicantId, vocab));
  const seen = new Set<number>();
  for (const r of results) {
    if (seen.has(r.subjectId)) throw badRequest(OLEVEL_MESSAGES.subjectAddedAlready);
    seen.add(r.subjectId);
  }
  if (results.length < MIN_OLEVEL_SUBJECTS) throw badRequest(OLEVEL_MESSAGES.tooFewSubjects);
  try {
    await db.transaction(async (tx) => {
      await assertEditable(tx, applicantId);
      const saved = new Set(await repo.savedSubjectIds(tx, applicantId));
      if (results.some((r) => saved.has(r.subjectId))) throw badRequest(OLEVEL_MESSAGES.subjectAddedAlready);
      await repo.insertResults(tx, results);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest(OLEVEL_MESSAGES.subjectAddedAlready);
    throw error;
  }
  return { Status: 'Success', Message: OLEVEL_MESSAGES.batchSaved, Data: await olevelRows(db, applicantId) };
}

/** DELETE api/OResults/DeleteOResult/?olevelresultId= : removes one of the caller's results. */
export async function remove(db: Db, auth: AuthContext | null, resultId: number) {
  if (!auth || auth.kind !== 'Applicant') throw notFound(APPLICANT_MESSAGES.notFound);
  const applicantId = auth.userId;
  await db.transaction(async (tx) => {
    // Another applicant's result is simply not found, whatever the caller's own state.
    if (!(await repo.resultBelongsTo(tx, applicantId, resultId))) throw notFound(APPLICANT_MESSAGES.notFound);
    await assertEditable(tx, applicantId);
    await repo.deleteResult(tx, applicantId, resultId);
  });
  return { Status: 'Deleted', Message: OLEVEL_MESSAGES.subjectDeleted };
}

/** Each applicant's O'level results in short: sittings, credits (A1–C6) and the grades, sitting by sitting. */
export async function summariesOf(db: Db, applicantIds: readonly number[]) {
  const rows = await repo.olevelResultsOf(db, applicantIds);
  const byApplicant = new Map<number, typeof rows>();
  for (const row of rows)
    byApplicant.set(row.applicantId, [...(byApplicant.get(row.applicantId) ?? []), row]);
  const summaries = new Map<number, { sittings: number; credits: number; results: string }>();
  for (const [applicantId, results] of byApplicant) {
    const sittings = new Map<string, string[]>();
    for (const r of results) {
      const sitting = `${r.examType} ${r.examYear} (${r.examNumber})`;
      sittings.set(sitting, [...(sittings.get(sitting) ?? []), `${r.subject} ${r.grade}`]);
    }
    summaries.set(applicantId, {
      sittings: sittings.size,
      credits: results.filter((r) => r.rank <= OLEVEL_CREDIT_RANK).length,
      results: [...sittings].map(([sitting, grades]) => `${sitting}: ${grades.join(', ')}`).join('; '),
    });
  }
  return summaries;
}
