import { createRequire } from 'node:module';
import { eq } from 'drizzle-orm';
import countriesLib from 'i18n-iso-countries';
import type { Db } from '../client.js';
import { countries, lgas, olevelGrades, olevelSubjects, olevelTypes, states } from '../schema/index.js';
import { NIGERIA_STATES } from './data/nigeria.js';

const require = createRequire(import.meta.url);

/** The most common WAEC / NECO / NABTEB / GCE subjects. */
export const OLEVEL_SUBJECTS = [
  'English Language',
  'Mathematics',
  'Further Mathematics',
  'Physics',
  'Chemistry',
  'Biology',
  'Agricultural Science',
  'Geography',
  'Economics',
  'Government',
  'Literature in English',
  'Christian Religious Studies',
  'Islamic Religious Studies',
  'History',
  'Civic Education',
  'Commerce',
  'Financial Accounting',
  'Book Keeping',
  'Office Practice',
  'Insurance',
  'Marketing',
  'Data Processing',
  'Computer Studies',
  'Technical Drawing',
  'Basic Electricity',
  'Basic Electronics',
  'Auto Mechanics',
  'Building Construction',
  'Metal Work',
  'Woodwork',
  'Food and Nutrition',
  'Home Management',
  'Clothing and Textiles',
  'Visual Arts',
  'Music',
  'French',
  'Arabic',
  'Hausa',
  'Igbo',
  'Yoruba',
  'Animal Husbandry',
  'Fisheries',
  'Health Education',
  'Physical Education',
  'Catering Craft Practice',
] as const;

export const OLEVEL_GRADES = ['A1', 'B2', 'B3', 'C4', 'C5', 'C6', 'D7', 'E8', 'F9'] as const;
export const OLEVEL_TYPES = ['WAEC', 'NECO', 'NABTEB', 'GCE'] as const;

/** Countries, Nigeria's states and LGAs, and the O'level vocabulary. Safe to run again. */
export async function seedReference(db: Db): Promise<void> {
  countriesLib.registerLocale(require('i18n-iso-countries/langs/en.json'));
  const names = countriesLib.getNames('en', { select: 'official' });
  await db
    .insert(countries)
    .values(Object.entries(names).map(([code, name]) => ({ code, name })))
    .onConflictDoNothing();
  const [nigeria] = await db.select({ id: countries.id }).from(countries).where(eq(countries.code, 'NG'));
  await db
    .insert(states)
    .values(NIGERIA_STATES.map((s) => ({ id: s.id, name: s.name, countryId: nigeria!.id })))
    .onConflictDoNothing();
  await db
    .insert(lgas)
    .values(NIGERIA_STATES.flatMap((s) => s.lgas.map((name) => ({ stateId: s.id, name }))))
    .onConflictDoNothing();
  await db
    .insert(olevelSubjects)
    .values(OLEVEL_SUBJECTS.map((name) => ({ name })))
    .onConflictDoNothing();
  await db
    .insert(olevelGrades)
    .values(OLEVEL_GRADES.map((name, i) => ({ name, rank: i + 1 })))
    .onConflictDoNothing();
  await db
    .insert(olevelTypes)
    .values(OLEVEL_TYPES.map((name) => ({ name })))
    .onConflictDoNothing();
}
