import { EMAIL_PATTERN, type ImportKind } from '@portal/contracts';

/**
 * Reading and checking a candidates file (Post-UTME list, CAPS list, admission list). Pure
 * apart from reading the file: no database here, so every rule can be tested on its own.
 */

export type CandidateField =
  | 'jambRegNo'
  | 'firstName'
  | 'lastName'
  | 'otherName'
  | 'email'
  | 'phone'
  | 'state'
  | 'lga'
  | 'course'
  | 'utmeScore'
  | 'capsStatus';

const LABELS: Record<CandidateField, string> = {
  jambRegNo: 'JAMB Number',
  firstName: 'First Name',
  lastName: 'Last Name',
  otherName: 'Other Name',
  email: 'E-mail',
  phone: 'Phone',
  state: 'State',
  lga: 'LGA',
  course: 'Course',
  utmeScore: 'UTME Score',
  capsStatus: 'CAPS Status',
};

/** Header spellings seen in JAMB and school lists, compared without case, spaces or punctuation. */
const ALIASES: Record<CandidateField, string[]> = {
  jambRegNo: [
    'jambnumber',
    'jambno',
    'jambregno',
    'jambregnumber',
    'jambregistrationnumber',
    'regno',
    'regnumber',
    'registrationnumber',
    'jamb',
  ],
  firstName: ['firstname', 'first', 'givenname', 'forename'],
  lastName: ['lastname', 'surname', 'last', 'familyname'],
  otherName: ['othername', 'othernames', 'middlename', 'middlenames', 'other'],
  email: ['email', 'emailaddress', 'mail'],
  phone: ['phone', 'phonenumber', 'phoneno', 'gsm', 'gsmnumber', 'mobile', 'mobilenumber', 'telephone'],
  state: ['state', 'stateoforigin', 'statename'],
  lga: ['lga', 'localgovernment', 'localgovernmentarea', 'lganame'],
  course: ['course', 'courseofstudy', 'programme', 'program', 'coursename'],
  utmeScore: ['utmescore', 'utme', 'score', 'jambscore', 'totalscore', 'aggregate'],
  capsStatus: ['capsstatus', 'caps', 'status', 'admissionstatus'],
};

export const REQUIRED_FIELDS: Record<Exclude<ImportKind, 'utmeImages'>, CandidateField[]> = {
  PostUtmeList: ['jambRegNo', 'firstName', 'lastName', 'email', 'course', 'utmeScore'],
  CAPSList: ['jambRegNo', 'firstName', 'lastName', 'email', 'capsStatus'],
  uploadadmissionlist: ['jambRegNo', 'firstName', 'lastName', 'email', 'course'],
};

const normaliseHeader = (value: unknown) =>
  String(value ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** Which column holds which field; throws a message naming what is missing. */
export function mapHeader(
  header: unknown[],
  kind: Exclude<ImportKind, 'utmeImages'>,
): Map<CandidateField, number> {
  const map = new Map<CandidateField, number>();
  header.forEach((cell, index) => {
    const key = normaliseHeader(cell);
    if (!key) return;
    for (const field of Object.keys(ALIASES) as CandidateField[]) {
      if (!map.has(field) && ALIASES[field].includes(key)) {
        map.set(field, index);
        return;
      }
    }
  });
  const missing = REQUIRED_FIELDS[kind].filter((f) => !map.has(f)).map((f) => LABELS[f]);
  if (missing.length) {
    throw new Error(
      `The first row must name the columns. Missing: ${missing.join(', ')}. Expected columns: ${Object.values(LABELS).join(', ')}.`,
    );
  }
  return map;
}

export interface Lookups {
  /** lower-case state name (and aliases) → id */
  states: Map<string, number>;
  /** `${stateId}:${normalised lga}` → id */
  lgas: Map<string, number>;
  /** lower-case course name → { id, departmentId } */
  courses: Map<string, { id: number; departmentId: number }>;
}

export const normaliseName = (value: string) =>
  value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

export function stateKey(value: string): string {
  const key = normaliseName(value).replace(/ state$/, '');
  if (key === 'fct' || key === 'abuja' || key === 'fct abuja' || key === 'abuja fct')
    return 'federal capital territory';
  return key;
}

export interface Candidate {
  row: number;
  jambRegNo: string;
  firstName: string;
  lastName: string;
  /** undefined when the file has no such column (leave as is); null when the cell is empty */
  otherName?: string | null;
  email: string;
  phone?: string | null;
  stateId?: number | null;
  lgaId?: number | null;
  courseOfStudyId?: number | null;
  departmentId?: number | null;
  utmeScore?: number | null;
  capsStatus?: string | null;
  /** Optional fields left empty because they were wrong, each naming the row. */
  warnings?: string[];
}

const JAMB_PATTERN = /^[0-9]{8,12}[A-Z]{2}$/;
const NAME_PATTERN = /^[\p{L}][\p{L}'’.\- ]*$/u;

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).trim();
}

/** 08031234567 from +2348031234567, 2348031234567, 8031234567 or 0803 123 4567; null when it is not a Nigerian mobile number. */
export function normalisePhone(raw: string): string | null {
  let digits = raw.replace(/[\s\-().]/g, '');
  if (/^\+?234/.test(digits)) digits = '0' + digits.replace(/^\+?234/, '');
  else if (/^[789][01]\d{8}$/.test(digits)) digits = '0' + digits;
  return /^0[789][01]\d{8}$/.test(digits) ? digits : null;
}

const squash = (value: string) => value.replace(/\s+/g, ' ').trim();

/** How a state is named in a message: 'Abia State', 'Federal Capital Territory'. */
function stateLabel(raw: string): string {
  const name = squash(raw);
  if (/\bstate$/i.test(name) || stateKey(name) === 'federal capital territory') return name;
  return `${name} State`;
}

/**
 * Checks one data row; returns the candidate or the problems, each naming the row. A wrong
 * required field refuses the row (a problem); a wrong optional field is left empty and the
 * row imported, with a warning naming the row.
 */
export function checkRow(
  cells: unknown[],
  row: number,
  columns: Map<CandidateField, number>,
  kind: Exclude<ImportKind, 'utmeImages'>,
  lookups: Lookups,
): { candidate?: Candidate; problems: string[]; warnings: string[] } {
  const problems: string[] = [];
  /** Wrong optional fields, in order: reported as problems too if the row is refused. */
  const soft: { message: string; left: string }[] = [];
  const has = (f: CandidateField) => columns.has(f);
  const get = (f: CandidateField) => (has(f) ? cellText(cells[columns.get(f)!]) : '');
  const required = new Set(REQUIRED_FIELDS[kind]);
  const need = (f: CandidateField) => {
    if (required.has(f) && !get(f)) {
      problems.push(`Row ${row}: ${LABELS[f]} is required`);
      return false;
    }
    return true;
  };
  /** A wrong value: refuses the row when the field is required, else it is left empty with a warning. */
  const wrong = (f: CandidateField, message: string, left = 'left empty') => {
    if (required.has(f)) problems.push(`Row ${row}: ${message}`);
    else soft.push({ message, left });
  };

  const jamb = get('jambRegNo').toUpperCase().replace(/\s+/g, '');
  if (need('jambRegNo') && !JAMB_PATTERN.test(jamb)) problems.push(`Row ${row}: JAMB Number is invalid`);

  const names: Partial<Record<'firstName' | 'lastName' | 'otherName', string | null>> = {};
  for (const f of ['firstName', 'lastName', 'otherName'] as const) {
    const value = squash(get(f));
    if (!need(f)) continue;
    if (!value) {
      if (has(f)) names[f] = null;
      continue;
    }
    if (value.length > 80 || !NAME_PATTERN.test(value)) {
      wrong(f, `${LABELS[f]} is invalid`);
      names[f] = null;
    } else names[f] = value;
  }

  const email = get('email').toLowerCase();
  if (need('email') && (email.length > 254 || !EMAIL_PATTERN.test(email)))
    problems.push(`Row ${row}: E-mail is invalid`);

  let phone: string | null | undefined;
  if (has('phone')) {
    const raw = get('phone');
    if (!raw) phone = null;
    else {
      phone = normalisePhone(raw);
      if (!phone) wrong('phone', `Phone "${raw}" is not a Nigerian mobile number`);
    }
  }

  let stateId: number | null | undefined;
  let lgaId: number | null | undefined;
  let stateUnknown = false;
  if (has('state')) {
    const raw = get('state');
    if (!raw) stateId = null;
    else {
      stateId = lookups.states.get(stateKey(raw)) ?? null;
      if (stateId === null) {
        stateUnknown = true;
        wrong(
          'state',
          `State "${raw}" is not a Nigerian state`,
          get('lga') ? 'State and LGA left empty' : 'left empty',
        );
      }
    }
  }
  if (has('lga')) {
    const raw = get('lga');
    if (!raw || stateUnknown) lgaId = null;
    else if (!stateId) {
      wrong('lga', `LGA "${raw}" needs a State`);
      lgaId = null;
    } else {
      lgaId = lookups.lgas.get(`${stateId}:${normaliseName(raw)}`) ?? null;
      if (lgaId === null) wrong('lga', `LGA "${raw}" is not in ${stateLabel(get('state'))}`);
    }
  }

  let courseOfStudyId: number | null | undefined;
  let departmentId: number | null | undefined;
  if (has('course')) {
    const raw = get('course');
    if (!need('course')) {
      /* reported */
    } else if (!raw) {
      courseOfStudyId = undefined;
    } else {
      const course = lookups.courses.get(normaliseName(raw));
      if (!course) {
        wrong('course', `Course "${raw}" is not offered`);
        courseOfStudyId = null;
        departmentId = null;
      } else {
        courseOfStudyId = course.id;
        departmentId = course.departmentId;
      }
    }
  }

  let utmeScore: number | null | undefined;
  if (has('utmeScore')) {
    const raw = get('utmeScore');
    if (need('utmeScore') && raw) {
      const n = Number(raw);
      if (!Number.isInteger(n) || n < 0 || n > 400) {
        wrong('utmeScore', `UTME Score must be a whole number from 0 to 400`);
        utmeScore = null;
      } else utmeScore = n;
    } else if (!raw) utmeScore = undefined;
  }

  let capsStatus: string | null | undefined;
  if (has('capsStatus')) {
    const raw = squash(get('capsStatus'));
    if (need('capsStatus') && raw) {
      if (raw.length > 50) {
        wrong('capsStatus', `CAPS Status is too long`);
        capsStatus = null;
      } else capsStatus = raw;
    }
  }

  if (problems.length)
    return { problems: [...problems, ...soft.map((s) => `Row ${row}: ${s.message}`)], warnings: [] };
  const warnings = soft.map((s) => `Row ${row}: ${s.message}: ${s.left}.`);
  return {
    problems,
    warnings,
    candidate: {
      row,
      jambRegNo: jamb,
      firstName: names.firstName!,
      lastName: names.lastName!,
      otherName: names.otherName,
      email,
      phone,
      stateId,
      lgaId,
      courseOfStudyId,
      departmentId,
      utmeScore,
      capsStatus,
      warnings,
    },
  };
}

export { LABELS as CANDIDATE_LABELS };

/** A problem with the uploaded file, worded for the admin who uploaded it. */
export class UserFacingError extends Error {}
