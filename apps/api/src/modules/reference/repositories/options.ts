import { asc, ilike, inArray, or } from 'drizzle-orm';
import type { ResourceSpec } from '@portal/contracts';
import type { Db } from '../../../db/client.js';
import { likeEscape } from '../../../platform/db.js';
import { displaySql } from './definition.js';
import { tableOf } from './tables.js';

/**
 * A resource's choices for another page's form: at most `limit` matching the search, by name,
 * plus the ids asked for (the values a form already holds) when the search left them out.
 */
export async function optionsOf(
  db: Db,
  spec: ResourceSpec,
  query: { search?: string; ids?: string },
  limit: number,
): Promise<{ value: number; label: string }[]> {
  const { table, id } = tableOf(spec.name);
  const name = displaySql(spec, table);
  const where = query.search ? or(ilike(name, `%${likeEscape(query.search)}%`)) : undefined;
  const rows = await db
    .select({ value: id, label: name })
    .from(table)
    .where(where)
    .orderBy(asc(name))
    .limit(limit);
  const wanted = (query.ids ?? '').split(',').filter(Boolean).map(Number);
  const missing = wanted.filter((w) => !rows.some((row) => row.value === w));
  if (missing.length)
    rows.push(...(await db.select({ value: id, label: name }).from(table).where(inArray(id, missing))));
  return rows as { value: number; label: string }[];
}
