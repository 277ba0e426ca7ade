import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TtlCache } from './cache.js';

/** A load whose answer the test gives when it likes, counting how often it was asked. */
function loads() {
  const pending: ((n: number) => void)[] = [];
  const load = () => new Promise<number>((resolve) => pending.push(resolve));
  return {
    load,
    get asked() {
      return pending.length;
    },
    answer: (i: number, n: number) => pending[i]!(n),
  };
}

describe('TtlCache', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(0);
  });
  afterEach(() => vi.useRealTimers());

  it('asks once for concurrent readers of a key, and again once the time is up', async () => {
    const cache = new TtlCache<number>(10_000);
    const l = loads();
    const readers = [cache.get('k', l.load), cache.get('k', l.load), cache.get('k', l.load)];
    expect(l.asked).toBe(1);
    l.answer(0, 7);
    expect(await Promise.all(readers)).toEqual([7, 7, 7]);
    vi.setSystemTime(9_999);
    expect(await cache.get('k', l.load)).toBe(7);
    vi.setSystemTime(10_000);
    const late = [cache.get('k', l.load), cache.get('k', l.load)];
    expect(l.asked).toBe(2);
    l.answer(1, 8);
    expect(await Promise.all(late)).toEqual([8, 8]);
  });

  it('with refresh ahead, answers at once in the last seconds while one query replaces the entry', async () => {
    const cache = new TtlCache<number>(10_000, 500, 2_000);
    const l = loads();
    const first = cache.get('k', l.load);
    l.answer(0, 1);
    expect(await first).toBe(1);

    vi.setSystemTime(7_999);
    expect(await cache.get('k', l.load)).toBe(1);
    expect(l.asked).toBe(1);

    // In the last 2 s: the kept answer, and one refresh however many read meanwhile.
    vi.setSystemTime(8_000);
    expect(await cache.get('k', l.load)).toBe(1);
    expect(await cache.get('k', l.load)).toBe(1);
    expect(l.asked).toBe(2);
    l.answer(1, 2);
    await vi.waitFor(async () => expect(await cache.get('k', l.load)).toBe(2));

    // The refreshed entry's time runs from the start of its query (8 s): kept until 18 s.
    vi.setSystemTime(15_999);
    expect(await cache.get('k', l.load)).toBe(2);
    expect(l.asked).toBe(2);
    vi.setSystemTime(18_000);
    const waited = cache.get('k', l.load);
    expect(l.asked).toBe(3);
    l.answer(2, 3);
    expect(await waited).toBe(3);
  });

  it('never brings back an answer a clear() made stale', async () => {
    const cache = new TtlCache<number>(10_000, 500, 2_000);
    const l = loads();
    const first = cache.get('k', l.load);
    l.answer(0, 1);
    await first;
    vi.setSystemTime(9_000);
    expect(await cache.get('k', l.load)).toBe(1); // starts a refresh
    cache.clear(); // a write: what the refresh is counting may be out of date
    l.answer(1, 100);
    await Promise.resolve();
    const after = cache.get('k', l.load);
    expect(l.asked).toBe(3);
    l.answer(2, 2);
    expect(await after).toBe(2);
  });

  it('keeps its answer when a refresh fails, and asks again on the next read', async () => {
    const cache = new TtlCache<number>(10_000, 500, 2_000);
    let calls = 0;
    const load = () => {
      calls += 1;
      return calls === 2 ? Promise.reject(new Error('down')) : Promise.resolve(calls);
    };
    expect(await cache.get('k', load)).toBe(1);
    vi.setSystemTime(8_500);
    expect(await cache.get('k', load)).toBe(1); // refresh (call 2) fails in the background
    await vi.waitFor(() => expect(calls).toBe(2));
    await new Promise((r) => setImmediate(r));
    expect(await cache.get('k', load)).toBe(1); // still the kept answer; a new refresh (call 3)
    await vi.waitFor(async () => expect(await cache.get('k', load)).toBe(3));
  });
});
