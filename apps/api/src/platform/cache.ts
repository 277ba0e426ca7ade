/**
 * A small in-process cache of recent results with a time limit, for counts that are costly on
 * large tables (list totals, the screening report, the dashboard). Concurrent requests for the
 * same key share one query. Entries are dropped when their time is up, when the cache is full
 * (oldest first) or when a write in this process clears it.
 *
 * With `refreshAheadMs`, a request in the last `refreshAheadMs` of an entry's time is answered
 * from the entry while one query (shared, as above) replaces it: a key read steadily never makes
 * its readers wait for the query again, and no answer is older than `ttlMs` (an entry's time runs
 * from the start of the query that made it).
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { at: number; value: Promise<V>; refreshing?: boolean }>();
  /** Bumped by clear(): a refresh started before a clear must not bring back what it cleared. */
  private generation = 0;
  constructor(
    private readonly ttlMs: number,
    private readonly max = 500,
    private readonly refreshAheadMs = 0,
  ) {}

  get(key: string, load: () => PromiseLike<V>): Promise<V> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) {
      if (this.refreshAheadMs > 0 && !hit.refreshing && now - hit.at >= this.ttlMs - this.refreshAheadMs) {
        hit.refreshing = true;
        this.refresh(key, hit, now, load);
      }
      return hit.value;
    }
    // A query builder is a thenable that runs again on every await: keep one promise of its rows.
    const value = Promise.resolve(load());
    this.entries.delete(key);
    this.entries.set(key, { at: now, value });
    value.catch(() => this.entries.delete(key));
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }

  /** Runs `load` in the background and puts its answer in place of `hit` once it has one. */
  private refresh(key: string, hit: { refreshing?: boolean }, at: number, load: () => PromiseLike<V>): void {
    const generation = this.generation;
    Promise.resolve(load()).then(
      (answer) => {
        // Cleared, replaced or dropped meanwhile: the entry that is there now is the one to keep.
        if (this.generation !== generation || this.entries.get(key) !== hit) return;
        this.entries.delete(key);
        this.entries.set(key, { at, value: Promise.resolve(answer) });
      },
      () => {
        // The entry keeps its answer until its time is up; the next request then asks again.
        hit.refreshing = false;
      },
    );
  }

  clear(): void {
    this.generation += 1;
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
