import type { STUDENT_RESOURCES } from '@portal/contracts';
import { declareResource } from '../../components/crud/resource';
import type { Infer } from '../../components/crud/types';
import { useDepartmentOptions, useLevelOptions } from './api/form-options';

type Meta = (typeof STUDENT_RESOURCES)['studentForms'];
export type StudentFormItem = Infer<Meta['item']>;
export type StudentFormInput = Infer<Meta['input']>;

const path: Meta['path'] = '/api/admin/student-forms';
const FORM_MAX_BYTES = 10 * 1024 * 1024;

/** studentforms: the forms students must download or submit per level (and department), with their files. */
export const studentForms = declareResource<StudentFormItem, StudentFormInput>({
  path,
  title: 'studentForms.title',
  noun: 'studentForms.noun',
  emptyText: 'studentForms.empty',
  columns: [
    { key: 'name', label: 'studentForms.field.name' },
    { key: 'description', label: 'studentForms.field.description' },
    { key: 'fileExt', label: 'studentForms.field.fileType' },
    { key: 'mustSubmit', label: 'studentForms.field.mustSubmit', format: 'boolean' },
    { key: 'isActive', label: 'studentForms.field.active', format: 'boolean' },
  ],
  filters: [
    { key: 'mustSubmit', label: 'studentForms.field.mustSubmit', type: 'boolean' },
    { key: 'isActive', label: 'studentForms.field.active', type: 'boolean' },
  ],
  sortable: ['name', 'createdAt', 'id'] satisfies Meta['sortable'][number][],
  defaultSort: 'name',
  searchable: true,
  operations: { create: false, update: true, delete: true },
  actions: [
    {
      name: 'active',
      field: 'isActive',
      on: 'studentForms.action.activate',
      off: 'studentForms.action.deactivate',
    },
  ],
  fields: [
    {
      key: 'name',
      label: 'studentForms.field.name',
      type: 'text',
      required: true,
      minLength: 2,
      maxLength: 200,
    },
    { key: 'description', label: 'studentForms.field.description', type: 'textarea', maxLength: 1000 },
    {
      key: 'levelIds',
      label: 'studentForms.field.levels',
      type: 'multiselect',
      options: useLevelOptions,
      helper: 'studentForms.everyLevel',
    },
    {
      key: 'departmentIds',
      label: 'studentForms.field.departments',
      type: 'multiselect',
      options: useDepartmentOptions,
      helper: 'studentForms.everyDepartment',
    },
    { key: 'mustSubmit', label: 'studentForms.field.mustSubmit', type: 'boolean', initial: false },
    { key: 'isActive', label: 'studentForms.field.active', type: 'boolean', initial: true },
  ],
  toInput: (item) => ({
    name: item.name,
    description: item.description,
    levelIds: item.levelIds,
    departmentIds: item.departmentIds,
    mustSubmit: item.mustSubmit,
    isActive: item.isActive,
  }),
  file: {
    accept: '.pdf,.doc,.docx,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg',
    hint: 'studentForms.fileHint',
    maxBytes: FORM_MAX_BYTES,
    replacePath: (item) => `${path}/${item.id}/file`,
    download: (item) => ({ url: item.fileUrl, name: `${item.name}.${item.fileExt}` }),
  },
});
