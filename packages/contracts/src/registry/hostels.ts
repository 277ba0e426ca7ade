import { choice, defineResource, flag, int, ref, text, textarea } from './fields.js';

/** Hostel inventory: campuses, hostels, blocks and rooms with their bed spaces. */

const HOSTEL_GENDERS = ['Male', 'Female'] as const;

export const campuses = defineResource({
  name: 'campuses',
  page: 'Campus',
  label: 'Campus',
  display: 'name',
  key: ['name'],
  fields: {
    name: text({ required: true, min: 3, max: 80 }),
    address: textarea({ max: 300 }),
    isActive: flag({ default: true, switch: 'active' }),
  },
});

export const hostels = defineResource({
  name: 'hostels',
  page: 'Hostels',
  label: 'Hostel',
  display: 'name',
  key: ['name'],
  fields: {
    name: text({ required: true, min: 3, max: 80 }),
    campusId: ref('campuses', { required: true }),
    gender: choice(HOSTEL_GENDERS, { required: true }),
    isActive: flag({ default: true, switch: 'active' }),
  },
});

export const blocks = defineResource({
  name: 'blocks',
  page: 'Blocks',
  label: 'Block',
  display: 'name',
  key: ['hostelId', 'name'],
  fields: {
    name: text({ required: true, max: 40 }),
    hostelId: ref('hostels', { required: true }),
    floors: int({ required: true, min: 1, max: 20, default: 1 }),
  },
});

export const rooms = defineResource({
  name: 'rooms',
  page: 'Rooms',
  label: 'Room',
  display: 'number',
  key: ['blockId', 'number'],
  fields: {
    number: text({ required: true, max: 20, label: 'Room number' }),
    blockId: ref('blocks', { required: true }),
    gender: choice(HOSTEL_GENDERS, { required: true }),
    bedSpaces: int({ required: true, min: 1, max: 12, default: 4, label: 'Bed spaces' }),
    isReserved: flag({ switch: 'reserved', label: 'Reserved' }),
    isActive: flag({ default: true, switch: 'active' }),
  },
});
