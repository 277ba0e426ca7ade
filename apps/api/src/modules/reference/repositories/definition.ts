import { and, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import {
  displayOf,
  fieldLabel,
  inputSchema,
  isFilter,
  isListed,
  isSearched,
  isSortable,
  itemSchema,
  operationsOf,
  pagesOf,
  refNameKey,
  registrySpec,
  OPTION_READERS,
  REGISTRY_SPECS,
  resourcePath,
  sortOf,
  switchesOf,
  type ResourceMeta,
  type ResourceSpec,
} from '@portal/contracts';
import type { Db, Tx } from '../../../db/client.js';
import { defineResource, type ResourceDefinition } from '../../../platform/crud/engine.js';
import { tableOf } from './tables.js';

/** The server's rules of a resource, run inside the write's transaction (see reference.rules.ts). */
export type ResourceRule = (
  tx: Tx,
  values: Record<string, unknown>,
  existingId: number | null,
) => Promise<void>;

/** A rule a delete must keep, given the record as it was. */
export type DeleteRule = (tx: Tx, before: Record<string, unknown>) => Promise<void>;

/** The SQL that names a record of a resource: its display fields joined by spaces. */
export function displaySql(spec: ResourceSpec, table: PgTable): SQL<string> {
  const columns = displayOf(spec).map((key) => {
    const field = spec.fields[key];
    // A record named by a reference (a registration window by its semester) shows that record's name.
    if (field?.kind === 'ref') {
      const target = registrySpec(field.ref)!;
      const { table: refTable, id } = tableOf(target.name);
      return sql`(select ${displaySql(target, refTable)} from ${refTable} where ${id} = ${col(table, key)})`;
    }
    return sql`${col(table, key)}`;
  });
  return sql<string>`concat_ws(' ', ${sql.join(columns, sql`, `)})`;
}

export function col(table: PgTable, key: string): PgColumn {
  const column = (table as unknown as Record<string, PgColumn>)[key];
  if (!column) throw new Error(`The table of a registry resource has no column ${key}`);
  return column;
}

/** The contract-side description the generic engine serves (paths, filters, sort keys, schemas). */
export function metaOf(spec: ResourceSpec): ResourceMeta {
  const entries = Object.entries(spec.fields);
  return {
    name: spec.name,
    label: spec.label,
    page: spec.page,
    pages: pagesOf(spec),
    path: resourcePath(spec),
    columns: entries.filter(([, f]) => isListed(f)).map(([key, f]) => ({ key, label: fieldLabel(key, f) })),
    filters: entries
      .filter(([, f]) => isFilter(f))
      .map(([key, f]) => ({
        key,
        label: fieldLabel(key, f),
        type: f.kind === 'ref' ? 'id' : f.kind === 'flag' ? 'boolean' : 'text',
      })),
    sortable: [
      ...entries.filter(([, f]) => isSortable(f) || f.kind === 'ref').map(([key]) => key),
      ...entries.filter(([, f]) => f.kind === 'ref').map(([key]) => refNameKey(key)),
      'id',
    ],
    defaultSort: sortOf(spec),
    defaultOrder: spec.order ?? 'asc',
    searchable: entries.some(([, f]) => isSearched(f)),
    operations: operationsOf(spec),
    actions: switchesOf(spec).map((s) => ({ name: s.name, label: s.name, field: s.field })),
    input: inputSchema(spec),
    item: itemSchema(spec),
  };
}

/** The pages whose screens may read a resource's options: its own, and those of resources referring to it. */
export function optionPages(spec: ResourceSpec): string[] {
  const pages = new Set([...pagesOf(spec), ...(OPTION_READERS[spec.name] ?? [])]);
  for (const other of REGISTRY_SPECS) {
    if (Object.values(other.fields).some((f) => f.kind === 'ref' && f.ref === spec.name))
      for (const page of pagesOf(other)) pages.add(page);
  }
  return [...pages];
}

/** A choice sorts in the order it is declared (Monday before Friday, First before Second). */
function declaredOrder(column: PgColumn, choices: readonly string[]): PgColumn {
  // The choices are the declaration's constants, quoted here; no input reaches this SQL.
  const list = choices.map((c) => `'${c.replace(/'/g, "''")}'`).join(', ');
  return sql`array_position(array[${sql.raw(list)}]::text[], ${column})` as unknown as PgColumn;
}

/** Table names → resource labels, for "in use by …" refusals. */
const labelByTable = new Map<string, string>();
function referringLabel(tableName: string | undefined): string | undefined {
  if (!tableName) return undefined;
  if (labelByTable.size === 0) {
    for (const other of REGISTRY_SPECS) {
      const { table } = tableOf(other.name);
      labelByTable.set(tableNameOf(table), other.label.toLowerCase());
    }
  }
  return labelByTable.get(tableName) ?? tableName.replace(/_/g, ' ');
}

function tableNameOf(table: PgTable): string {
  return (table as unknown as Record<symbol, string>)[Symbol.for('drizzle:Name')]!;
}

/** A registry resource as the generic engine's definition: columns, joins, search, sort, filters, rules. */
export function definitionOf(
  spec: ResourceSpec,
  rule?: ResourceRule,
  deleteRule?: DeleteRule,
): ResourceDefinition<ResourceMeta> {
  const { table, id } = tableOf(spec.name);
  const fields: Record<string, PgColumn | SQL | SQL.Aliased> = { id };
  const joins: { table: PgTable; on: SQL }[] = [];
  const sortColumns: Record<string, PgColumn> = { id };
  const filterColumns: Record<string, PgColumn> = {};
  const searchColumns: PgColumn[] = [];
  const references: NonNullable<ResourceDefinition<ResourceMeta>['references']> = [];
  for (const [key, f] of Object.entries(spec.fields)) {
    const column = col(table, key);
    fields[key] = column;
    if (isFilter(f)) filterColumns[key] = column;
    if (isSearched(f)) searchColumns.push(column);
    if (isSortable(f)) sortColumns[key] = f.kind === 'choice' ? declaredOrder(column, f.choices) : column;
    if (f.kind === 'ref') {
      const target = registrySpec(f.ref)!;
      const refTable = tableOf(target.name);
      const joined = alias(refTable.table, `ref_${key}`);
      const name = displaySql(target, joined);
      fields[refNameKey(key)] = name;
      // Sorting by a reference (by its field or the name column the list shows) orders by the name.
      sortColumns[key] = name as unknown as PgColumn;
      sortColumns[refNameKey(key)] = name as unknown as PgColumn;
      joins.push({ table: joined, on: eq(col(joined, refTable.idKey), column) });
      references.push({ field: key, table: refTable.table as never, label: fieldLabel(key, f) });
    }
  }
  const keyLabels = spec.key.map((key) => fieldLabel(key, spec.fields[key]!).toLowerCase());
  // A scoped resource's records are the rows that meet its scope and have every field it requires
  // (department tuition: Tuition lines naming a department and a level).
  const scope = spec.scope && {
    where: and(
      ...Object.entries(spec.scope).map(([key, value]) =>
        value === null ? isNull(col(table, key)) : eq(col(table, key), value),
      ),
      ...Object.entries(spec.fields)
        .filter(([, f]) => f.required)
        .map(([key]) => isNotNull(col(table, key))),
    )!,
    values: { ...spec.scope },
  };
  return defineResource({
    meta: metaOf(spec),
    entity: spec.name,
    table: table as never,
    idColumn: id,
    fields,
    joins,
    searchColumns,
    sortColumns,
    filterColumns,
    references,
    scope,
    beforeWrite: rule,
    beforeDelete: deleteRule,
    duplicateMessage: async (db: Db, values) => {
      const shown = await describeValues(db, spec, spec.key, values);
      return `${withArticle(spec.label.toLowerCase())} with this ${keyLabels.join(' and ')} already exists${shown ? `: ${shown}` : ''}.`;
    },
    inUseMessage: (referring) => {
      const by = referringLabel(referring);
      return `This ${spec.label.toLowerCase()} is in use${by ? ` by ${withArticle(by).toLowerCase()}` : ''} and cannot be deleted.`;
    },
  });
}

/** 'A course', 'An admission batch' (capitalised; lower-case it inside a sentence). */
export function withArticle(noun: string): string {
  return `${/^[aeiou]/i.test(noun) ? 'An' : 'A'} ${noun}`;
}

/** Values of some fields as people read them: references by the referenced record's name. */
export async function describeValues(
  db: Db | Tx,
  spec: ResourceSpec,
  keys: readonly string[],
  values: Record<string, unknown>,
): Promise<string> {
  const parts: string[] = [];
  for (const key of keys) {
    const value = values[key];
    if (value === undefined || value === null || value === '') continue;
    const f = spec.fields[key]!;
    if (f.kind === 'ref') {
      const target = registrySpec(f.ref)!;
      const { table, id } = tableOf(target.name);
      const [row] = await db
        .select({ name: displaySql(target, table) })
        .from(table)
        .where(inArray(id, [value as number]));
      parts.push(row?.name ?? String(value));
    } else parts.push(String(value));
  }
  return parts.join(', ');
}
