import { Readable } from 'node:stream';
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import writeXlsxFile from 'write-excel-file/node';
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
import type { AuditActor } from '../../platform/audit.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { csvCell, readRows } from '../../platform/sheets.js';
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
  const fileName = `${spec.name}-${new Date().toISOString().slice(0, 10)}.${format}`;
  async function* batches() {
    for (let page = 1; ; page += 1) {
      const answer = await service.list({
        ...query,
        page,
        pageSize: EXPORT_BATCH,
        sort: 'id',
        order: 'asc',
      } as never);
      if (answer.Data.length) yield answer.Data as Row[];
      if (answer.Data.length < EXPORT_BATCH) return;
    }
  }
  const cells = (item: Row) => columns.map((c) => cellOut(c.field, c.key, item));
  if (format === 'csv') {
    async function* csv() {
      yield '\uFEFF' + columns.map((c) => csvCell(c.header)).join(',') + '\r\n';
      for await (const rows of batches())
        yield rows.map((r) => cells(r).map(csvCell).join(',')).join('\r\n') + '\r\n';
    }
    return { stream: Readable.from(csv()), contentType: 'text/csv; charset=utf-8', fileName };
  }
  const data: (string | number | null)[][] = [];
  for await (const rows of batches()) for (const r of rows) data.push(cells(r));
  const sheet = [
    columns.map((c) => ({ value: c.header, fontWeight: 'bold' as const })),
    ...data.map((row) => row.map((value) => (value === null ? null : { value }))),
  ];
  const buffer = await writeXlsxFile(sheet as never, { sheet: spec.label } as never).toBuffer();
  return {
    stream: Readable.from([buffer]),
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    fileName,
  };
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
  const problem = (row: number, message: string) => {
    summary.invalid += 1;
    if (summary.errors.length < MAX_ERRORS) summary.errors.push(`Row ${row}: ${message}`);
  };
  let positions: Map<string, number> | null = null;
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
      const keyWhere = and(
        ...spec.key.map((k) =>
          fromFile[k] === undefined || fromFile[k] === null
            ? isNull(col(table, k))
            : eq(col(table, k), fromFile[k]),
        ),
      );
      const [existing] = (await db
        .select({ id: tableOf(spec.name).id })
        .from(table)
        .where(keyWhere)
        .limit(1)) as { id: number }[];
      const before = existing ? ((await service.get(existing.id)).Data as Row) : null;
      const current = before ? Object.fromEntries(Object.keys(spec.fields).map((k) => [k, before[k]])) : {};
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
        continue;
      }
      const values = parsed.data as Row;
      if (!before) {
        await service.create(actor, values as never);
        summary.created += 1;
      } else if (Object.keys(spec.fields).every((k) => sameValue(before[k], values[k]))) {
        summary.unchanged += 1;
      } else {
        await service.update(actor, existing!.id, values, 'import');
        summary.updated += 1;
      }
    } catch (error) {
      if (error instanceof AppError) problem(row, error.message);
      else throw error;
    }
  }
  if (!positions) throw badRequest('The file is empty.');
  return summary;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' || typeof b === 'number') return Number(a) === Number(b);
  return (a ?? null) === (b ?? null);
}
