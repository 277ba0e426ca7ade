import { and, eq, ne } from 'drizzle-orm';
import { ADMISSION_RESOURCES } from '@portal/contracts';
import {
  academicSessions,
  admissionBatches,
  admissionForms,
  admissionInformation,
  admissionSessions,
  departments,
  levels,
} from '../../db/schema/index.js';
import { badRequest } from '../../platform/errors.js';
import type { FileStorage } from '../../platform/storage.js';
import { isoRequired } from '../../platform/time.js';
import { defineResource } from '../admin/crud/engine.js';

/** The admission season's reference data, each declared once for the generic engine. */

export const admissionSessionsResource = defineResource({
  meta: ADMISSION_RESOURCES.admissionSessions,
  entity: 'admission_session',
  table: admissionSessions,
  fields: {
    id: admissionSessions.id,
    name: admissionSessions.name,
    academicSessionId: admissionSessions.academicSessionId,
    isCurrent: admissionSessions.isCurrent,
    academicSessionName: academicSessions.name,
  },
  joins: [{ table: academicSessions, on: eq(academicSessions.id, admissionSessions.academicSessionId) }],
  searchColumns: [admissionSessions.name],
  sortColumns: { name: admissionSessions.name, id: admissionSessions.id },
  filterColumns: {
    academicSessionId: admissionSessions.academicSessionId,
    isCurrent: admissionSessions.isCurrent,
  },
  references: [{ field: 'academicSessionId', table: academicSessions, label: 'Academic session' }],
  toItem: (r) => ({
    id: r.id as number,
    name: r.name as string,
    academicSessionId: r.academicSessionId as number,
    isCurrent: r.isCurrent as boolean,
    academicSessionName: (r.academicSessionName as string | null) ?? null,
  }),
  // Exactly one admission session is current: making one current retires the others, and the
  // current one cannot simply be switched off.
  beforeWrite: async (tx, values, existingId) => {
    if (values.isCurrent === true) {
      await tx
        .update(admissionSessions)
        .set({ isCurrent: false })
        .where(existingId ? ne(admissionSessions.id, existingId) : undefined);
    } else if (values.isCurrent === false && existingId) {
      const [row] = await tx
        .select({ isCurrent: admissionSessions.isCurrent })
        .from(admissionSessions)
        .where(eq(admissionSessions.id, existingId));
      if (row?.isCurrent)
        throw badRequest('One admission session must stay current: make another session current instead.');
    }
  },
});

export const admissionBatchesResource = defineResource({
  meta: ADMISSION_RESOURCES.admissionBatches,
  entity: 'admission_batch',
  table: admissionBatches,
  fields: {
    id: admissionBatches.id,
    admissionSessionId: admissionBatches.admissionSessionId,
    name: admissionBatches.name,
    isOpen: admissionBatches.isOpen,
    admissionSessionName: admissionSessions.name,
  },
  joins: [{ table: admissionSessions, on: eq(admissionSessions.id, admissionBatches.admissionSessionId) }],
  searchColumns: [admissionBatches.name],
  sortColumns: { name: admissionBatches.name, id: admissionBatches.id },
  filterColumns: { admissionSessionId: admissionBatches.admissionSessionId, isOpen: admissionBatches.isOpen },
  references: [{ field: 'admissionSessionId', table: admissionSessions, label: 'Admission session' }],
  toItem: (r) => ({
    id: r.id as number,
    admissionSessionId: r.admissionSessionId as number,
    name: r.name as string,
    isOpen: r.isOpen as boolean,
    admissionSessionName: (r.admissionSessionName as string | null) ?? null,
  }),
  beforeWrite: async (tx, values, existingId) => {
    if (typeof values.name !== 'string' || typeof values.admissionSessionId !== 'number') return;
    const [clash] = await tx
      .select({ id: admissionBatches.id })
      .from(admissionBatches)
      .where(
        and(
          eq(admissionBatches.admissionSessionId, values.admissionSessionId),
          eq(admissionBatches.name, values.name),
          existingId ? ne(admissionBatches.id, existingId) : undefined,
        ),
      )
      .limit(1);
    if (clash) throw badRequest('This admission session already has a batch with that name.');
  },
});

export const admissionInformationResource = defineResource({
  meta: ADMISSION_RESOURCES.admissionInformation,
  entity: 'admission_information',
  table: admissionInformation,
  fields: {
    id: admissionInformation.id,
    admissionSessionId: admissionInformation.admissionSessionId,
    title: admissionInformation.title,
    body: admissionInformation.body,
    isPublished: admissionInformation.isPublished,
    createdAt: admissionInformation.createdAt,
  },
  searchColumns: [admissionInformation.title, admissionInformation.body],
  sortColumns: {
    title: admissionInformation.title,
    createdAt: admissionInformation.createdAt,
    id: admissionInformation.id,
  },
  filterColumns: {
    admissionSessionId: admissionInformation.admissionSessionId,
    isPublished: admissionInformation.isPublished,
  },
  references: [{ field: 'admissionSessionId', table: admissionSessions, label: 'Admission session' }],
  toItem: (r) => ({
    id: r.id as number,
    admissionSessionId: r.admissionSessionId as number,
    title: r.title as string,
    body: r.body as string,
    isPublished: r.isPublished as boolean,
    createdAt: isoRequired(r.createdAt as Date),
  }),
});

export function admissionDocumentsResource(storage: FileStorage) {
  return defineResource({
    meta: ADMISSION_RESOURCES.admissionDocuments,
    entity: 'admission_form',
    table: admissionForms,
    fields: {
      id: admissionForms.id,
      type: admissionForms.type,
      name: admissionForms.name,
      description: admissionForms.description,
      storageKey: admissionForms.storageKey,
      fileExt: admissionForms.fileExt,
      contentType: admissionForms.contentType,
      levelIds: admissionForms.levelIds,
      departmentIds: admissionForms.departmentIds,
      isActive: admissionForms.isActive,
      createdAt: admissionForms.createdAt,
    },
    searchColumns: [admissionForms.name, admissionForms.description],
    sortColumns: { name: admissionForms.name, createdAt: admissionForms.createdAt, id: admissionForms.id },
    filterColumns: { type: admissionForms.type, isActive: admissionForms.isActive },
    references: [
      { field: 'levelIds', table: levels, label: 'levels', many: true },
      { field: 'departmentIds', table: departments, label: 'departments', many: true },
    ],
    toValues: (input) => ({
      ...input,
      levelIds: [...new Set(input.levelIds)],
      departmentIds: [...new Set(input.departmentIds)],
    }),
    toItem: (r) => ({
      id: r.id as number,
      type: r.type as number,
      name: r.name as string,
      description: r.description as string,
      fileExt: r.fileExt as string,
      contentType: r.contentType as string,
      levelIds: r.levelIds as number[],
      departmentIds: r.departmentIds as number[],
      isActive: r.isActive as boolean,
      createdAt: isoRequired(r.createdAt as Date),
      fileUrl: `${ADMISSION_RESOURCES.admissionDocuments.path}/${r.id as number}/file`,
    }),
    afterDelete: async (before) => {
      if (typeof before.storageKey === 'string')
        await storage.delete(before.storageKey).catch(() => undefined);
    },
  });
}
