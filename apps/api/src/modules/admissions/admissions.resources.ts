import { ADMISSION_RESOURCES } from '@portal/contracts';
import { admissionForms, departments, levels } from '../../db/schema/index.js';
import type { FileStorage } from '../../platform/storage.js';
import { isoRequired } from '../../platform/time.js';
import { defineResource } from '../../platform/crud/engine.js';

/** The admission documents: the generic engine's definition, with their stored files. */

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
