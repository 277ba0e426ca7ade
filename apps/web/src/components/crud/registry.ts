import {
  HEX_COLOUR_PATTERN,
  adminPageLabelId,
  isFilter,
  isListed,
  isSearched,
  isSortable,
  operationsOf,
  refNameKey,
  registrySpec,
  resourcePath,
  sortOf,
  switchesOf,
  type FieldSpec,
  type ResourceSpec,
} from '@portal/contracts';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/locales';
import { useT } from '../../i18n/useT';
import type {
  ActionDeclaration,
  ColumnDeclaration,
  FieldDeclaration,
  FilterDeclaration,
  ResourceDeclaration,
} from './resource';
import type { OptionsHook } from './types';

/**
 * A registry resource (packages/contracts/src/registry) as the generic pages' declaration: its
 * columns, filters, form fields and switches follow from the fields, and every label from a message
 * id by convention (scripts/registry-messages.mjs): adminPage.<page>, resource.<name>,
 * field.<key> (or field.<name>.<key>), choice.<value>, hint.<name>.<key>, switch.<name>.on|off.
 */

type Item = { id: number } & Record<string, unknown>;
type Input = Record<string, unknown>;

const slug = (value: string) => value.replace(/[^A-Za-z0-9]/g, '');
const id = (text: string) => text as MessageId;

/** A static select's options: a choice field's values with their translated labels. */
function choiceOptions(choices: readonly string[]): OptionsHook {
  return function useChoiceOptions() {
    const t = useT();
    return {
      options: choices.map((value) => ({ value, label: t(id(`choice.${slug(value)}`)) })),
      loading: false,
      failed: false,
    };
  };
}

const optionsByChoices = new Map<string, OptionsHook>();
function choiceHook(choices: readonly string[]) {
  const key = choices.join('|');
  if (!optionsByChoices.has(key)) optionsByChoices.set(key, choiceOptions(choices));
  return optionsByChoices.get(key)!;
}

const FIELD_TYPES: Record<FieldSpec['kind'], FieldDeclaration<Input>['type']> = {
  text: 'text',
  textarea: 'textarea',
  int: 'number',
  decimal: 'number',
  money: 'money',
  flag: 'boolean',
  ref: 'reference',
  choice: 'select',
  date: 'date',
  time: 'time',
};

function declarationOf(
  spec: ResourceSpec,
  has: (messageId: string) => boolean,
): ResourceDeclaration<Item, Input> {
  const entries = Object.entries(spec.fields);
  const label = (key: string) =>
    id(has(`field.${spec.name}.${key}`) ? `field.${spec.name}.${key}` : `field.${key}`);
  const refPath = (f: FieldSpec) => (f.kind === 'ref' ? resourcePath(registrySpec(f.ref)!) : undefined);

  const columns: ColumnDeclaration<Item>[] = entries
    .filter(([, f]) => isListed(f))
    .map(([key, f]) => ({
      key: f.kind === 'ref' ? refNameKey(key) : key,
      label: label(key),
      format:
        f.kind === 'flag' ? 'boolean' : f.kind === 'money' ? 'money' : f.kind === 'date' ? 'date' : undefined,
      options: f.kind === 'choice' ? choiceHook(f.choices) : undefined,
    }));
  const filters: FilterDeclaration[] = entries
    .filter(([key, f]) => isFilter(f) && key !== spec.parent?.field)
    .map(([key, f]) => ({
      key,
      label: label(key),
      type: f.kind === 'flag' ? 'boolean' : f.kind === 'ref' ? 'reference' : 'select',
      options: f.kind === 'choice' ? choiceHook(f.choices) : undefined,
      reference: refPath(f),
    }));
  const sortable = [
    ...entries.filter(([, f]) => isSortable(f)).map(([key]) => key),
    // A reference column sorts by the referenced record's name (the server sorts the field by it).
    ...entries.filter(([, f]) => f.kind === 'ref').map(([key]) => refNameKey(key)),
  ];
  const fields: FieldDeclaration<Input>[] = entries.map(([key, f]) => ({
    key,
    label: label(key),
    type: FIELD_TYPES[f.kind],
    required: f.required,
    minLength: f.kind === 'text' || f.kind === 'textarea' ? f.min : undefined,
    maxLength:
      f.kind === 'text' || f.kind === 'textarea' ? (f.max ?? (f.kind === 'text' ? 200 : 5000)) : undefined,
    min: f.kind === 'int' || f.kind === 'decimal' ? f.min : undefined,
    max: f.kind === 'int' || f.kind === 'decimal' ? f.max : undefined,
    step: f.kind === 'decimal' ? 0.01 : undefined,
    pattern: f.kind === 'text' && f.pattern ? new RegExp(`^(?:${f.pattern})$`) : undefined,
    patternMessage: f.kind === 'text' && f.patternHint ? id(`hint.${spec.name}.${key}`) : undefined,
    preview: f.kind === 'text' ? f.preview : undefined,
    swatch: f.kind === 'text' && f.pattern === HEX_COLOUR_PATTERN ? true : undefined,
    helper: f.help ? id(`help.${spec.name}.${key}`) : undefined,
    options: f.kind === 'choice' ? choiceHook(f.choices) : undefined,
    reference: refPath(f),
    initial:
      f.kind === 'flag'
        ? (f.default ?? false)
        : 'default' in f && f.default !== undefined
          ? moneyOut(f, f.default)
          : undefined,
  }));
  const actions: ActionDeclaration<Item>[] = switchesOf(spec).map(({ name, field }) => ({
    name,
    field,
    on: id(`switch.${name}.on`),
    off: has(`switch.${name}.off`) ? id(`switch.${name}.off`) : undefined,
  }));
  return {
    path: resourcePath(spec),
    title: id(adminPageLabelId(spec.page)),
    noun: id(`resource.${spec.name}`),
    emptyText: 'crud.empty',
    columns,
    filters,
    sortable,
    // A reference sorts by the name the list shows (the server takes either key).
    defaultSort: spec.fields[sortOf(spec)]?.kind === 'ref' ? refNameKey(sortOf(spec)) : sortOf(spec),
    defaultOrder: spec.order,
    searchable: entries.some(([, f]) => isSearched(f)),
    operations: operationsOf(spec),
    actions,
    fields,
    toInput: (item) => Object.fromEntries(entries.map(([key, f]) => [key, moneyOut(f, item[key])])),
  };
}

/** Kobo from the API as naira in the form. */
function moneyOut(f: FieldSpec, value: unknown) {
  return f.kind === 'money' && typeof value === 'number' ? value / 100 : value;
}

/** The declaration of a registry resource, with labels in the current language. */
export function useRegistryResource(spec: ResourceSpec): ResourceDeclaration<Item, Input> {
  const { messages } = useIntl();
  return useMemo(() => declarationOf(spec, (messageId) => messageId in messages), [spec, messages]);
}
