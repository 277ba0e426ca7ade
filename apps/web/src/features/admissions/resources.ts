import { declareResource } from '../../components/crud/resource';
import type { MessageId } from '../../i18n/locales';
import { useDepartmentOptions } from './api/get-departments';
import type { AdmissionDocumentInput, AdmissionDocumentItem, ResourcePath, ResourceSort } from './types';

/*
 * The admission documents, declared for the generic pages (components/crud) because they carry a
 * stored file; the season's other set-up (sessions, batches, information) is in the registry.
 * Paths and sort keys are checked against the contract's ADMISSION_RESOURCES.
 */

const documentsPath: ResourcePath<'admissionDocuments'> = '/api/admin/admission-documents';

/** A resource's page title, record noun and empty-list line, all under `admissions.<name>.`. */
const texts = <Name extends string>(name: Name) =>
  ({
    title: `admissions.${name}.title`,
    noun: `admissions.${name}.noun`,
    emptyText: `admissions.${name}.empty`,
  }) as const;

/** A yes/no property of a record: its list column, its list filter and its switch in the form. */
const flag = <Key extends string>(key: Key, label: MessageId, initial?: boolean) => ({
  column: { key, label, format: 'boolean' as const },
  filter: { key, label, type: 'boolean' as const },
  field: { key, label, type: 'boolean' as const, initial },
});

const isActive = flag('isActive', 'admissions.field.active', true);

/** PDF, Word, PNG or JPEG, at most 10 MB (the API checks the content). */
const FORM_MAX_BYTES = 10 * 1024 * 1024;

export const admissionDocuments = declareResource<AdmissionDocumentItem, AdmissionDocumentInput>({
  path: documentsPath,
  ...texts('documents'),
  columns: [
    { key: 'name', label: 'admissions.field.document' },
    { key: 'description', label: 'admissions.field.description' },
    { key: 'fileExt', label: 'admissions.field.fileType' },
    isActive.column,
  ],
  filters: [isActive.filter],
  sortable: ['name', 'createdAt', 'id'] satisfies ResourceSort<'admissionDocuments'>[],
  defaultSort: 'name',
  searchable: true,
  // Created with its file as multipart (see `file`); the metadata is replaced as JSON.
  operations: { create: false, update: true, delete: true },
  actions: [
    {
      name: 'active',
      field: 'isActive',
      on: 'admissions.action.activate',
      off: 'admissions.action.deactivate',
    },
  ],
  fields: [
    {
      key: 'name',
      label: 'admissions.field.document',
      type: 'text',
      required: true,
      minLength: 2,
      maxLength: 200,
    },
    { key: 'description', label: 'admissions.field.description', type: 'textarea', maxLength: 1000 },
    {
      key: 'type',
      label: 'admissions.field.formType',
      type: 'number',
      required: true,
      min: 1,
      max: 9,
      initial: 2,
      helper: 'admissions.documents.typeHelper',
    },
    {
      key: 'departmentIds',
      label: 'admissions.field.departments',
      type: 'multiselect',
      options: useDepartmentOptions,
      helper: 'admissions.documents.everyDepartment',
    },
    {
      key: 'levelIds',
      label: 'admissions.field.levels',
      type: 'ids',
      helper: 'admissions.documents.everyLevel',
    },
    isActive.field,
  ],
  toInput: (item) => ({
    name: item.name,
    description: item.description,
    type: item.type,
    levelIds: item.levelIds,
    departmentIds: item.departmentIds,
    isActive: item.isActive,
  }),
  file: {
    accept: '.pdf,.doc,.docx,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg',
    hint: 'admissions.documents.fileHint',
    maxBytes: FORM_MAX_BYTES,
    replacePath: (item) => `${documentsPath}/${item.id}/file`,
    download: (item) => ({ url: item.fileUrl, name: `${item.name}.${item.fileExt}` }),
  },
});
