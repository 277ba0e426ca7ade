import { and, asc, desc, eq, gt, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_MESSAGES,
  STATUS,
  adminPaged,
  okMessage,
  resourceActionRequest,
  resourceListQuery,
  type ResourceMeta,
  recordId,
} from '@portal/contracts';
import type { Db, Tx } from '../../db/client.js';
import { actorOf, audit, type AuditActor } from '../audit.js';
import { AppError, badRequest, conflict, notFound } from '../errors.js';
import { errorResponses } from '../routes.js';
import {
  countSql,
  likeEscape,
  pgErrorCode,
  PG_FOREIGN_KEY_VIOLATION,
  PG_UNIQUE_VIOLATION,
  PG_CHECK_VIOLATION,
  errorDetail,
} from '../db.js';

/**
 * The generic CRUD engine (ARCHITECTURE §3). A reference resource is declared once — its
 * contract (`ResourceMeta` in @portal/contracts: fields, columns, filters, page permission) plus
 * the table and the few rules only the server knows — and this serves its routes:
 *
 *   GET    /api/admin/<name>              list: page, pageSize, search, sort, order, filters
 *   GET    /api/admin/<name>/:id          one record
 *   POST   /api/admin/<name>              create          (operations.create)
 *   PUT    /api/admin/<name>/:id          replace         (operations.update)
 *   DELETE /api/admin/<name>/:id          delete          (operations.delete)
 *   POST   /api/admin/<name>/:id/<action> set a switch    (actions: { value: boolean })
 *
 * Every write checks references with clear messages, runs in one transaction and writes an
 * audit row with the record before and after.
 */

type Table = PgTable & { id: PgColumn };
type Row = Record<string, unknown>;

export interface ResourceDefinition<M extends ResourceMeta> {
  meta: M;
  /** The audit trail's name for the record kind. */
  entity: string;
  table: Table;
  /** What a list row and a record select: item key → column or expression. */
  fields: Record<string, PgColumn | SQL.Aliased | SQL>;
  /** Left joins that the fields need. */
  joins?: { table: PgTable; on: SQL }[];
  /** The table's own columns the search box looks in (the list's total counts the table alone). */
  searchColumns: PgColumn[];
  sortColumns: Record<string, PgColumn>;
  /** The table's own columns the filters compare. */
  filterColumns: Record<string, PgColumn>;
  /** Foreign keys in the input, checked before writing so the message names the field. */
  references?: { field: string; table: Table; label: string; many?: boolean }[];
  /** Input → column values; defaults to the input itself. */
  toValues?: (input: z.output<M['input']>) => Row;
  /**
   * A resource that is part of a table (a scope): the condition every record it reads must meet,
   * and the column values every write sets. A record outside it is not found.
   */
  scope?: { where: SQL; values: Row };
  /** Selected row → the item the contract describes; by default the row with dates as ISO strings. */
  toItem?: (row: Row) => z.output<M['item']>;
  /** The primary key when it is not `table.id` (one-row tables keyed by school). */
  idColumn?: PgColumn;
  /** The refusal when a unique constraint fails (names the clashing values). */
  duplicateMessage?: (db: Db, values: Row) => Promise<string>;
  /** The refusal when a delete fails because other records refer to this one (names them). */
  inUseMessage?: (referringTable: string | undefined) => string;
  /** Rules inside the write's transaction (e.g. only one current session). Runs after references are checked. */
  beforeWrite?: (tx: Tx, values: Row, existingId: number | null) => Promise<void>;
  /** Rules a delete must keep, inside its transaction, given the record as it was. */
  beforeDelete?: (tx: Tx, before: Row) => Promise<void>;
  /** Clean-up after a committed delete (e.g. the stored file). */
  afterDelete?: (before: Row) => Promise<void>;
}

export function defineResource<M extends ResourceMeta>(
  definition: ResourceDefinition<M>,
): ResourceDefinition<M> {
  return definition;
}

const idParams = z.object({ id: recordId });
const errors = errorResponses(400, 401, 403, 404, 409);

/** The list query of a resource: paging, search, sort and its declared filters. */
function listQuerySchema(meta: ResourceMeta) {
  const shape: Record<string, z.ZodType> = {};
  for (const filter of meta.filters) {
    shape[filter.key] =
      filter.type === 'id'
        ? recordId.optional()
        : filter.type === 'boolean'
          ? z.enum(['true', 'false']).optional()
          : z.string().trim().max(100).optional();
  }
  return resourceListQuery.extend({
    ...shape,
    sort: z.enum(meta.sortable as [string, ...string[]]).default(meta.defaultSort),
    order: z.enum(['asc', 'desc']).default(meta.defaultOrder ?? 'asc'),
  });
}

/** A selected row as an item: dates as ISO strings, the rest as selected. */
function plainItem(row: Row): Row {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
  );
}

export class ResourceService<M extends ResourceMeta> {
  readonly idColumn: PgColumn;
  readonly toItem: (row: Row) => z.output<M['item']>;

  constructor(
    private readonly db: Db,
    readonly def: ResourceDefinition<M>,
  ) {
    this.idColumn = def.idColumn ?? def.table.id;
    this.toItem = def.toItem ?? ((row) => plainItem(row) as z.output<M['item']>);
  }

  /** Input → the columns a write sets: the resource's mapping, then its scope's fixed values. */
  valuesOf(input: Row): Row {
    const values = this.def.toValues ? this.def.toValues(input as z.output<M['input']>) : input;
    return this.def.scope ? { ...values, ...this.def.scope.values } : values;
  }

  /** The resource's scope (if any) with another condition. */
  scoped(where: SQL | undefined): SQL | undefined {
    return and(this.def.scope?.where, where);
  }

  private base(db: Db | Tx, extra: Record<string, SQL> = {}) {
    let query = db
      .select({ ...(this.def.fields as Record<string, PgColumn>), ...extra })
      .from(this.def.table as PgTable)
      .$dynamic();
    for (const join of this.def.joins ?? []) query = query.leftJoin(join.table, join.on);
    return query;
  }

  /** The records the list's search and filters match (an export applies the same). */
  private whereOf(q: Record<string, unknown> & { search?: string }): SQL | undefined {
    const conditions: (SQL | undefined)[] = [this.def.scope?.where];
    if (q.search && this.def.searchColumns.length) {
      const term = `%${likeEscape(q.search)}%`;
      conditions.push(or(...this.def.searchColumns.map((c) => ilike(c, term))));
    }
    for (const filter of this.def.meta.filters) {
      const value = q[filter.key];
      const column = this.def.filterColumns[filter.key];
      if (value === undefined || value === '' || !column) continue;
      conditions.push(eq(column, filter.type === 'boolean' ? value === 'true' : value));
    }
    return and(...conditions);
  }

  async list(
    q: Record<string, unknown> & {
      page: number;
      pageSize: number;
      search?: string;
      sort: string;
      order: 'asc' | 'desc';
    },
  ) {
    const where = this.whereOf(q);
    const sortColumn = this.def.sortColumns[q.sort] ?? this.idColumn;
    const direction = q.order === 'desc' ? desc : asc;
    // Rows and their total in one query. The total is a subquery over the table alone (search and
    // filter columns are the table's own), computed once, so the page itself can still walk an
    // index and stop after pageSize rows; a window count would join and number every match first.
    const table = this.def.table as PgTable;
    const total$ = sql<number>`(select count(*)::int from ${table} where ${where ?? sql`true`})`;
    const rows = (await this.base(this.db, { __total: total$ })
      .where(where)
      .orderBy(direction(sortColumn), direction(this.idColumn))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)) as Row[];
    let total = rows.length ? Number(rows[0]!.__total) : 0;
    if (!rows.length && q.page > 1) {
      total = (await this.db.select({ n: countSql() }).from(table).where(where))[0]?.n ?? 0;
    }
    return {
      Status: STATUS.ok,
      Data: rows.map(({ __total: _total, ...r }) => this.toItem(r)),
      Page: q.page,
      PageSize: q.pageSize,
      Total: total,
    };
  }

  /**
   * The next `size` records the list's search and filters match, in key order, after the record
   * keyed `afterId` (null: from the first). An export walks these pages: each one starts at its
   * key through the index, however deep, where OFFSET would read and skip every earlier row.
   */
  async pageAfter(
    q: Record<string, unknown> & { search?: string },
    afterId: number | null,
    size: number,
  ): Promise<{ items: z.output<M['item']>[]; lastId: number | null }> {
    const rows = (await this.base(this.db, { __key: sql`${this.idColumn}` })
      .where(and(this.whereOf(q), afterId === null ? undefined : gt(this.idColumn, afterId)))
      .orderBy(asc(this.idColumn))
      .limit(size)) as Row[];
    return {
      items: rows.map(({ __key: _key, ...r }) => this.toItem(r)),
      lastId: rows.length ? Number(rows[rows.length - 1]!.__key) : null,
    };
  }

  /** Records by key, as the list selects them (names of references included), in one query. */
  async rowsByIds(db: Db | Tx, ids: readonly number[]): Promise<Row[]> {
    if (!ids.length) return [];
    return (await this.base(db).where(this.scoped(inArray(this.idColumn, [...ids])))) as Row[];
  }

  async rowById(db: Db | Tx, id: number): Promise<Row | undefined> {
    const [row] = await this.base(db)
      .where(this.scoped(eq(this.idColumn, id)))
      .limit(1);
    return row as Row | undefined;
  }

  async get(id: number) {
    const row = await this.rowById(this.db, id);
    if (!row) throw notFound(`${this.def.meta.label} not found.`);
    return { Status: STATUS.ok, Data: this.toItem(row) };
  }

  private async checkReferences(tx: Tx, values: Row): Promise<void> {
    for (const ref of this.def.references ?? []) {
      const value = values[ref.field];
      if (value === undefined || value === null) continue;
      const ids = ref.many ? [...new Set(value as number[])] : [value as number];
      if (ids.length === 0) continue;
      const [found] = await tx
        .select({ n: countSql() })
        .from(ref.table as PgTable)
        .where(inArray(ref.table.id, ids));
      if ((found?.n ?? 0) !== ids.length) {
        throw badRequest(
          ref.many ? `One or more of the selected ${ref.label} do not exist.` : `${ref.label} not found.`,
        );
      }
    }
  }

  /** The error to answer with when a write failed: database refusals become clear messages. */
  private async refusal(error: unknown, deleting = false, values?: Row): Promise<unknown> {
    if (error instanceof AppError) return error;
    const code = pgErrorCode(error);
    if (code === PG_UNIQUE_VIOLATION) {
      return conflict(
        values && this.def.duplicateMessage
          ? await this.def.duplicateMessage(this.db, values)
          : ADMIN_MESSAGES.duplicate,
      );
    }
    if (code === PG_FOREIGN_KEY_VIOLATION) {
      if (!deleting) return badRequest('A referenced record does not exist.');
      const referring = errorDetail(error)?.match(/from table "([a-z_]+)"/)?.[1];
      return conflict(this.def.inUseMessage?.(referring) ?? ADMIN_MESSAGES.recordInUse);
    }
    if (code === PG_CHECK_VIOLATION)
      return badRequest(`This ${this.def.meta.label.toLowerCase()} is not valid.`);
    return error;
  }

  /** Creates a record from already-validated input; `extra` carries server-set columns (e.g. a stored file). */
  async create(actor: AuditActor, input: z.output<M['input']>, extra: Row = {}) {
    const values = { ...this.valuesOf(input as Row), ...extra };
    try {
      const id = await this.db.transaction(async (tx) => {
        await this.checkReferences(tx, values);
        await this.def.beforeWrite?.(tx, values, null);
        const [inserted] = await tx
          .insert(this.def.table)
          .values(values as never)
          .returning({ id: this.idColumn });
        const id = inserted!.id as number;
        const after = await this.rowById(tx, id);
        await audit(tx, {
          actor,
          page: this.def.meta.page,
          action: 'create',
          entity: this.def.entity,
          entityId: id,
          before: null,
          after,
        });
        return id;
      });
      return {
        Status: STATUS.ok,
        Message: `${this.def.meta.label} created.`,
        Data: this.toItem((await this.rowById(this.db, id))!),
      };
    } catch (error) {
      throw await this.refusal(error, false, values);
    }
  }

  async update(actor: AuditActor, id: number, values: Row, action = 'update') {
    try {
      await this.db.transaction(async (tx) => {
        const before = await this.rowById(tx, id);
        if (!before) throw notFound(`${this.def.meta.label} not found.`);
        await this.checkReferences(tx, values);
        await this.def.beforeWrite?.(tx, values, id);
        await tx
          .update(this.def.table)
          .set(values as never)
          .where(eq(this.idColumn, id));
        const after = await this.rowById(tx, id);
        await audit(tx, {
          actor,
          page: this.def.meta.page,
          action,
          entity: this.def.entity,
          entityId: id,
          before,
          after,
        });
      });
      return {
        Status: STATUS.ok,
        Message: `${this.def.meta.label} updated.`,
        Data: this.toItem((await this.rowById(this.db, id))!),
      };
    } catch (error) {
      throw await this.refusal(error, false, values);
    }
  }

  async remove(actor: AuditActor, id: number) {
    let before: Row | undefined;
    try {
      await this.db.transaction(async (tx) => {
        before = await this.rowById(tx, id);
        if (!before) throw notFound(`${this.def.meta.label} not found.`);
        await this.def.beforeDelete?.(tx, before);
        await tx.delete(this.def.table).where(eq(this.idColumn, id));
        await audit(tx, {
          actor,
          page: this.def.meta.page,
          action: 'delete',
          entity: this.def.entity,
          entityId: id,
          before,
          after: null,
        });
      });
    } catch (error) {
      throw await this.refusal(error, true);
    }
    if (before) await this.def.afterDelete?.(before);
    return { Status: STATUS.ok, Message: `${this.def.meta.label} deleted.` };
  }
}

/** Registers the routes of a declared resource and returns its service (for custom routes beside them). */
export function registerResource<M extends ResourceMeta>(
  app: FastifyInstance,
  db: Db,
  def: ResourceDefinition<M>,
): ResourceService<M> {
  const service = new ResourceService(db, def);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { meta } = def;
  const access = { page: meta.pages ?? meta.page };
  const tags = ['admin: ' + meta.label];
  const itemEnvelope = z.object({ Status: z.string(), Message: z.string().optional(), Data: meta.item });

  r.get(meta.path, {
    config: { access },
    schema: {
      tags,
      summary: `List ${meta.label.toLowerCase()} records`,
      querystring: listQuerySchema(meta),
      response: { 200: adminPaged(meta.item), ...errors },
    },
    handler: (request) => service.list(request.query as never),
  });

  r.get(`${meta.path}/:id`, {
    config: { access },
    schema: {
      tags,
      summary: `One ${meta.label.toLowerCase()}`,
      params: idParams,
      response: { 200: itemEnvelope, ...errors },
    },
    handler: (request) => service.get(request.params.id),
  });

  if (meta.operations.create) {
    r.post(meta.path, {
      config: { access },
      bodyLimit: 256 * 1024,
      schema: {
        tags,
        summary: `Create a ${meta.label.toLowerCase()}`,
        body: meta.input,
        response: { 200: itemEnvelope, ...errors },
      },
      handler: async (request) =>
        service.create(await actorOf(db, request), request.body as z.output<M['input']>),
    });
  }

  if (meta.operations.update) {
    r.put(`${meta.path}/:id`, {
      config: { access },
      bodyLimit: 256 * 1024,
      schema: {
        tags,
        summary: `Replace a ${meta.label.toLowerCase()}`,
        params: idParams,
        body: meta.input,
        response: { 200: itemEnvelope, ...errors },
      },
      handler: async (request) => {
        const input = request.body as z.output<M['input']>;
        return service.update(await actorOf(db, request), request.params.id, service.valuesOf(input as Row));
      },
    });
  }

  if (meta.operations.delete) {
    r.delete(`${meta.path}/:id`, {
      config: { access },
      schema: {
        tags,
        summary: `Delete a ${meta.label.toLowerCase()}`,
        params: idParams,
        response: { 200: okMessage, ...errors },
      },
      handler: async (request) => service.remove(await actorOf(db, request), request.params.id),
    });
  }

  for (const action of meta.actions) {
    r.post(`${meta.path}/:id/${action.name}`, {
      config: { access },
      schema: {
        tags,
        summary: `${action.label} (${meta.label.toLowerCase()})`,
        params: idParams,
        body: resourceActionRequest,
        response: { 200: itemEnvelope, ...errors },
      },
      handler: async (request) =>
        service.update(
          await actorOf(db, request),
          request.params.id,
          { [action.field]: request.body.value },
          action.name,
        ),
    });
  }

  return service;
}

/** `sql` re-exported for resource files that declare computed fields. */
export { sql };
