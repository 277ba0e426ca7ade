/**
 * The field kinds a reference resource is declared with. Zod-free on purpose: the web reads these
 * declarations to render lists and forms without pulling zod into its bundles; `schemas.ts` turns
 * the same declarations into zod for the API.
 */

interface FieldBase {
  /** English label, used in server messages; defaults to the key in words ('departmentId' → 'Department'). */
  label?: string;
  required?: boolean;
  /** Shown as a list column (default true, except long text). */
  list?: boolean;
  /** Offered as a list filter (default: refs, flags and choices). */
  filter?: boolean;
  /** Offered as a sort key (default: text, int, money, date, time). */
  sort?: boolean;
  /** Searched by the list's search box (default: text fields). */
  search?: boolean;
  /** A hint under the field in the form (English; translated as help.<resource>.<key>). */
  help?: string;
}

export interface TextField extends FieldBase {
  kind: 'text' | 'textarea';
  min?: number;
  max?: number;
  /** A regular expression source the whole value must match. */
  pattern?: string;
  /** The message when the pattern does not match. */
  patternHint?: string;
  /** Stored in capitals (codes). */
  upper?: boolean;
  /** The value an input without the field takes (and a new form starts with). */
  default?: string;
  /** The n-th distinct valid value, for fields with a pattern (documentation and the registry's tests). */
  sample?: (n: number) => string;
  /** What the value produces, shown live beside the field (a matric number from its pattern). */
  preview?: (value: string) => string;
}
export interface IntField extends FieldBase {
  kind: 'int';
  min?: number;
  max?: number;
  default?: number;
}
/** Money in kobo (an integer); the web and the files show naira. */
export interface MoneyField extends FieldBase {
  kind: 'money';
  default?: number;
}
export interface FlagField extends FieldBase {
  kind: 'flag';
  default?: boolean;
  /** Served as a switch at POST <path>/:id/<switch> with { value }. */
  switch?: string;
}
export interface RefField extends FieldBase {
  kind: 'ref';
  /** The registry name of the resource referred to. */
  ref: string;
}
export interface ChoiceField extends FieldBase {
  kind: 'choice';
  choices: readonly string[];
  default?: string;
}
export interface DateField extends FieldBase {
  kind: 'date' | 'time';
}
/** A number with two decimal places (grade points, CGPA bounds). */
export interface DecimalField extends FieldBase {
  kind: 'decimal';
  min?: number;
  max?: number;
}

export type FieldSpec =
  TextField | IntField | MoneyField | FlagField | RefField | ChoiceField | DateField | DecimalField;

export const text = <const O extends Omit<TextField, 'kind'>>(o: O = {} as O) => ({
  kind: 'text' as const,
  ...o,
});
export const textarea = <const O extends Omit<TextField, 'kind'>>(o: O = {} as O) => ({
  kind: 'textarea' as const,
  ...o,
});
export const int = <const O extends Omit<IntField, 'kind'>>(o: O = {} as O) => ({
  kind: 'int' as const,
  ...o,
});
export const money = <const O extends Omit<MoneyField, 'kind'>>(o: O = {} as O) => ({
  kind: 'money' as const,
  ...o,
});
export const flag = <const O extends Omit<FlagField, 'kind'>>(o: O = {} as O) => ({
  kind: 'flag' as const,
  ...o,
});
export const ref = <const R extends string, const O extends Omit<RefField, 'kind' | 'ref'>>(
  resource: R,
  o: O = {} as O,
) => ({ kind: 'ref' as const, ref: resource, ...o });
export const choice = <
  const C extends readonly string[],
  const O extends Omit<ChoiceField, 'kind' | 'choices'>,
>(
  choices: C,
  o: O = {} as O,
) => ({ kind: 'choice' as const, choices, ...o });
export const date = <const O extends Omit<DateField, 'kind'>>(o: O = {} as O) => ({
  kind: 'date' as const,
  ...o,
});
export const decimal = <const O extends Omit<DecimalField, 'kind'>>(o: O = {} as O) => ({
  kind: 'decimal' as const,
  ...o,
});
export const time = <const O extends Omit<DateField, 'kind'>>(o: O = {} as O) => ({
  kind: 'time' as const,
  ...o,
});

/** A reference resource: everything the API, the pages, the sidebar, the files and the tests need. */
export interface ResourceSpec {
  /** Registry name and URL segment: /api/admin/<name>. */
  name: string;
  /** The admin page (route and permission) that shows and guards it. */
  page: string;
  /** English singular noun, for messages ('Faculty created.'). */
  label: string;
  /** The field(s) that name a record: option labels, delete dialogs (joined by spaces). */
  display: string | readonly string[];
  /**
   * Fields that identify a record (unique in the table): an import updates the record they name, and
   * a file refers to the record by them when there is one.
   */
  key: readonly string[];
  /** Default list order (default: the first key field). */
  sort?: string;
  order?: 'asc' | 'desc';
  fields: Record<string, FieldSpec>;
  /** Which writes are served (default all). */
  operations?: { create?: boolean; update?: boolean; delete?: boolean };
  /** Further admin pages that open this resource's screen (and so may use it). */
  pages?: readonly string[];
  /**
   * A resource listed under one record of another (score items of a scheme): it shares the parent's
   * page, opens at <parent page>/<id> and is filtered by this field.
   */
  parent?: { resource: string; field: string };
  /** Served to other pages' forms (options) but has no screen of its own. */
  hidden?: boolean;
  /**
   * Columns of the table fixed for this resource: set on every write, required of every record it
   * reads (department tuition: the fee schedule's Tuition lines for a department and level, with no
   * programme or entry mode). Records outside the scope are not this resource's: 404.
   */
  scope?: Readonly<Record<string, number | null>>;
}

export const defineResource = <const S extends ResourceSpec>(spec: S): S => spec;

/** Two capital letters from a number (AA, AB, …): distinct codes for samples. */
export const letters = (n: number) =>
  String.fromCharCode(65 + (Math.floor(n / 26) % 26)) + String.fromCharCode(65 + (n % 26));

/** The API path of a resource. */
export const resourcePath = (spec: Pick<ResourceSpec, 'name'>) => `/api/admin/${spec.name}`;

/** The item key that carries the display name of a referenced record: departmentId → departmentName. */
export const refNameKey = (key: string) => `${key.endsWith('Id') ? key.slice(0, -2) : key}Name`;

/** 'departmentId' → 'Department', 'minUnits' → 'Min units'. */
export function fieldLabel(key: string, field: FieldSpec): string {
  if (field.label) return field.label;
  const words = key
    .replace(/Id$/, '')
    .replace(/^is([A-Z])/, '$1')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const isListed = (f: FieldSpec) => f.list ?? f.kind !== 'textarea';
export const isFilter = (f: FieldSpec) =>
  f.filter ?? (f.kind === 'ref' || f.kind === 'flag' || f.kind === 'choice');
export const isSortable = (f: FieldSpec) =>
  f.sort ?? ['text', 'int', 'money', 'decimal', 'date', 'time', 'choice'].includes(f.kind);
export const isSearched = (f: FieldSpec) => f.search ?? f.kind === 'text';
/** Switches of a resource: flag fields served as on/off actions. */
export const switchesOf = (spec: ResourceSpec) =>
  Object.entries(spec.fields).flatMap(([key, f]) =>
    f.kind === 'flag' && f.switch ? [{ name: f.switch, field: key }] : [],
  );
export const operationsOf = (spec: ResourceSpec) => ({
  create: spec.operations?.create ?? true,
  update: spec.operations?.update ?? true,
  delete: spec.operations?.delete ?? true,
});
export const displayOf = (spec: ResourceSpec): readonly string[] =>
  typeof spec.display === 'string' ? [spec.display] : spec.display;
export const sortOf = (spec: ResourceSpec) => spec.sort ?? spec.key[0]!;
/** The pages whose holders may use a resource. */
export const pagesOf = (spec: ResourceSpec): readonly string[] => [spec.page, ...(spec.pages ?? [])];

// ── types derived from a declaration ──

type Nullable<F, T> = F extends { required: true } ? T : F extends { default: T } ? T : T | null;
type ValueOf<F> = F extends { kind: 'flag' }
  ? boolean
  : F extends { kind: 'int' | 'money' | 'ref' | 'decimal' }
    ? Nullable<F, number>
    : F extends { kind: 'date' | 'time' }
      ? Nullable<F, string>
      : string;
type Stem<K> = K extends `${infer S}Id` ? S : K & string;

/** What a create or replace sends. */
export type InputOf<S extends ResourceSpec> = { -readonly [K in keyof S['fields']]: ValueOf<S['fields'][K]> };
/** What a list row and a record answer: the input, its id, and the names of referenced records. */
export type ItemOf<S extends ResourceSpec> = { id: number } & InputOf<S> & {
    -readonly [K in keyof S['fields'] as S['fields'][K] extends { kind: 'ref' } ? `${Stem<K>}Name` : never]:
      string | null;
  };
