import { sessionName } from './academic.js';
import { date, defineResource, flag, ref, text, textarea } from './fields.js';

/** The admission season's set-up: admission sessions, batches and published information. */

export const admissionSessions = defineResource({
  name: 'admission-sessions',
  page: 'admission/admissionSession',
  label: 'Admission session',
  display: 'name',
  key: ['name'],
  order: 'desc',
  fields: {
    name: sessionName(2300),
    academicSessionId: ref('academic-sessions', { required: true, label: 'Academic session' }),
    isCurrent: flag({ switch: 'current' }),
    // The admission letter's terms for this session's new students.
    resumptionDate: date({ required: true, label: 'Resumption date' }),
    registrationClosesOn: date({ required: true, label: 'Registration closes on' }),
  },
});

export const admissionBatches = defineResource({
  name: 'admission-batches',
  page: 'setupadmissionbatch',
  label: 'Admission batch',
  display: 'name',
  key: ['admissionSessionId', 'name'],
  sort: 'name',
  fields: {
    name: text({ required: true, min: 2, max: 80, label: 'Batch' }),
    admissionSessionId: ref('admission-sessions', { required: true }),
    isOpen: flag({ default: true, switch: 'open' }),
  },
});

export const admissionInformation = defineResource({
  name: 'admission-information',
  page: 'admissioninformation',
  label: 'Admission information',
  display: 'title',
  key: ['admissionSessionId', 'title'],
  sort: 'title',
  fields: {
    title: text({ required: true, min: 3, max: 200 }),
    admissionSessionId: ref('admission-sessions', { required: true }),
    body: textarea({ required: true, max: 20_000, label: 'Information' }),
    isPublished: flag({ switch: 'publish', label: 'Published' }),
  },
});
