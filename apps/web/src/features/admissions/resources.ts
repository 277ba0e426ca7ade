import { declareResource } from '../../components/crud/resource';
import type { MessageId } from '../../i18n/locales';
import { useAcademicSessionOptions, useAdmissionSessionOptions } from './api/get-admission-sessions';
import { useDepartmentOptions } from './api/get-departments';
import type {
  AdmissionBatchInput,
  AdmissionBatchItem,
  AdmissionDocumentInput,
  AdmissionDocumentItem,
  AdmissionInformationInput,
  AdmissionInformationItem,
  AdmissionSessionInput,
  AdmissionSessionItem,
  ResourcePath,
  ResourceSort,
} from './types';

/*
 * The admission season's reference data, each declared once for the generic pages
 * (components/crud). Paths and sort keys are checked against the contract's ADMISSION_RESOURCES.
 */

const sessionsPath: ResourcePath<'admissionSessions'> = '/api/admin/admission-sessions';
const batchesPath: ResourcePath<'admissionBatches'> = '/api/admin/admission-batches';
const informationPath: ResourcePath<'admissionInformation'> = '/api/admin/admission-information';
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

/** The academic session an admission session belongs to. */
const academicSession = {
  key: 'academicSessionId',
  label: 'admissions.field.academicSession',
  type: 'select',
  options: useAcademicSessionOptions,
} as const;

/** The admission session a record belongs to. */
const admissionSession = {
  key: 'admissionSessionId',
  label: 'admissions.field.admissionSession',
  type: 'select',
  options: useAdmissionSessionOptions,
} as const;

const isCurrent = flag('isCurrent', 'admissions.field.current');
const isOpen = flag('isOpen', 'admissions.field.open', true);
const isPublished = flag('isPublished', 'admissions.field.published');
const isActive = flag('isActive', 'admissions.field.active', true);

export const admissionSessions = declareResource<AdmissionSessionItem, AdmissionSessionInput>({
  path: sessionsPath,
  ...texts('sessions'),
  columns: [
    { key: 'name', label: 'admissions.field.session' },
    { key: 'academicSessionName', label: 'admissions.field.academicSession' },
    isCurrent.column,
  ],
  filters: [academicSession, isCurrent.filter],
  sortable: ['name', 'id'] satisfies ResourceSort<'admissionSessions'>[],
  defaultSort: 'name',
  defaultOrder: 'desc',
  searchable: true,
  operations: { create: true, update: true, delete: true },
  actions: [{ name: 'current', field: 'isCurrent', on: 'admissions.action.makeCurrent' }],
  fields: [
    {
      key: 'name',
      label: 'admissions.field.session',
      type: 'text',
      required: true,
      pattern: /^\d{4}\/\d{4}$/,
      patternMessage: 'admissions.sessions.namePattern',
      helper: 'admissions.sessions.nameHelper',
      maxLength: 9,
    },
    { ...academicSession, required: true },
    isCurrent.field,
  ],
  toInput: (item) => ({
    name: item.name,
    academicSessionId: item.academicSessionId,
    isCurrent: item.isCurrent,
  }),
});

export const admissionBatches = declareResource<AdmissionBatchItem, AdmissionBatchInput>({
  path: batchesPath,
  ...texts('batches'),
  columns: [
    { key: 'name', label: 'admissions.field.batch' },
    { key: 'admissionSessionName', label: 'admissions.field.admissionSession' },
    isOpen.column,
  ],
  filters: [admissionSession, isOpen.filter],
  sortable: ['name', 'id'] satisfies ResourceSort<'admissionBatches'>[],
  defaultSort: 'name',
  searchable: true,
  operations: { create: true, update: true, delete: true },
  actions: [{ name: 'open', field: 'isOpen', on: 'admissions.action.open', off: 'admissions.action.close' }],
  fields: [
    { ...admissionSession, required: true },
    {
      key: 'name',
      label: 'admissions.field.batch',
      type: 'text',
      required: true,
      minLength: 2,
      maxLength: 80,
    },
    isOpen.field,
  ],
  toInput: (item) => ({ admissionSessionId: item.admissionSessionId, name: item.name, isOpen: item.isOpen }),
});

export const admissionInformation = declareResource<AdmissionInformationItem, AdmissionInformationInput>({
  path: informationPath,
  ...texts('information'),
  columns: [
    { key: 'title', label: 'admissions.field.title' },
    { key: admissionSession.key, label: admissionSession.label, options: admissionSession.options },
    isPublished.column,
    { key: 'createdAt', label: 'admissions.field.created', format: 'date' },
  ],
  filters: [admissionSession, isPublished.filter],
  sortable: ['title', 'createdAt', 'id'] satisfies ResourceSort<'admissionInformation'>[],
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  searchable: true,
  operations: { create: true, update: true, delete: true },
  actions: [
    {
      name: 'publish',
      field: 'isPublished',
      on: 'admissions.action.publish',
      off: 'admissions.action.withdraw',
    },
  ],
  fields: [
    { ...admissionSession, required: true },
    {
      key: 'title',
      label: 'admissions.field.title',
      type: 'text',
      required: true,
      minLength: 3,
      maxLength: 200,
    },
    { key: 'body', label: 'admissions.field.body', type: 'textarea', required: true, maxLength: 20000 },
    isPublished.field,
  ],
  toInput: (item) => ({
    admissionSessionId: item.admissionSessionId,
    title: item.title,
    body: item.body,
    isPublished: item.isPublished,
  }),
});

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
