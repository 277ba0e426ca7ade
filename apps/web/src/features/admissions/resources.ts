import { declareResource } from '../../components/crud/resource';
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

export const admissionSessions = declareResource<AdmissionSessionItem, AdmissionSessionInput>({
  path: sessionsPath,
  title: 'admissions.sessions.title',
  noun: 'admissions.sessions.noun',
  emptyText: 'admissions.sessions.empty',
  columns: [
    { key: 'name', label: 'admissions.field.session' },
    { key: 'academicSessionName', label: 'admissions.field.academicSession' },
    { key: 'isCurrent', label: 'admissions.field.current', format: 'boolean' },
  ],
  filters: [
    {
      key: 'academicSessionId',
      label: 'admissions.field.academicSession',
      type: 'select',
      options: useAcademicSessionOptions,
    },
    { key: 'isCurrent', label: 'admissions.field.current', type: 'boolean' },
  ],
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
    {
      key: 'academicSessionId',
      label: 'admissions.field.academicSession',
      type: 'select',
      required: true,
      options: useAcademicSessionOptions,
    },
    { key: 'isCurrent', label: 'admissions.field.current', type: 'boolean' },
  ],
  toInput: (item) => ({
    name: item.name,
    academicSessionId: item.academicSessionId,
    isCurrent: item.isCurrent,
  }),
});

export const admissionBatches = declareResource<AdmissionBatchItem, AdmissionBatchInput>({
  path: batchesPath,
  title: 'admissions.batches.title',
  noun: 'admissions.batches.noun',
  emptyText: 'admissions.batches.empty',
  columns: [
    { key: 'name', label: 'admissions.field.batch' },
    { key: 'admissionSessionName', label: 'admissions.field.admissionSession' },
    { key: 'isOpen', label: 'admissions.field.open', format: 'boolean' },
  ],
  filters: [
    {
      key: 'admissionSessionId',
      label: 'admissions.field.admissionSession',
      type: 'select',
      options: useAdmissionSessionOptions,
    },
    { key: 'isOpen', label: 'admissions.field.open', type: 'boolean' },
  ],
  sortable: ['name', 'id'] satisfies ResourceSort<'admissionBatches'>[],
  defaultSort: 'name',
  searchable: true,
  operations: { create: true, update: true, delete: true },
  actions: [{ name: 'open', field: 'isOpen', on: 'admissions.action.open', off: 'admissions.action.close' }],
  fields: [
    {
      key: 'admissionSessionId',
      label: 'admissions.field.admissionSession',
      type: 'select',
      required: true,
      options: useAdmissionSessionOptions,
    },
    {
      key: 'name',
      label: 'admissions.field.batch',
      type: 'text',
      required: true,
      minLength: 2,
      maxLength: 80,
    },
    { key: 'isOpen', label: 'admissions.field.open', type: 'boolean', initial: true },
  ],
  toInput: (item) => ({ admissionSessionId: item.admissionSessionId, name: item.name, isOpen: item.isOpen }),
});

export const admissionInformation = declareResource<AdmissionInformationItem, AdmissionInformationInput>({
  path: informationPath,
  title: 'admissions.information.title',
  noun: 'admissions.information.noun',
  emptyText: 'admissions.information.empty',
  columns: [
    { key: 'title', label: 'admissions.field.title' },
    {
      key: 'admissionSessionId',
      label: 'admissions.field.admissionSession',
      options: useAdmissionSessionOptions,
    },
    { key: 'isPublished', label: 'admissions.field.published', format: 'boolean' },
    { key: 'createdAt', label: 'admissions.field.created', format: 'date' },
  ],
  filters: [
    {
      key: 'admissionSessionId',
      label: 'admissions.field.admissionSession',
      type: 'select',
      options: useAdmissionSessionOptions,
    },
    { key: 'isPublished', label: 'admissions.field.published', type: 'boolean' },
  ],
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
    {
      key: 'admissionSessionId',
      label: 'admissions.field.admissionSession',
      type: 'select',
      required: true,
      options: useAdmissionSessionOptions,
    },
    {
      key: 'title',
      label: 'admissions.field.title',
      type: 'text',
      required: true,
      minLength: 3,
      maxLength: 200,
    },
    { key: 'body', label: 'admissions.field.body', type: 'textarea', required: true, maxLength: 20000 },
    { key: 'isPublished', label: 'admissions.field.published', type: 'boolean' },
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
  title: 'admissions.documents.title',
  noun: 'admissions.documents.noun',
  emptyText: 'admissions.documents.empty',
  columns: [
    { key: 'name', label: 'admissions.field.document' },
    { key: 'description', label: 'admissions.field.description' },
    { key: 'fileExt', label: 'admissions.field.fileType' },
    { key: 'isActive', label: 'admissions.field.active', format: 'boolean' },
  ],
  filters: [{ key: 'isActive', label: 'admissions.field.active', type: 'boolean' }],
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
    { key: 'isActive', label: 'admissions.field.active', type: 'boolean', initial: true },
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
