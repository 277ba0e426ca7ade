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

  get(key: string, load: () => Promise<V>): Promise<V> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.value;
    const value = load();
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
