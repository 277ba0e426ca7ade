import { TUITION_PAYMENT_ITEM_ID } from '../constants.js';
import { date, defineResource, flag, int, money, ref, text } from './fields.js';

/** Fees: categories, items, what each costs (indigene and non-indigene), tuition, instalment rules. */

export const paymentCategories = defineResource({
  name: 'payment-categories',
  page: 'paymentcategory',
  label: 'Payment category',
  display: 'name',
  key: ['name'],
  fields: {
    name: text({ required: true, min: 3, max: 80 }),
    isActive: flag({ default: true, switch: 'active' }),
  },
});

export const paymentItems = defineResource({
  name: 'payment-items',
  page: 'schoolpaymentsitem',
  label: 'Payment item',
  display: 'name',
  key: ['name'],
  fields: {
    name: text({ required: true, min: 3, max: 80 }),
    categoryId: ref('payment-categories', { required: true }),
    isActive: flag({ default: true, switch: 'active' }),
  },
});

export const feeItems = defineResource({
  name: 'fee-items',
  page: 'setuppaymentitems',
  label: 'Fee item',
  display: 'itemId',
  key: ['sessionId', 'itemId', 'departmentId', 'programmeId', 'levelId', 'entryModeId'],
  sort: 'itemId',
  fields: {
    sessionId: ref('academic-sessions', { required: true, label: 'Session' }),
    itemId: ref('payment-items', { required: true, label: 'Payment item' }),
    departmentId: ref('departments', { help: 'Leave empty for every department.' }),
    programmeId: ref('programmes', { help: 'Leave empty for every programme.' }),
    levelId: ref('levels', { help: 'Leave empty for every level.' }),
    entryModeId: ref('entry-modes', { label: 'Entry mode', help: 'Leave empty for every entry mode.' }),
    indigeneAmountKobo: money({ required: true, label: 'Indigene amount' }),
    nonIndigeneAmountKobo: money({ required: true, label: 'Non-indigene amount' }),
  },
});

/**
 * Tuition per department and level: the fee schedule's own Tuition lines scoped to a department and a
 * level (any programme, any entry mode), not a second price list — what this page shows is what is
 * charged (ADR 11). Such a line is more specific than a session- or level-wide Tuition line.
 */
export const departmentTuition = defineResource({
  name: 'department-tuition',
  page: 'departmenttuition',
  label: 'Department tuition',
  display: 'departmentId',
  key: ['sessionId', 'departmentId', 'levelId'],
  sort: 'departmentId',
  scope: { itemId: TUITION_PAYMENT_ITEM_ID, programmeId: null, entryModeId: null },
  fields: {
    sessionId: ref('academic-sessions', { required: true, label: 'Session' }),
    departmentId: ref('departments', { required: true }),
    levelId: ref('levels', { required: true }),
    indigeneAmountKobo: money({ required: true, label: 'Indigene amount' }),
    nonIndigeneAmountKobo: money({ required: true, label: 'Non-indigene amount' }),
  },
});

export const itemSchedules = defineResource({
  name: 'item-schedules',
  page: 'itemschedule',
  label: 'Instalment rule',
  display: 'categoryId',
  key: ['sessionId', 'categoryId'],
  sort: 'categoryId',
  fields: {
    sessionId: ref('academic-sessions', { required: true, label: 'Session' }),
    categoryId: ref('payment-categories', { required: true }),
    allowInstalments: flag({ default: true, label: 'Instalments allowed' }),
    firstInstalmentPercent: int({
      required: true,
      min: 1,
      max: 100,
      default: 60,
      label: 'First instalment (minimum %)',
    }),
    balanceDueOn: date({ label: 'Balance due on' }),
  },
});
