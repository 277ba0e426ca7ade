import * as academic from './academic.js';
import * as admissions from './admissions.js';
import * as courses from './courses.js';
import * as finance from './finance.js';
import * as grading from './grading.js';
import * as hostels from './hostels.js';
import * as people from './people.js';
import type { ResourceSpec } from './fields.js';

export * from './fields.js';
export * from './pages.js';
import { BUILT_WORKFLOW_PAGES } from './pages.js';
export { TERMS, matricNumberFrom } from './academic.js';
export { COURSE_TYPES, WEEKDAYS } from './courses.js';
export { RETAKE_RULES } from './people.js';

/** Keeps the declarations among a module's exports (its constants are not resources). */
type Specs<M> = { [K in keyof M as M[K] extends ResourceSpec ? K : never]: M[K] };

const declared = { ...academic, ...admissions, ...courses, ...finance, ...grading, ...hostels, ...people };

/**
 * Every reference resource, declared once (ARCHITECTURE §3): the API serves each in a loop, the web
 * generates its route and page, the seeded page list includes its page, one test walks them all.
 */
export const REGISTRY = Object.fromEntries(
  Object.values(declared as Record<string, unknown>)
    .filter(
      (value): value is ResourceSpec => typeof value === 'object' && value !== null && 'fields' in value,
    )
    .map((spec) => [spec.name, spec]),
) as unknown as {
  [K in keyof Specs<typeof declared> as Specs<typeof declared>[K]['name']]: Specs<typeof declared>[K];
};

export type RegistryName = keyof typeof REGISTRY;
export const REGISTRY_SPECS: readonly ResourceSpec[] = Object.values(REGISTRY);
export const registrySpec = (name: string): ResourceSpec | undefined =>
  (REGISTRY as Record<string, ResourceSpec>)[name];

/** Every admin page that opens a working screen: the built workflow pages and the registry's pages. */
export const WORKING_PAGES: ReadonlySet<string> = new Set([
  ...BUILT_WORKFLOW_PAGES,
  ...REGISTRY_SPECS.flatMap((spec) => (spec.hidden || spec.parent ? [] : [spec.page, ...(spec.pages ?? [])])),
]);
