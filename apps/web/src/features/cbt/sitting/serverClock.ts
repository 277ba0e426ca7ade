/**
 * The exam's clock as the server holds it. Each server answer carries the attempt's end (EndsAt) and
 * the server's time (ServerNow); the time left is EndsAt − ServerNow at that answer, counted down
 * from the moment it arrived on a monotonic clock (performance.now()), and taken again at every
 * answer. The device's wall clock (Date.now()) is never read: a wrong or changed device clock moves
 * nothing.
 */
export interface ClockReading {
  /** The attempt's end, ISO (start + duration, capped by the window, plus extensions). */
  EndsAt: string;
  /** The server's time when it answered, ISO. */
  ServerNow: string;
}

export class ServerClock {
  /** EndsAt − ServerNow of the last answer, in ms; null before the first. */
  private leftAtReference: number | null = null;
  /** The server's time of the last answer, in ms since the epoch. */
  private serverAtReference = 0;
  /** The monotonic time the last answer is taken to have been made. */
  private reference = 0;

  constructor(private readonly monotonic: () => number = () => performance.now()) {}

  /**
   * Takes the server's reading. `sentAt` (the monotonic time the request left) places the server's
   * time halfway through the round trip; without it, at the moment the answer arrived.
   */
  sync(reading: ClockReading, sentAt?: number): void {
    const ends = Date.parse(reading.EndsAt);
    const now = Date.parse(reading.ServerNow);
    if (Number.isNaN(ends) || Number.isNaN(now)) return;
    const arrived = this.monotonic();
    this.reference = sentAt !== undefined && sentAt <= arrived ? (sentAt + arrived) / 2 : arrived;
    this.leftAtReference = ends - now;
    this.serverAtReference = now;
  }

  /** Whether a server reading has been taken. */
  get synced(): boolean {
    return this.leftAtReference !== null;
  }

  private elapsed(): number {
    return Math.max(0, this.monotonic() - this.reference);
  }

  /** Milliseconds left (never below 0); null before the first reading. */
  remainingMs(): number | null {
    if (this.leftAtReference === null) return null;
    return Math.max(0, this.leftAtReference - this.elapsed());
  }

  /** The server's time now, as this device reckons it from the last reading (ms since the epoch). */
  serverNowMs(): number | null {
    if (this.leftAtReference === null) return null;
    return this.serverAtReference + this.elapsed();
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
