/**
 * A small in-process cache of recent results with a time limit, for counts that are costly on
 * large tables (list totals, the screening report, the dashboard). Concurrent requests for the
 * same key share one query. Entries are dropped when their time is up, when the cache is full
 * (oldest first) or when a write in this process clears it.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { at: number; value: Promise<V> }>();
  constructor(
    private readonly ttlMs: number,
    private readonly max = 500,
  ) {}

  get(key: string, load: () => PromiseLike<V>): Promise<V> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.value;
    // A query builder is a thenable that runs again on every await: keep one promise of its rows.
    const value = Promise.resolve(load());
    this.entries.delete(key);
    this.entries.set(key, { at: now, value });
    value.catch(() => this.entries.delete(key));
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}

/**
 * Reference data every student page reads (the current session, semesters and their registration
 * windows, fee schedules, the courses a department offers, unit limits, prerequisites, the grade
 * scale's classes): the same few rows for thousands of students, so each process keeps them for
 * REFERENCE_CACHE_MS. A successful admin write clears this process's copy at once (app.ts); other
 * processes behind the load balancer see the change within the time limit. A transaction always
 * reads the database: only the handle registered here is cached, never a transaction's.
 */
const referenceCaches = new WeakMap<object, TtlCache<unknown>>();

/** Caches the reference data read through `db` for `ttlMs` (0: not at all). */
export function cacheReferenceData(db: object, ttlMs: number): void {
  if (ttlMs > 0) referenceCaches.set(db, new TtlCache(ttlMs, 2000));
  else referenceCaches.delete(db);
}

/**
 * `load()`'s rows, shared for a while when `db` is a cached handle (see above). Callers must not
 * change what it answers.
 */
export function referenceData<V>(db: object, key: string, load: () => PromiseLike<V>): Promise<V> {
  const cache = referenceCaches.get(db) as TtlCache<V> | undefined;
  return cache ? cache.get(key, load) : Promise.resolve(load());
}

/** Forgets the reference data read through `db` (after an admin's change). */
export function clearReferenceData(db: object): void {
  referenceCaches.get(db)?.clear();
}
