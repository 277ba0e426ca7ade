// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatTimeLeft, ServerClock } from './serverClock';

/** A monotonic clock moved by hand. */
function monotonic(start = 1_000) {
  let now = start;
  return { read: () => now, advance: (ms: number) => void (now += ms) };
}

describe("the exam's server-held clock", () => {
  afterEach(() => vi.useRealTimers());

  it('counts down from EndsAt − ServerNow of the last answer, on the monotonic clock', () => {
    const mono = monotonic();
    const clock = new ServerClock(mono.read);
    expect(clock.remainingMs()).toBeNull();
    clock.sync({ EndsAt: '2026-11-26T10:15:00Z', ServerNow: '2026-11-26T10:00:00Z' });
    expect(clock.remainingMs()).toBe(15 * 60_000);
    mono.advance(61_000);
    expect(clock.remainingMs()).toBe(15 * 60_000 - 61_000);
    expect(clock.serverNowIso()).toBe('2026-11-26T10:01:01.000Z');
  });

  it("never reads the device's wall clock: a device set a day wrong shows the same time left", () => {
    vi.useFakeTimers({ now: new Date('2031-01-01T00:00:00Z') });
    const mono = monotonic();
    const clock = new ServerClock(mono.read);
    clock.sync({ EndsAt: '2026-11-26T10:15:00Z', ServerNow: '2026-11-26T10:05:00Z' });
    vi.setSystemTime(new Date('2020-05-05T00:00:00Z'));
    mono.advance(5_000);
    expect(clock.remainingMs()).toBe(10 * 60_000 - 5_000);
  });

  it('is set again by every server answer (an extension shows at once)', () => {
    const mono = monotonic();
    const clock = new ServerClock(mono.read);
    clock.sync({ EndsAt: '2026-11-26T10:15:00Z', ServerNow: '2026-11-26T10:00:00Z' });
    mono.advance(120_000);
    // The invigilator added 10 minutes; the next answer says so.
    clock.sync({ EndsAt: '2026-11-26T10:25:00Z', ServerNow: '2026-11-26T10:02:00Z' });
    expect(clock.remainingMs()).toBe(23 * 60_000);
  });

  it('places the server time halfway through the round trip when told when the request left', () => {
    const mono = monotonic(0);
    const clock = new ServerClock(mono.read);
    const sentAt = mono.read();
    mono.advance(400);
    clock.sync({ EndsAt: '2026-11-26T10:15:00Z', ServerNow: '2026-11-26T10:00:00Z' }, sentAt);
    // The server answered ~200 ms ago.
    expect(clock.remainingMs()).toBe(15 * 60_000 - 200);
  });

  it('keeps the server time that quick answers pinned when a slow one comes (queued through a restart)', () => {
    const mono = monotonic(0);
    const clock = new ServerClock(mono.read);
    // The server's clock is the monotonic one plus `offset`; it stamps ServerNow as it answers.
    const offset = Date.parse('2026-11-26T10:00:00Z');
    const ends = '2026-11-26T10:15:00Z';
    const stamp = () => new Date(mono.read() + offset).toISOString();
    // A quick answer: 20 ms there and back, stamped half-way.
    let sentAt = mono.read();
    mono.advance(10);
    let reading = { EndsAt: ends, ServerNow: stamp() };
    mono.advance(10);
    clock.sync(reading, sentAt);
    // A minute later, an answer that queued 4.4 s at the server before it was stamped, then came back at once.
    mono.advance(60_000);
    sentAt = mono.read();
    mono.advance(4_390);
    reading = { EndsAt: ends, ServerNow: stamp() };
    mono.advance(10);
    clock.sync(reading, sentAt);
    // Halfway through that round trip alone would be 2.19 s early; the kept bounds (widened by the
    // drift allowed over the minute) put it within 20 ms.
    const truth = Date.parse(ends) - (mono.read() + offset);
    expect(Math.abs(clock.remainingMs()! - truth)).toBeLessThanOrEqual(20);
    expect(Math.abs(clock.serverNowMs()! - (mono.read() + offset))).toBeLessThanOrEqual(20);
  });

  it('starts again from an answer that contradicts the kept server time (its clock was set, or another server)', () => {
    const mono = monotonic(0);
    const clock = new ServerClock(mono.read);
    clock.sync({ EndsAt: '2026-11-26T10:15:00Z', ServerNow: '2026-11-26T10:00:00Z' }, mono.read());
    mono.advance(1_000);
    // 5 s later than the kept bounds allow: taken as it comes.
    const sentAt = mono.read();
    mono.advance(100);
    clock.sync({ EndsAt: '2026-11-26T10:15:00Z', ServerNow: '2026-11-26T10:00:06.050Z' }, sentAt);
    expect(clock.serverNowIso()).toBe('2026-11-26T10:00:06.100Z');
    expect(clock.remainingMs()).toBe(15 * 60_000 - 6_100);
  });

  it('stops at zero and ignores readings it cannot parse', () => {
    const mono = monotonic();
    const clock = new ServerClock(mono.read);
    clock.sync({ EndsAt: '2026-11-26T10:00:10Z', ServerNow: '2026-11-26T10:00:00Z' });
    mono.advance(60_000);
    expect(clock.remainingMs()).toBe(0);
    clock.sync({ EndsAt: 'soon', ServerNow: '2026-11-26T10:00:00Z' });
    expect(clock.remainingMs()).toBe(0);
  });

  it('writes time left as M:SS or H:MM:SS, rounded up', () => {
    expect(formatTimeLeft(15 * 60_000)).toBe('15:00');
    expect(formatTimeLeft(59_001)).toBe('1:00');
    expect(formatTimeLeft(500)).toBe('0:01');
    expect(formatTimeLeft(0)).toBe('0:00');
    expect(formatTimeLeft(3_725_000)).toBe('1:02:05');
  });
});
