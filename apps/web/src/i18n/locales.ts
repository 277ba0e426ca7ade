import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type main from './messages/en.json';
import type shell from './messages/shell/en.json';
import type applicant from './messages/applicant/en.json';
import type admin from './messages/admin/en.json';
import type student from './messages/student/en.json';
import type hostels from './messages/hostels/en.json';
import type results from './messages/results/en.json';
import type assignments from './messages/assignments/en.json';
import type app from './messages/app/en.json';
import type payments from './messages/payments/en.json';
import type documents from './messages/documents/en.json';
import type content from './messages/content/en.json';
import type discussions from './messages/discussions/en.json';
import type liveclasses from './messages/liveclasses/en.json';
import type cbt from './messages/cbt/en.json';
import type server from './messages/server/en.json';

export const LOCALES = ['en', 'zh', 'ar', 'it', 'es', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language's own name, shown in the language pickers whatever the current locale. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  zh: '中文',
  ar: 'العربية',
  it: 'Italiano',
  es: 'Español',
  fr: 'Français',
};

export const isRtlLocale = (locale: Locale) => locale === 'ar';

/**
 * Catalogues besides the main one (messages/<locale>.json: public pages and common words), each
 * downloaded with the part of the app that shows it: 'shell' with any signed-in area, and one per area.
 */
export const NAMESPACES = [
  'shell',
  'applicant',
  'admin',
  'student',
  // The student's hostel application, results (report card, transcripts) and assignments: with their
  // screens, so every other page of the student's area downloads a third less of its strings.
  'hostels',
  'results',
  'assignments',
  'app',
  'payments',
  'documents',
  // Course content (lecture notes, the player, managing and reviewing content): with its screens, in any area.
  'content',
  // Discussions (learning, student and general): with their screens, in the student and admin areas.
  'discussions',
  // Live classes (scheduling, joining, attendance, the classroom review): with their screens, in any area.
  'liveclasses',
  // Computer-based tests (the sitting, banks, exams, invigilation, the receipt's page): with their screens.
  'cbt',
  // The server's messages, by id (ADR 9): downloaded when an answer names one and the locale is not English.
  'server',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** Every message id of every catalogue, taken from the English files: a typo is a type error. */
export type MessageId =
  | keyof typeof main
  | keyof typeof shell
  | keyof typeof applicant
  | keyof typeof admin
  | keyof typeof student
  | keyof typeof hostels
  | keyof typeof results
  | keyof typeof assignments
  | keyof typeof app
  | keyof typeof payments
  | keyof typeof documents
  | keyof typeof content
  | keyof typeof discussions
  | keyof typeof liveclasses
  | keyof typeof cbt
  | keyof typeof server;
/** A catalogue as the build compiles it (see vite.config.ts): message syntax trees, not strings. */
export type Messages = Record<MessageId, MessageFormatElement[]>;
