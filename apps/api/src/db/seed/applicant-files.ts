import { deflateSync } from 'node:zlib';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { DOCUMENT_KINDS, type DocumentKind } from '@portal/contracts';
import type { Db } from '../client.js';
import {
  academicSessions,
  admissionForms,
  admissionSessions,
  applicantDocuments,
  applicants,
  departments,
  feeSchedule,
  levels,
  paymentItems,
} from '../schema/index.js';
import {
  createPdf,
  formatLongDate,
  formatNaira,
  loadInstitution,
  type Institution,
} from '../../platform/pdf.js';
import { newStorageKey, type FileStorage } from '../../platform/storage.js';
import { DEMO_APPLICANTS } from './accounts.js';

/**
 * Files for the demo: applicants from stage 4 on have uploaded their passport photograph and
 * the required documents, applicants from stage 5 on have completed registration, and the
 * admission documents ('My Results' at level 4) exist as real PDFs. Idempotent: a row that
 * exists is kept, and a file missing from storage (a fresh DATA_DIR) is written again.
 */
export async function seedApplicantFiles(db: Db, storage: FileStorage): Promise<void> {
  const institution = await loadInstitution(db);
  const demo = await db
    .select({
      id: applicants.id,
      publicId: applicants.publicId,
      jambRegNo: applicants.jambRegNo,
      firstName: applicants.firstName,
      lastName: applicants.lastName,
      otherName: applicants.otherName,
      gender: applicants.gender,
      passportKey: applicants.passportKey,
    })
    .from(applicants)
    .where(
      inArray(
        applicants.jambRegNo,
        DEMO_APPLICANTS.map((a) => a.jamb),
      ),
    );

  for (const a of DEMO_APPLICANTS) {
    if (a.stage < 4) continue;
    const row = demo.find((d) => d.jambRegNo === a.jamb);
    if (!row) continue;
    const existing = await db
      .select()
      .from(applicantDocuments)
      .where(eq(applicantDocuments.applicantId, row.id));
    for (const info of DOCUMENT_KINDS) {
      const kind = info.kind;
      const current = existing.find((d) => d.kind === kind);
      if (current) {
        if (!(await storage.exists(current.storageKey))) {
          await storage.put(current.storageKey, await demoDocument(kind, row, institution));
        }
        continue;
      }
      const isPassport = kind === 'passport';
      const ext = isPassport ? 'png' : 'pdf';
      const bytes = await demoDocument(kind, row, institution);
      const storageKey = newStorageKey(`applicants/${row.publicId}`, kind.replace(/_/g, '-'), ext);
      await storage.put(storageKey, bytes);
      await db
        .insert(applicantDocuments)
        .values({
          applicantId: row.id,
          kind,
          storageKey,
          fileName: `${kind.replace(/_/g, '-')}.${ext}`,
          contentType: isPassport ? 'image/png' : 'application/pdf',
          size: bytes.length,
        })
        .onConflictDoNothing();
      if (isPassport)
        await db.update(applicants).set({ passportKey: storageKey }).where(eq(applicants.id, row.id));
    }
    if (a.stage >= 5) {
      await db
        .update(applicants)
        .set({ registeredAt: new Date() })
        .where(and(eq(applicants.id, row.id), isNull(applicants.registeredAt)));
    }
  }

  await seedAdmissionForms(db, storage, institution);
}

type DemoApplicant = {
  jambRegNo: string;
  firstName: string | null;
  lastName: string | null;
  otherName: string | null;
  gender: string | null;
};

async function demoDocument(kind: DocumentKind, a: DemoApplicant, institution: Institution): Promise<Buffer> {
  if (kind === 'passport') return demoPassportPng(a.jambRegNo, a.gender === 'Female');
  const fullName = [a.lastName?.toUpperCase(), a.firstName, a.otherName].filter(Boolean).join(' ');
  const label = DOCUMENT_KINDS.find((d) => d.kind === kind)!.label;
  const pdf = createPdf({
    title: `${label} (specimen)`,
    footer: 'SPECIMEN - demonstration data, not a real document',
  });
  const issuer: Record<
    Exclude<DocumentKind, 'passport'>,
    { name: string; shortName: string; address: string }
  > = {
    olevel_result: {
      name: 'West African Examinations Council',
      shortName: 'WAEC',
      address: 'Yaba, Lagos (specimen)',
    },
    jamb_result: {
      name: 'Joint Admissions and Matriculation Board',
      shortName: 'JAMB',
      address: 'Bwari, Abuja (specimen)',
    },
    birth_certificate: {
      name: 'National Population Commission',
      shortName: 'NPC',
      address: 'Abuja (specimen)',
    },
    lga_certificate: {
      name: 'Chanchaga Local Government Council',
      shortName: 'LGC',
      address: 'Minna, Niger State (specimen)',
    },
  };
  pdf.header(
    issuer[kind],
    label.toUpperCase(),
    `Specimen issued for the ${institution.shortName} portal demo`,
  );
  pdf.keyValues(
    [
      ['Name', fullName],
      ['JAMB Reg. No', a.jambRegNo],
      ['Document', label],
      ['Status', 'SPECIMEN'],
    ],
    { columns: 2 },
  );
  pdf.moveDown(8);
  pdf.paragraph(
    'This file was generated for the demonstration institution. It stands in for the document an applicant ' +
      'uploads and carries no official value.',
    { fontSize: 9, color: '#555555' },
  );
  return pdf.toBuffer();
}

// ---------------------------------------------------------------------------------------------
// A passport photograph drawn in code: a PNG with a head and shoulders on a plain background.

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** Encodes 8-bit RGB pixels (row by row) as a PNG. */
export function encodePng(width: number, height: number, rgb: Uint8Array): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    raw[y * (width * 3 + 1)] = 0;
    Buffer.from(rgb.buffer, rgb.byteOffset + y * width * 3, width * 3).copy(raw, y * (width * 3 + 1) + 1);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 180×220 passport-style PNG, its colours varied by a seed string. */
export function demoPassportPng(seed: string, female = false): Buffer {
  const width = 180;
  const height = 220;
  let h = 0;
  for (const ch of seed) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  const background = [225, 232, 240];
  const skins = [
    [141, 85, 36],
    [198, 134, 66],
    [110, 62, 30],
    [160, 100, 55],
  ];
  const clothes = [
    [30, 58, 95],
    [120, 30, 40],
    [20, 90, 60],
    [60, 60, 70],
  ];
  const skin = skins[h % skins.length]!;
  const cloth = clothes[(h >>> 3) % clothes.length]!;
  const hair = [25, 20, 18];
  const rgb = new Uint8Array(width * height * 3);
  const cx = width / 2;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      let colour = background;
      const headDx = (x - cx) / 42;
      const headDy = (y - 92) / 52;
      const inHead = headDx * headDx + headDy * headDy <= 1;
      const hairDy = (y - (female ? 92 : 78)) / (female ? 70 : 48);
      const hairDx = (x - cx) / (female ? 56 : 46);
      const inHair = hairDx * hairDx + hairDy * hairDy <= 1 && (y < 70 || (female && !inHead && y < 150));
      const shoulderDx = (x - cx) / 86;
      const shoulderDy = (y - 230) / 80;
      const inBody = shoulderDx * shoulderDx + shoulderDy * shoulderDy <= 1;
      const inNeck = Math.abs(x - cx) < 16 && y > 130 && y < 165;
      if (inBody) colour = cloth;
      if (inNeck) colour = skin;
      if (inHair) colour = hair;
      if (inHead && y >= 62) colour = skin;
      const i = (y * width + x) * 3;
      rgb[i] = colour[0]!;
      rgb[i + 1] = colour[1]!;
      rgb[i + 2] = colour[2]!;
    }
  }
  return encodePng(width, height, rgb);
}

// ---------------------------------------------------------------------------------------------
// Admission documents ('listofforms?type=2'): real PDFs made with the shared toolkit.

interface FormSeed {
  name: string;
  description: string;
  /** Department codes the form is for; empty for every department. */
  departmentCodes: string[];
  /** Level names the form is for; empty for every level. */
  levelNames: string[];
  render(db: Db, institution: Institution): Promise<Buffer>;
}

const FORMS: FormSeed[] = [
  {
    name: 'Provisional Admission Letter',
    description: 'How to print your provisional admission letter and what it requires of you',
    departmentCodes: [],
    levelNames: [],
    render: async (db, institution) => {
      const [session] = await db
        .select()
        .from(admissionSessions)
        .where(eq(admissionSessions.isCurrent, true))
        .limit(1);
      const pdf = createPdf({
        title: 'Provisional Admission Letter - information sheet',
        footer: institution.name,
      });
      pdf.header(institution, 'PROVISIONAL ADMISSION LETTER', 'Information sheet for admitted candidates');
      for (const line of [
        '1. Your provisional admission letter is issued on this portal once the acceptance fee is paid. Open the Admission Letter page from your dashboard and download it as a PDF.',
        '2. Each letter carries a QR code. Anyone can scan it to confirm that the letter is genuine.',
        '3. Admission is provisional until your documents are verified at registration (clearance). Bring the originals of every document you uploaded.',
        `4. Resumption is on ${formatLongDate(session?.resumptionDate)} for the ${session?.name ?? ''} session. ` +
          `Registration closes on ${formatLongDate(session?.registrationClosesOn)}; late registration attracts a fee.`,
        '5. Do not pay any fee to an individual. All fees are paid online through the college portal.',
      ]) {
        pdf.paragraph(line);
        pdf.moveDown(6);
      }
      return pdf.toBuffer();
    },
  },
  {
    name: 'Medical Examination Form',
    description: 'To be completed by a registered medical practitioner and submitted at clearance',
    departmentCodes: [],
    levelNames: [],
    render: async (_db, institution) => {
      const pdf = createPdf({ title: 'Medical Examination Form', footer: institution.name });
      pdf.header(
        institution,
        'MEDICAL EXAMINATION FORM',
        'To be completed by a registered medical practitioner',
      );
      pdf.heading('Candidate');
      pdf.keyValues([
        ['Full name', ''],
        ['JAMB Reg. No', ''],
        ['Department', ''],
        ['Date of birth', ''],
      ]);
      pdf.moveDown(6);
      pdf.heading('Examination');
      pdf.table({
        columns: [
          { header: 'Test', width: 3 },
          { header: 'Result', width: 3 },
          { header: 'Remarks', width: 4 },
        ],
        rows: [
          ['Blood group', '', ''],
          ['Genotype', '', ''],
          ['Hepatitis B (HBsAg)', '', ''],
          ['Chest X-ray', '', ''],
          ['Visual acuity', '', ''],
          ['Urinalysis', '', ''],
        ],
        zebra: false,
      });
      pdf.paragraph(
        'I certify that I have examined the candidate named above and that the results are correct.',
      );
      pdf.signatureLine('Medical officer: name, signature and stamp', { width: 260 });
      return pdf.toBuffer();
    },
  },
  {
    name: 'Undertaking Form',
    description: 'Your undertaking to abide by the rules and regulations of the institution',
    departmentCodes: [],
    levelNames: [],
    render: async (_db, institution) => {
      const pdf = createPdf({ title: 'Undertaking Form', footer: institution.name });
      pdf.header(institution, 'UNDERTAKING FORM');
      pdf.paragraph(
        `I, ______________________________________, having been offered provisional admission into ${institution.name}, ` +
          'undertake to abide by the rules and regulations of the institution. I confirm that the information and documents ' +
          'I supplied are true, and I understand that my admission will be withdrawn at any time if any of them is found to be false.',
        { align: 'justify' },
      );
      pdf.moveDown(10);
      pdf.paragraph(
        'I also undertake not to join any secret cult or unlawful society, and to be of good conduct at all times.',
        {
          align: 'justify',
        },
      );
      pdf.moveDown(20);
      const y = pdf.y;
      pdf.signatureLine('Candidate: signature and date', { width: 220 });
      pdf.y = y;
      pdf.signatureLine('Parent or guardian: signature and date', { x: pdf.right - 220, width: 220 });
      return pdf.toBuffer();
    },
  },
  {
    name: 'Fee Schedule',
    description: 'The details of all fees payable for the session',
    departmentCodes: [],
    levelNames: [],
    render: async (db, institution) => {
      const [session] = await db
        .select()
        .from(academicSessions)
        .where(eq(academicSessions.isCurrent, true))
        .limit(1);
      const rows = session
        ? await db
            .select({
              name: paymentItems.name,
              indigene: feeSchedule.indigeneAmountKobo,
              nonIndigene: feeSchedule.nonIndigeneAmountKobo,
            })
            .from(feeSchedule)
            .innerJoin(paymentItems, eq(paymentItems.id, feeSchedule.itemId))
            // The fees every new student pays: the session-wide lines (none for one level, department,
            // programme or entry mode only).
            .where(
              and(
                eq(feeSchedule.sessionId, session.id),
                isNull(feeSchedule.levelId),
                isNull(feeSchedule.departmentId),
                isNull(feeSchedule.programmeId),
                isNull(feeSchedule.entryModeId),
              ),
            )
            .orderBy(feeSchedule.itemId)
        : [];
      const pdf = createPdf({ title: 'Fee Schedule', footer: institution.name });
      pdf.header(institution, 'FEE SCHEDULE', session ? `${session.name} session` : undefined);
      pdf.paragraph('The details of all fees payable.');
      pdf.moveDown(6);
      const totalIndigene = rows.reduce((s, r) => s + r.indigene, 0);
      const totalNon = rows.reduce((s, r) => s + r.nonIndigene, 0);
      pdf.table({
        columns: [
          { header: 'S/N', width: 1, align: 'center' },
          { header: 'Payment Name', width: 5 },
          { header: 'Indigene (Niger State)', width: 3, align: 'right' },
          { header: 'Non-indigene', width: 3, align: 'right' },
        ],
        rows: [
          ...rows.map((r, i) => [i + 1, r.name, formatNaira(r.indigene), formatNaira(r.nonIndigene)]),
          ['', 'Total', formatNaira(totalIndigene), formatNaira(totalNon)],
        ],
        boldLastRow: true,
      });
      pdf.paragraph('PLEASE NOTE: All fees should be duly paid online through COLLEGE PORTAL.', {
        bold: true,
      });
      return pdf.toBuffer();
    },
  },
  {
    name: 'Engineering Workshop Safety Form',
    description: 'Workshop safety rules and consent, for engineering candidates',
    departmentCodes: ['EEE', 'MEE', 'CVE'],
    levelNames: [],
    render: async (_db, institution) => {
      const pdf = createPdf({ title: 'Engineering Workshop Safety Form', footer: institution.name });
      pdf.header(institution, 'ENGINEERING WORKSHOP SAFETY FORM');
      pdf.paragraph(
        'Candidates of the Faculty of Engineering must read the workshop safety rules and sign this form before their first practical class.',
      );
      pdf.signatureLine('Candidate: signature and date', { width: 220 });
      return pdf.toBuffer();
    },
  },
  {
    name: 'Direct Entry Credit Transfer Form',
    description: 'For candidates admitted into 200 level by direct entry',
    departmentCodes: [],
    levelNames: ['200 Level'],
    render: async (_db, institution) => {
      const pdf = createPdf({ title: 'Direct Entry Credit Transfer Form', footer: institution.name });
      pdf.header(institution, 'DIRECT ENTRY CREDIT TRANSFER FORM');
      pdf.paragraph(
        'List the courses from your previous qualification for which you seek credit, with the grades obtained.',
      );
      pdf.table({
        columns: [
          { header: 'Course', width: 5 },
          { header: 'Units', width: 1, align: 'center' },
          { header: 'Grade', width: 1, align: 'center' },
        ],
        rows: Array.from({ length: 8 }, () => ['', '', '']),
        zebra: false,
      });
      return pdf.toBuffer();
    },
  },
];

async function seedAdmissionForms(db: Db, storage: FileStorage, institution: Institution): Promise<void> {
  const departmentRows = await db.select({ id: departments.id, code: departments.code }).from(departments);
  const levelRows = await db.select({ id: levels.id, name: levels.name }).from(levels);
  const existing = await db.select().from(admissionForms).where(eq(admissionForms.type, 2));
  for (const form of FORMS) {
    const current = existing.find((f) => f.name === form.name);
    if (current) {
      if (!(await storage.exists(current.storageKey)))
        await storage.put(current.storageKey, await form.render(db, institution));
      continue;
    }
    const bytes = await form.render(db, institution);
    const slug = form.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    const storageKey = newStorageKey('forms', slug, 'pdf');
    await storage.put(storageKey, bytes);
    await db.insert(admissionForms).values({
      type: 2,
      name: form.name,
      description: form.description,
      storageKey,
      fileExt: 'pdf',
      contentType: 'application/pdf',
      departmentIds: form.departmentCodes.map((code) => departmentRows.find((d) => d.code === code)!.id),
      levelIds: form.levelNames.map((name) => levelRows.find((l) => l.name === name)!.id),
    });
  }
}
