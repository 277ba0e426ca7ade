import { and, asc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  displayOf,
  fieldLabel,
  inputSchema,
  refNameKey,
  registrySpec,
  type FieldSpec,
  type ImportSummary,
  type ResourceMeta,
  type ResourceSpec,
} from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { audit, type AuditActor } from '../../platform/audit.js';
import { pgErrorCode } from '../../platform/db.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { readRows, sheetFile } from '../../platform/sheets.js';
import type { ResourceService } from '../../platform/crud/engine.js';
import { col, displaySql } from './repositories/definition.js';
import { tableOf } from './repositories/tables.js';

/**
 * CSV and XLSX files of a registry resource. A file has one column per field, headed by its label;
 * a reference is written as the referenced record's name and read back by its name or its key
 * (a department as 'Computer Science' or 'CSC'); money is in naira; switches are Yes or No.
 * An import updates the record its key names and creates the others; a row equal to what is
 * stored changes nothing, so importing the same file twice changes nothing the second time.
 */

type Row = Record<string, unknown>;
export const EXPORT_BATCH = 1000;
const MAX_ERRORS = 500;

/** Header text compared without case, spaces or punctuation. */
const loose = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

function columnsOf(spec: ResourceSpec) {
  return Object.entries(spec.fields).map(([key, field]) => ({ key, field, header: fieldLabel(key, field) }));
}

function cellOut(field: FieldSpec, key: string, item: Row): string | number | null {
  const value = item[key];
  if (value === null || value === undefined) return null;
  switch (field.kind) {
    case 'ref':
      return (item[refNameKey(key)] as string | null) ?? null;
    case 'money':
      return Number(((value as number) / 100).toFixed(2));
    case 'flag':
      return value ? 'Yes' : 'No';
    default:
      return value as string | number;
  }
}

export async function exportRows(
  service: ResourceService<ResourceMeta>,
  spec: ResourceSpec,
  query: Row,
  format: 'csv' | 'xlsx',
) {
  const columns = columnsOf(spec);
  // Keyset pages (after the last key sent), never OFFSET: the thousandth page costs what the first does.
  async function* batches() {
    let afterId: number | null = null;
    for (;;) {
      const page = await service.pageAfter(query, afterId, EXPORT_BATCH);
      if (page.items.length) yield page.items as Row[];
      if (page.items.length < EXPORT_BATCH) return;
      afterId = page.lastId;
    }
  }
  return sheetFile<Row>({
    columns: columns.map((c) => ({ header: c.header, cell: (item: Row) => cellOut(c.field, c.key, item) })),
    batches,
    format,
    fileName: `${spec.name}-${new Date().toISOString().slice(0, 10)}.${format}`,
    sheetName: spec.label,
  });
}

/** Names and keys of every record of a referenced resource → its id (-1 when a name is ambiguous). */
async function lookupOf(db: Db, target: ResourceSpec): Promise<Map<string, number>> {
  const { table, id } = tableOf(target.name);
  const keyColumns = target.key.filter((k) => target.fields[k]?.kind !== 'ref');
  const select: Record<string, SQL | typeof id> = { id, display: displaySql(target, table) };
  for (const k of keyColumns) select[k] = col(table, k);
  const rows = (await db.select(select as never).from(table)) as Row[];
  const map = new Map<string, number>();
  const add = (text: unknown, rowId: number) => {
    if (text === null || text === undefined || text === '') return;
    const k = loose(String(text));
    const seen = map.get(k);
    map.set(k, seen === undefined || seen === rowId ? rowId : -1);
  };
  for (const row of rows) {
    add(row.display, row.id as number);
    if (keyColumns.length === target.key.length)
      add(keyColumns.map((k) => row[k]).join(' '), row.id as number);
    if (displayOf(target).length > 1)
      for (const k of displayOf(target)) if (target.key.includes(k)) add(row[k], row.id as number);
  }
  return map;
}

const YES = new Set(['yes', 'y', 'true', '1', 'on']);
const NO = new Set(['no', 'n', 'false', '0', 'off']);

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).trim();
}

/** One cell as the input value; a string is a problem to report. */
function cellIn(
  field: FieldSpec,
  header: string,
  raw: unknown,
  lookups: Map<string, Map<string, number>>,
): unknown {
  const text = cellText(raw);
  if (text === '') return field.kind === 'text' || field.kind === 'textarea' ? '' : undefined;
  switch (field.kind) {
    case 'int':
    case 'decimal': {
      const n = Number(text.replace(/,/g, ''));
      if (!Number.isFinite(n)) throw badRequest(`${header} must be a number.`);
      return n;
    }
    case 'money': {
      const naira = Number(text.replace(/[₦,\s]/g, ''));
      if (!Number.isFinite(naira)) throw badRequest(`${header} must be an amount in naira.`);
      return Math.round(naira * 100);
    }
    case 'flag': {
      if (YES.has(text.toLowerCase())) return true;
      if (NO.has(text.toLowerCase())) return false;
      throw badRequest(`${header} must be Yes or No.`);
    }
    case 'choice': {
      const found = field.choices.find((c) => loose(c) === loose(text));
      if (!found) throw badRequest(`${header} must be one of: ${field.choices.join(', ')}.`);
      return found;
    }
    case 'ref': {
      const id = lookups.get(field.ref)!.get(loose(text));
      if (id === undefined) throw badRequest(`${header} "${text}" was not found.`);
      if (id === -1) throw badRequest(`${header} "${text}" matches more than one record; use its code.`);
      return id;
    }
    case 'time':
      return /^\d:\d\d$/.test(text) ? `0${text}` : text.slice(0, 5);
    default:
      return text;
  }
}

/** Rows read and checked together: their keys looked up, their records read and written in one go each. */
const IMPORT_CHUNK = 500;

interface ChunkRow {
  row: number;
  fromFile: Row;
  /** The key's values as one text, to see a key twice within a chunk. */
  keyText: string;
}

interface Write {
  row: number;
  values: Row;
  /** The record the row updates (null: it creates one), as it was. */
  existingId: number | null;
  before: Row | null;
}

/**
 * Imports a file's rows. The lookups are batched: references are resolved from one read of each
 * referenced resource, and each chunk of rows finds its existing records by key in one query and
 * reads them in another. Each chunk's writes then run in one transaction with one audit insert
 * (creates of a resource without rules in one insert). A chunk whose transaction fails (a rule or
 * a constraint refuses one of its rows) is applied again row by row through the service, so each
 * row still gets its own outcome and message, as when every row was its own transaction.
 */
export async function importRows(
  db: Db,
  service: ResourceService<ResourceMeta>,
  spec: ResourceSpec,
  actor: AuditActor,
  file: { filePath: string; format: 'csv' | 'xlsx' },
  maxRows: number,
): Promise<ImportSummary> {
  const schema = inputSchema(spec);
  const columns = columnsOf(spec);
  const { table } = tableOf(spec.name);
  const lookups = new Map<string, Map<string, number>>();
  for (const c of columns)
    if (c.field.kind === 'ref' && !lookups.has(c.field.ref))
      lookups.set(c.field.ref, await lookupOf(db, registrySpec(c.field.ref)!));

  const summary: ImportSummary = {
    totalRows: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    invalid: 0,
    errors: [],
  };
  // A chunk's problems are known when it is written, after later rows' cell problems: sorted at the end.
  const problems: { row: number; message: string }[] = [];
  const problem = (row: number, message: string) => {
    summary.invalid += 1;
    problems.push({ row, message });
  };
  const fieldKeys = Object.keys(spec.fields);
  const keyWhere = (fromFile: Row) =>
    and(
      ...spec.key.map((k) =>
        fromFile[k] === undefined || fromFile[k] === null
          ? isNull(col(table, k))
          : eq(col(table, k), fromFile[k]),
      ),
    )!;

  /** The id of the record each row's key names, in one query: CASE numbers the row whose key matched. */
  async function existingIds(chunk: readonly ChunkRow[]): Promise<(number | null)[]> {
    const wheres = chunk.map((c) => keyWhere(c.fromFile));
    const which = sql<number>`case ${sql.join(
      wheres.map((where, index) => sql`when ${where} then ${index}`),
      sql` `,
    )} end`;
    const rows = (await db
      .select({ id: service.idColumn, index: which })
      .from(table)
      .where(service.scoped(or(...wheres)))
      .orderBy(asc(service.idColumn))) as { id: number; index: number }[];
    const ids: (number | null)[] = chunk.map(() => null);
    // The first match, as a one-row lookup would find it.
    for (const r of rows) if (ids[Number(r.index)] === null) ids[Number(r.index)] = Number(r.id);
    return ids;
  }

  async function flush(chunk: ChunkRow[]) {
    if (!chunk.length) return;
    const ids = await existingIds(chunk);
    const found = await service.rowsByIds(db, [...new Set(ids.filter((id): id is number => id !== null))]);
    const rowOf = new Map(found.map((r) => [Number(r[idKeyOf(service)]), r]));
    const writes: Write[] = [];
    chunk.forEach(({ row, fromFile }, index) => {
      const existingId = ids[index]!;
      const stored = existingId === null ? null : (rowOf.get(existingId) ?? null);
      const before = stored ? (service.toItem(stored) as Row) : null;
      const current = before ? Object.fromEntries(fieldKeys.map((k) => [k, before[k]])) : {};
      const parsed = schema.safeParse({ ...current, ...fromFile });
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        const key = String(issue.path[0] ?? '');
        problem(
          row,
          spec.fields[key] &&
            !issue.message.toLowerCase().includes(fieldLabel(key, spec.fields[key]!).toLowerCase())
            ? `${fieldLabel(key, spec.fields[key]!)}: ${issue.message}`
            : issue.message,
        );
        return;
      }
      const values = parsed.data as Row;
      if (before && fieldKeys.every((k) => sameValue(before[k], values[k]))) summary.unchanged += 1;
      else writes.push({ row, values, existingId: before ? existingId : null, before: stored });
    });
    if (!writes.length) return;
    try {
      await writeChunk(writes);
      for (const w of writes) {
        if (w.existingId === null) summary.created += 1;
        else summary.updated += 1;
      }
    } catch (error) {
      if (!(error instanceof AppError) && pgErrorCode(error) === undefined) throw error;
      // Which row was refused, and why, is the service's to say: row by row, as each stands.
      for (const w of writes) {
        try {
          if (w.existingId === null) {
            await service.create(actor, w.values as never);
            summary.created += 1;
          } else {
            await service.update(actor, w.existingId, service.valuesOf(w.values), 'import');
            summary.updated += 1;
          }
        } catch (rowError) {
          if (rowError instanceof AppError) problem(w.row, rowError.message);
          else throw rowError;
        }
      }
    }
  }

  /** One transaction for a chunk's writes: the resource's rule per row, the writes, one audit insert. */
  async function writeChunk(writes: readonly Write[]) {
    const def = service.def;
    const rule = def.beforeWrite;
    const valuesOf = (w: Write) => service.valuesOf(w.values);
    await db.transaction(async (tx) => {
      const createdIds: number[] = [];
      if (!rule) {
        const creates = writes.filter((w) => w.existingId === null);
        if (creates.length) {
          const inserted = await tx
            .insert(def.table)
            .values(creates.map(valuesOf) as never)
            .returning({ id: service.idColumn });
          createdIds.push(...inserted.map((r) => Number(r.id)));
        }
      }
      const writtenIds: number[] = [];
      let created = 0;
      for (const w of writes) {
        if (w.existingId === null) {
          if (rule) {
            // Rules look at what is stored, so a row's rule sees the rows written before it.
            await rule(tx, valuesOf(w), null);
            const [inserted] = await tx
              .insert(def.table)
              .values(valuesOf(w) as never)
              .returning({ id: service.idColumn });
            createdIds.push(Number(inserted!.id));
          }
          writtenIds.push(createdIds[created++]!);
        } else {
          if (rule) await rule(tx, valuesOf(w), w.existingId);
          await tx
            .update(def.table)
            .set(valuesOf(w) as never)
            .where(eq(service.idColumn, w.existingId));
          writtenIds.push(w.existingId);
        }
      }
      const after = new Map(
        (await service.rowsByIds(tx, writtenIds)).map((r) => [Number(r[idKeyOf(service)]), r]),
      );
      await audit(
        tx,
        writes.map((w, index) => ({
          actor,
          page: def.meta.page,
          action: w.existingId === null ? 'create' : 'import',
          entity: def.entity,
          entityId: writtenIds[index]!,
          before: w.before,
          after: after.get(writtenIds[index]!) ?? null,
        })),
      );
    });
  }

  let positions: Map<string, number> | null = null;
  let chunk: ChunkRow[] = [];
  for await (const { row, cells } of readRows(file.filePath, file.format)) {
    if (!positions) {
      const found = new Map<string, number>();
      cells.forEach((cell, index) => {
        const header = loose(cellText(cell));
        const column = columns.find((c) => loose(c.header) === header || loose(c.key) === header);
        if (column && !found.has(column.key)) found.set(column.key, index);
      });
      positions = found;
      const missing = spec.key.filter((k) => !found.has(k)).map((k) => fieldLabel(k, spec.fields[k]!));
      if (missing.length)
        throw badRequest(
          `The file has no column ${missing.join(', ')}: the first row must hold the column names.`,
        );
      continue;
    }
    if (cells.every((c) => cellText(c) === '')) continue;
    summary.totalRows += 1;
    if (summary.totalRows > maxRows) throw badRequest(`The file has more than ${maxRows} rows: split it.`);
    try {
      const fromFile: Row = {};
      for (const [key, index] of positions) {
        const value = cellIn(
          spec.fields[key]!,
          columns.find((c) => c.key === key)!.header,
          cells[index],
          lookups,
        );
        if (value !== undefined) fromFile[key] = value;
      }
      const keyText = JSON.stringify(spec.key.map((k) => fromFile[k] ?? null));
      // A key seen again in the same chunk updates the record the earlier row makes: write that first.
      if (chunk.some((c) => c.keyText === keyText)) {
        await flush(chunk);
        chunk = [];
      }
      chunk.push({ row, fromFile, keyText });
      if (chunk.length >= IMPORT_CHUNK) {
        await flush(chunk);
        chunk = [];
      }
    } catch (error) {
      if (error instanceof AppError) problem(row, error.message);
      else throw error;
    }
  }
  if (!positions) throw badRequest('The file is empty.');
  await flush(chunk);
  summary.errors = problems
    .sort((a, b) => a.row - b.row)
    .slice(0, MAX_ERRORS)
    .map((p) => `Row ${p.row}: ${p.message}`);
  return summary;
}

/** The property a selected row carries its key under (`id`, or the key column's name). */
function idKeyOf(service: ResourceService<ResourceMeta>): string {
  const entry = Object.entries(service.def.fields).find(([, field]) => field === service.idColumn);
  return entry?.[0] ?? 'id';
}

function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' || typeof b === 'number') return Number(a) === Number(b);
  return (a ?? null) === (b ?? null);
}
