import type { FastifyInstance } from 'fastify';
import { STUDENT_RESOURCES } from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { departments, levels, studentForms } from '../../db/schema/index.js';
import type { FileStorage } from '../../platform/storage.js';
import { isoRequired } from '../../platform/time.js';
import { defineResource } from '../../platform/crud/engine.js';
import { registerFileResource } from '../../platform/crud/files.js';

/**
 * `studentforms`: the forms students must download or submit, per level (and department), kept
 * like the admission documents (`admissiondocument`): the generic engine lists, edits, switches
 * and deletes them (audited); its `file` field (STUDENT_RESOURCES) gives the create, replace and
 * download routes (platform/crud/files.ts).
 */

const meta = STUDENT_RESOURCES.studentForms;

function studentFormsResource(storage: FileStorage) {
  return defineResource({
    meta,
    entity: 'student_form',
    table: studentForms,
    fields: {
      id: studentForms.id,
      name: studentForms.name,
      description: studentForms.description,
      storageKey: studentForms.storageKey,
      fileExt: studentForms.fileExt,
      contentType: studentForms.contentType,
      levelIds: studentForms.levelIds,
      departmentIds: studentForms.departmentIds,
      mustSubmit: studentForms.mustSubmit,
      isActive: studentForms.isActive,
      createdAt: studentForms.createdAt,
    },
    searchColumns: [studentForms.name, studentForms.description],
    sortColumns: { name: studentForms.name, createdAt: studentForms.createdAt, id: studentForms.id },
    filterColumns: { mustSubmit: studentForms.mustSubmit, isActive: studentForms.isActive },
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
      name: r.name as string,
      description: r.description as string,
      fileExt: r.fileExt as string,
      contentType: r.contentType as string,
      levelIds: r.levelIds as number[],
      departmentIds: r.departmentIds as number[],
      mustSubmit: r.mustSubmit as boolean,
      isActive: r.isActive as boolean,
      createdAt: isoRequired(r.createdAt as Date),
      fileUrl: `${meta.path}/${r.id as number}/file`,
    }),
    afterDelete: async (before) => {
      if (typeof before.storageKey === 'string')
        await storage.delete(before.storageKey).catch(() => undefined);
    },
  });
}

export async function studentFormsRoutes(app: FastifyInstance, db: Db, storage: FileStorage): Promise<void> {
  await registerFileResource(app, db, storage, studentFormsResource(storage));
}
