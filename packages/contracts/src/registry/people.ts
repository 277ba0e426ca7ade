import { NIGERIAN_PHONE_PATTERN } from '../constants.js';
import { DEFAULT_SCHOOL_COLOURS, HEX_COLOUR_PATTERN } from '../school.js';
import { choice, defineResource, flag, int, ref, text, textarea } from './fields.js';

/** People and the school: staff, officials who sign letters, the school's details and settings. */

export const staff = defineResource({
  name: 'staff',
  page: 'staff',
  label: 'Staff member',
  display: ['title', 'firstName', 'lastName'],
  key: ['staffNumber'],
  sort: 'lastName',
  fields: {
    staffNumber: text({ required: true, max: 20, upper: true, label: 'Staff number' }),
    title: choice(['Mr', 'Mrs', 'Miss', 'Ms', 'Dr', 'Prof', 'Engr'] as const, {
      required: true,
      label: 'Title (Mr, Dr…)',
    }),
    firstName: text({ required: true, max: 80 }),
    lastName: text({ required: true, max: 80 }),
    email: text({
      required: true,
      max: 254,
      pattern: '[^\\s@]+@[^\\s@]+\\.[^\\s@]{2,}',
      patternHint: 'Email is invalid',
      sample: (n: number) => `staff${n}@sample.edu.ng`,
    }),
    phone: text({
      max: 20,
      pattern: `|${NIGERIAN_PHONE_PATTERN.source.slice(1, -1)}`,
      patternHint: 'Phone number is not a Nigerian mobile number.',
      sample: (n: number) => `0803${String(n).padStart(7, '0')}`,
    }),
    departmentId: ref('departments'),
    designation: text({ max: 80 }),
    isActive: flag({ default: true, switch: 'active' }),
  },
});

export const schoolOfficials = defineResource({
  name: 'school-officials',
  page: 'schoolofficials',
  label: 'School official',
  display: 'office',
  key: ['office'],
  sort: 'position',
  fields: {
    office: text({ required: true, min: 3, max: 80, label: 'Office' }),
    name: text({ required: true, min: 3, max: 120 }),
    qualifications: text({ max: 120 }),
    position: int({ required: true, min: 1, max: 50, default: 1, label: 'Order' }),
    isActive: flag({ default: true, switch: 'active' }),
  },
});

/** A #rrggbb colour field of the school's particulars. */
const colour = <const L extends string, const D extends string>(label: L, fallback: D) =>
  text({
    required: true,
    // Room for a mistyped value, so that the message says what a colour looks like.
    max: 20,
    default: fallback,
    list: false,
    search: false,
    label,
    pattern: HEX_COLOUR_PATTERN,
    patternHint: `${label} must be written #rrggbb (six hexadecimal digits), such as ${fallback}.`,
    sample: (n: number) => `#${(n * 2654435 + 0x102030).toString(16).slice(-6).padStart(6, '0')}`,
  });

export const schoolInformation = defineResource({
  name: 'school-information',
  page: 'schoolinformation',
  label: 'School information',
  display: 'name',
  key: ['name'],
  // One school: its record is edited, never added or removed.
  operations: { create: false, delete: false },
  fields: {
    name: text({ required: true, min: 3, max: 160 }),
    shortName: text({ required: true, max: 20, label: 'Short name' }),
    address: textarea({ required: true, max: 300 }),
    email: text({
      max: 254,
      pattern: '|[^\\s@]+@[^\\s@]+\\.[^\\s@]{2,}',
      patternHint: 'Email is invalid',
      sample: (n: number) => `staff${n}@sample.edu.ng`,
    }),
    phone: text({ max: 20 }),
    website: text({ max: 120 }),
    motto: text({ max: 160 }),
    // The shell's school theme and the documents' accent; the logo is uploaded beside the record.
    primaryColour: colour('Primary colour', DEFAULT_SCHOOL_COLOURS.primary),
    secondaryColour: colour('Secondary colour', DEFAULT_SCHOOL_COLOURS.secondary),
    // Whose applicants and students pay the fee schedule's indigene amounts.
    indigeneStateId: ref('states', {
      required: true,
      label: 'Indigene state',
      help: "Applicants and students from this state pay the fee schedule's indigene amounts.",
    }),
  },
});

/** A retaken course in the CGPA: the latest attempt replaces the failed grade, or every attempt counts. */
export const RETAKE_RULES = ['Latest attempt', 'Every attempt'] as const;

export const schoolSettings = defineResource({
  name: 'school-settings',
  page: 'schoolsettings',
  // The /app console's setup-config page shows and changes the school's switches too (issue 28).
  pages: ['setup-config'],
  label: 'School settings',
  display: 'acceptanceDays',
  key: ['acceptanceDays'],
  operations: { create: false, delete: false },
  fields: {
    olevelMinYear: int({ required: true, min: 1960, max: 2100, label: "Earliest O'level year" }),
    olevelMaxYear: int({ required: true, min: 1960, max: 2100, label: "Latest O'level year" }),
    acceptanceDays: int({ required: true, min: 1, max: 60, label: 'Days to pay the acceptance fee' }),
    // How a retaken course counts in the CGPA (both attempts always stay on the transcript).
    retakeRule: choice(RETAKE_RULES, {
      required: true,
      default: 'Latest attempt',
      label: 'Retaken courses in the CGPA',
    }),
    // Course content (issue 24): a published item waits for a reviewer (/app/content-review) first.
    contentNeedsReview: flag({ default: true, label: 'Course content needs review' }),
    // The school's switches that running work depends on (issue 28): turning one off is refused,
    // with the reason, while that work runs (the courses and hostels modules guard them).
    lateRegistrationEnabled: flag({
      default: true,
      label: 'Late registration',
      help: 'Off: course registration closes on the window’s closing day, with no late days and no late fee. Cannot be turned off during a semester’s late days.',
    }),
    hostelBallotEnabled: flag({
      default: true,
      label: 'Hostel allocation by ballot',
      help: 'Off: no allocation round takes applications or is drawn, and students are told hostel applications are not in use. Cannot be turned off while a round is published, awaiting its draw or has bed spaces awaiting payment.',
    }),
  },
});

export const discussionTypes = defineResource({
  name: 'discussion-types',
  page: 'discussiontypes',
  label: 'Discussion type',
  display: 'name',
  key: ['name'],
  fields: {
    name: text({ required: true, min: 3, max: 80 }),
    description: textarea({ max: 500 }),
    isActive: flag({ default: true, switch: 'active' }),
  },
});
