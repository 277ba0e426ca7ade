/**
 * The exam's clock as the server holds it. Each server answer carries the attempt's end (EndsAt) and
 * the server's time (ServerNow); the time left is EndsAt − the server's time now. The device's wall
 * clock (Date.now()) is never read: the server's time now is reckoned on a monotonic clock
 * (performance.now()) from the answers, so a wrong or changed device clock moves nothing.
 *
 * The server stamped ServerNow somewhere between the moment the request left and the moment its
 * answer arrived, so each answer bounds the server's time minus the monotonic clock (the offset)
 * to an interval as wide as the round trip. The clock keeps the intersection of these intervals (as
 * NTP keeps its best samples) and reads the middle of it: one answer that was slow to come back (it
 * queued behind a crowd of reconnecting candidates after a restart) widens nothing, where taking its
 * middle alone would misplace the server's time by up to half its round trip. An answer that
 * contradicts the kept interval (the server's clock was set, or another server answered) starts it again.
 */
export interface ClockReading {
  /** The attempt's end, ISO (start + duration, capped by the window, plus extensions). */
  EndsAt: string;
  /** The server's time when it answered, ISO. */
  ServerNow: string;
}

/**
 * How far the device's monotonic clock and the server's may drift apart, per unit of time: a kept
 * interval is widened by this much of the time since it was narrowed (200 ppm, 0.2 ms a second:
 * quartz clocks keep within 50 ppm; a larger step contradicts the bounds and starts them again).
 */
const DRIFT = 0.0002;

export class ServerClock {
  /** The attempt's end as the last answer gave it (ms since the epoch); null before the first. */
  private endsAt: number | null = null;
  /** Bounds of (server time − monotonic time), in ms, kept from the answers so far. */
  private low = 0;
  private high = 0;
  /** The monotonic time the bounds were last set or narrowed. */
  private boundedAt = 0;

  constructor(private readonly monotonic: () => number = () => performance.now()) {}

  /**
   * Takes the server's reading. `sentAt` (the monotonic time the request left) bounds when the server
   * stamped it: between then and now; without it, the reading is taken as made when it arrived.
   */
  sync(reading: ClockReading, sentAt?: number): void {
    const ends = Date.parse(reading.EndsAt);
    const now = Date.parse(reading.ServerNow);
    if (Number.isNaN(ends) || Number.isNaN(now)) return;
    const arrived = this.monotonic();
    const left = sentAt !== undefined && sentAt <= arrived ? sentAt : arrived;
    // Stamped at a monotonic moment in [left, arrived]: the offset is in [now − arrived, now − left].
    const low = now - arrived;
    const high = now - left;
    if (this.endsAt !== null) {
      const slack = (arrived - this.boundedAt) * DRIFT;
      const keptLow = Math.max(low, this.low - slack);
      const keptHigh = Math.min(high, this.high + slack);
      if (keptLow <= keptHigh) {
        this.set(ends, keptLow, keptHigh, arrived);
        return;
      }
    }
    this.set(ends, low, high, arrived);
  }

  private set(ends: number, low: number, high: number, at: number): void {
    this.endsAt = ends;
    this.low = low;
    this.high = high;
    this.boundedAt = at;
  }

  /** Whether a server reading has been taken. */
  get synced(): boolean {
    return this.endsAt !== null;
  }

  /** Milliseconds left (never below 0); null before the first reading. */
  remainingMs(): number | null {
    const now = this.serverNowMs();
    if (now === null || this.endsAt === null) return null;
    return Math.max(0, this.endsAt - now);
  }

  /** The server's time now, as this device reckons it from the readings (ms since the epoch). */
  serverNowMs(): number | null {
    if (this.endsAt === null) return null;
    return this.monotonic() + (this.low + this.high) / 2;
  }

  /** The server's time now as ISO: what an answer carries as the time it was given. */
  serverNowIso(): string | null {
    const now = this.serverNowMs();
    return now === null ? null : new Date(now).toISOString();
  }
}

/** Time left as H:MM:SS or M:SS (rounded up to the second, so 0:00 means the time is up). */
export function formatTimeLeft(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}
