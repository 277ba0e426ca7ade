import type { MessageId } from '../../i18n/locales';
import type { OptionsHook } from './types';

/**
 * A reference resource as the generic pages see it (ARCHITECTURE §3): declared once per resource,
 * next to the feature's options, with keys checked against the contract's item and input types.
 * `ResourcePage` renders the list (server paging, search, filters, sort), the create/edit dialog,
 * the delete confirmation and the switches from it.
 */

export type FieldType =
  | 'text'
  | 'textarea'
  | 'number'
  | 'money'
  | 'date'
  | 'time'
  | 'boolean'
  | 'select'
  | 'reference'
  | 'multiselect'
  | 'ids';

export interface FieldDeclaration<Input> {
  key: keyof Input & string;
  label: MessageId;
  type: FieldType;
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  /** Number fields. */
  min?: number;
  max?: number;
  pattern?: RegExp;
  patternMessage?: MessageId;
  helper?: MessageId;
  /** Select and multiselect fields. */
  options?: OptionsHook;
  /** Reference fields: the API path of the resource whose records are chosen (searched on the server). */
  reference?: string;
  /** Number fields: the step (0.01 for grade points). */
  step?: number;
  /** A live example of what the value produces (a matric number from its pattern). */
  preview?: (value: string) => string;
  /** The value of a new record. */
  initial?: unknown;
  /** Text fields holding a #rrggbb colour: the colour is shown beside the value. */
  swatch?: boolean;
}

export type ColumnFormat = 'text' | 'boolean' | 'date' | 'datetime' | 'money';

export interface ColumnDeclaration<Item> {
  key: keyof Item & string;
  label: MessageId;
  format?: ColumnFormat;
  /** Show the option's label for this id (e.g. the admission session of a record). */
  options?: OptionsHook;
}

export interface FilterDeclaration {
  key: string;
  label: MessageId;
  type: 'boolean' | 'select' | 'reference';
  options?: OptionsHook;
  /** Reference filters: the API path of the referenced resource. */
  reference?: string;
}

/** A switch served at POST <path>/:id/<name> with { value }: its button reads `on` or `off`. */
export interface ActionDeclaration<Item> {
  name: string;
  field: keyof Item & string;
  /** The label when the switch is off (the action turns it on). */
  on: MessageId;
  /** The label when it is on; none when it cannot be turned off by hand. */
  off?: MessageId;
}

/** A resource that carries a file: created as multipart, its file replaced and downloaded apart. */
export interface FileDeclaration<Item> {
  /** The input's accept attribute. */
  accept: string;
  hint: MessageId;
  maxBytes: number;
  /** PUT path (multipart) that replaces the file of a record. */
  replacePath: (item: Item) => string;
  download: (item: Item) => { url: string; name: string };
}

export interface ResourceDeclaration<Item extends { id: number }, Input> {
  /** The API path of the resource (GET list, POST create, PUT/DELETE <path>/:id). */
  path: string;
  title: MessageId;
  /** The record kind, for 'Add …', 'Edit …', 'Delete …'. */
  noun: MessageId;
  emptyText: MessageId;
  columns: readonly ColumnDeclaration<Item>[];
  filters: readonly FilterDeclaration[];
  sortable: readonly string[];
  defaultSort: string;
  defaultOrder?: 'asc' | 'desc';
  searchable: boolean;
  operations: { create: boolean; update: boolean; delete: boolean };
  actions: readonly ActionDeclaration<Item>[];
  fields: readonly FieldDeclaration<Input>[];
  /** The edit form's values from a record. */
  toInput: (item: Item) => Input;
  file?: FileDeclaration<Item>;
}

/** Declares a resource, checking its keys against the item and input types. */
export function declareResource<Item extends { id: number }, Input>(
  declaration: ResourceDeclaration<Item, Input>,
): ResourceDeclaration<Item, Input> {
  return declaration;
}

/** A field of any resource (what the generic form handles). */
export type AnyField = Omit<FieldDeclaration<unknown>, 'key'> & { key: string };
