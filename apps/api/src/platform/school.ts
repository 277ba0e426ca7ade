import { eq } from 'drizzle-orm';
import { DEFAULT_SCHOOL_COLOURS, INDIGENE_STATE_ID, SCHOOL_ID, SCHOOL_LOGO_API } from '@portal/contracts';
import type { Db } from '../db/client.js';
import { schoolSettings } from '../db/schema/index.js';
import { referenceData } from './cache.js';
import type { FileStorage } from './storage.js';

/**
 * The school's particulars (School Management: the registry's `school-information`, one row of
 * school_settings), read in one place by everything that shows or applies them: the documents'
 * header and accent, the e-mails' footer, the shell (GET /api/institution), the logo's route and
 * the fee rules' indigene state. Kept per process with the reference data (platform/cache.ts): an
 * admin's save clears this process's copy at once, other processes see it within REFERENCE_CACHE_MS,
 * and a transaction reads the row itself.
 */
export interface SchoolParticulars {
  name: string;
  shortName: string;
  address: string;
  email: string;
  phone: string;
  website: string;
  motto: string;
  /** The uploaded logo in file storage (a PNG or a JPEG), or null. */
  logo: { key: string; mediaType: string } | null;
  /** #rrggbb */
  primaryColour: string;
  /** #rrggbb */
  secondaryColour: string;
  /** Applicants and students of this state pay the fee schedule's indigene amounts. */
  indigeneStateId: number;
}

const NONE: SchoolParticulars = Object.freeze({
  name: 'Institution',
  shortName: '',
  address: '',
  email: '',
  phone: '',
  website: '',
  motto: '',
  logo: null,
  primaryColour: DEFAULT_SCHOOL_COLOURS.primary,
  secondaryColour: DEFAULT_SCHOOL_COLOURS.secondary,
  indigeneStateId: INDIGENE_STATE_ID,
});

async function readParticulars(db: Pick<Db, 'select'>): Promise<SchoolParticulars> {
  const [row] = await db
    .select({
      name: schoolSettings.name,
      shortName: schoolSettings.shortName,
      address: schoolSettings.address,
      email: schoolSettings.email,
      phone: schoolSettings.phone,
      website: schoolSettings.website,
      motto: schoolSettings.motto,
      logoKey: schoolSettings.logoKey,
      logoMediaType: schoolSettings.logoMediaType,
      primaryColour: schoolSettings.primaryColour,
      secondaryColour: schoolSettings.secondaryColour,
      indigeneStateId: schoolSettings.indigeneStateId,
    })
    .from(schoolSettings)
    .where(eq(schoolSettings.schoolId, SCHOOL_ID))
    .limit(1);
  if (!row) return NONE;
  const { logoKey, logoMediaType, ...rest } = row;
  return Object.freeze({
    ...rest,
    logo: logoKey && logoMediaType ? Object.freeze({ key: logoKey, mediaType: logoMediaType }) : null,
  });
}

/** The school's particulars (cached per process through a cached handle; read afresh in a transaction). */
export function schoolParticulars(db: Pick<Db, 'select'>): Promise<SchoolParticulars> {
  return referenceData(db, 'school:particulars', () => readParticulars(db));
}

/** Whether a payer of this state pays the indigene amounts: the school's indigene state, as School Management sets it. */
export async function isIndigene(
  db: Pick<Db, 'select'>,
  stateId: number | null | undefined,
): Promise<boolean> {
  if (stateId === null || stateId === undefined) return false;
  return (await schoolParticulars(db)).indigeneStateId === stateId;
}

/**
 * The public URL of the logo, which changes when the logo does (`?v=`: from its storage key, which a
 * new upload always changes), so the shell may cache it for long; null without a logo.
 */
export function logoUrl(particulars: Pick<SchoolParticulars, 'logo'>): string | null {
  return particulars.logo ? `${SCHOOL_LOGO_API}?v=${logoVersion(particulars.logo.key)}` : null;
}

/** A short token that names one stored logo (its key's random part, never the whole key). */
export function logoVersion(key: string): string {
  return /-([0-9a-f]{8,})\.[a-z]+$/i.exec(key)?.[1] ?? key.replace(/[^A-Za-z0-9]/g, '').slice(-16);
}

/**
 * The logo's bytes, read from storage once per stored logo and kept (a few hundred KB at most): a
 * stored key never changes its bytes, and a new logo has a new key.
 */
const logoBytes = new WeakMap<FileStorage, { key: string; bytes: Promise<Buffer | null> }>();
export function schoolLogoBytes(
  storage: FileStorage,
  logo: SchoolParticulars['logo'],
): Promise<Buffer | null> {
  if (!logo) return Promise.resolve(null);
  const held = logoBytes.get(storage);
  if (held?.key === logo.key) return held.bytes;
  const bytes = storage.read(logo.key).catch(() => null);
  logoBytes.set(storage, { key: logo.key, bytes });
  return bytes;
}

/**
 * The file storage the school's logo is read from, for a database handle (registered once by the app):
 * the documents draw the logo from the particulars alone. A handle not registered (a transaction)
 * draws none.
 */
const storages = new WeakMap<object, FileStorage>();
export function registerSchoolStorage(db: object, storage: FileStorage): void {
  storages.set(db, storage);
}
export function schoolStorageOf(db: object): FileStorage | undefined {
  return storages.get(db);
}
