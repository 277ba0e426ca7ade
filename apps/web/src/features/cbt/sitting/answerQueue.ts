/**
 * The candidate's answers on their way to the server. Every answer is written to the device first
 * (an `AnswerStore`: IndexedDB in the browser), numbered in the order it was given (Seq) with the
 * time it was given, and stays there until the server acknowledges it. What waits is sent oldest
 * first, one request at a time (a batch of up to `batchSize`), at once when the network is up; a
 * dropped network leaves the answers waiting and they are sent in order when it returns. A closed
 * tab or a crash loses nothing waiting: on resume the attempt's waiting answers are read back and
 * sent before any new one.
 */

/** One answer as kept on the device and sent. */
export interface QueuedAnswer<A> {
  /** The attempt it belongs to (the store's key with Seq). */
  attempt: string;
  /** Its place in the attempt's order, from 1, never reused. */
  seq: number;
  questionId: number;
  answer: A;
  /** When it was given, ISO, on the server's clock as this device reckons it. */
  givenAt: string;
}

/** Where waiting answers are kept on the device. */
export interface AnswerStore<A> {
  add(item: QueuedAnswer<A>): Promise<void>;
  /** The attempt's waiting answers, by Seq. */
  list(attempt: string): Promise<QueuedAnswer<A>[]>;
  /** Forgets the attempt's answers up to and including Seq `seq` (acknowledged). */
  removeThrough(attempt: string, seq: number): Promise<void>;
  /** Forgets one answer (refused for good). */
  remove(attempt: string, seq: number): Promise<void>;
  /** Puts `items` in place of every answer of the attempt, at once (renumbered after a gap). */
  replace(attempt: string, items: QueuedAnswer<A>[]): Promise<void>;
}

/** What became of a batch sent. */
export type SendOutcome =
  /** Acknowledged: the server holds every answer up to Seq `seq` (the whole batch when omitted). */
  | { kind: 'acked'; seq?: number }
  /**
   * The server holds answers up to `lastSeq` and wants the next one numbered after it (an answer
   * refused earlier left a gap): what waits is renumbered from there, in the same order.
   */
  | { kind: 'resequence'; lastSeq: number }
  /** The server could not be reached, or failed for now: keep it and try again. */
  | { kind: 'unreachable' }
  /**
   * The server will never take an answer of the batch (not in the paper, not fitting its question):
   * a single answer is dropped and the reason said; a larger batch is sent again one by one to
   * find it.
   */
  | { kind: 'refused'; message: string }
  /** The attempt was opened on another machine: this one stops sending. */
  | { kind: 'superseded'; message: string }
  /** The attempt is over (submitted, ended, time up): nothing more is sent. */
  | { kind: 'closed'; message: string };

export type QueueState =
  /** Nothing waiting: every answer given is on the server. */
  | 'saved'
  /** Answers waiting and being sent. */
  | 'saving'
  /** Answers waiting, the network down: they go when it returns. */
  | 'offline'
  /** Taken over on another machine. */
  | 'superseded'
  /** The attempt is over. */
  | 'closed';

export interface QueueStatus {
  state: QueueState;
  /** Answers given on this device and not yet acknowledged. */
  waiting: number;
  /** The server's words for the last refusal, takeover or end. */
  message: string | null;
}

export interface AnswerQueueOptions<A> {
  attempt: string;
  store: AnswerStore<A>;
  /** Sends a batch (oldest first, consecutive Seqs). */
  send: (items: QueuedAnswer<A>[]) => Promise<SendOutcome>;
  /** Answers in one request at most (1: one by one). */
  batchSize?: number;
  /** Whether the device says it is online (navigator.onLine). */
  isOnline?: () => boolean;
  onStatus?: (status: QueueStatus) => void;
  /** A timer for the retries (setTimeout); returns a cancel. */
  schedule?: (run: () => void, ms: number) => () => void;
  /**
   * The retries after a failed send (unreachable, refused connection, 5xx) wait a random time between
   * 0 and a ceiling that starts at `retryMs` and doubles each time up to `maxRetryMs` ("full jitter"),
   * so a hall of candidates whose server comes back does not send again in the same instant.
   */
  retryMs?: number;
  maxRetryMs?: number;
  /** The longest random wait before sending when the network returns (`retryNow`); 2 s by default. */
  onlineSpreadMs?: number;
  /** A number in [0, 1) drawing each retry's wait (Math.random). */
  random?: () => number;
}

interface Waiting<A> {
  item: QueuedAnswer<A>;
  /** Written to the store (or failed to be: it is still sent). */
  durable: Promise<void>;
}

const defaultSchedule = (run: () => void, ms: number) => {
  const timer = setTimeout(run, ms);
  return () => clearTimeout(timer);
};

export class AnswerQueue<A> {
  private readonly waiting: Waiting<A>[] = [];
  private nextSeq = 1;
  private opened: Promise<void> | null = null;
  private flushing: Promise<void> | null = null;
  private unreachable = false;
  private stopped: { state: 'superseded' | 'closed'; message: string } | null = null;
  private refusal: string | null = null;
  private cancelRetry: (() => void) | null = null;
  /** The ceiling of the next retry's wait (doubled after each failed try, up to `maxRetryMs`). */
  private retryCeiling: number;
  /** Sending one by one to find the answer the server refuses. */
  private singly = false;
  /** The device's writes, one after another in the order they were asked for. */
  private writes: Promise<void> = Promise.resolve();
  private readonly isOnline: () => boolean;
  private readonly schedule: (run: () => void, ms: number) => () => void;

  constructor(private readonly options: AnswerQueueOptions<A>) {
    this.isOnline = options.isOnline ?? (() => true);
    this.schedule = options.schedule ?? defaultSchedule;
    this.retryCeiling = options.retryMs ?? 1_000;
  }

  /**
   * Reads the attempt's waiting answers back from the device and starts sending them. Answers up to
   * `lastAckedSeq` (what the server says it holds) are already safe and forgotten; new answers
   * are numbered after both.
   */
  open(lastAckedSeq: number): Promise<void> {
    this.opened ??= (async () => {
      const { store, attempt } = this.options;
      let saved: QueuedAnswer<A>[] = [];
      try {
        saved = await store.list(attempt);
      } catch {
        // The device's store cannot be read (private mode, storage full): answers still go to the server.
      }
      if (saved.some((item) => item.seq <= lastAckedSeq))
        await this.write((s) => s.removeThrough(attempt, lastAckedSeq));
      for (const item of saved.filter((s) => s.seq > lastAckedSeq).sort((a, b) => a.seq - b.seq))
        this.waiting.push({ item, durable: Promise.resolve() });
      const highest = Math.max(lastAckedSeq, ...saved.map((item) => item.seq));
      this.nextSeq = highest + 1;
      this.report();
      void this.flush();
    })();
    return this.opened;
  }

  /**
   * Keeps an answer on the device and sends it (after those before it). Resolves once it is
   * written to the device, with the Seq it was given.
   */
  async give(questionId: number, answer: A, givenAt: string): Promise<QueuedAnswer<A>> {
    if (!this.opened) throw new Error('The answer queue is not open.');
    await this.opened;
    if (this.stopped) throw new Error(this.stopped.message || 'The attempt cannot take answers.');
    const item: QueuedAnswer<A> = {
      attempt: this.options.attempt,
      seq: this.nextSeq++,
      questionId,
      answer,
      givenAt,
    };
    const durable = this.write((store) => store.add(item));
    this.waiting.push({ item, durable });
    this.report();
    void this.flush();
    await durable;
    return item;
  }

  /** Sends what waits, in order, one at a time (a second call joins the one under way). */
  flush(): Promise<void> {
    if (!this.opened) return Promise.resolve();
    this.flushing ??= this.run().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  /**
   * The network is back (the window's `online` event): send soon rather than at the next retry. A
   * hall's network returns for every candidate at once, so each waits a random moment below
   * `onlineSpreadMs` first (full jitter again) rather than all sending in the same instant.
   * Resolves once what waited has been sent (or sending stopped again).
   */
  retryNow(): Promise<void> {
    this.cancelRetry?.();
    this.cancelRetry = null;
    this.retryCeiling = this.options.retryMs ?? 1_000;
    if (this.stopped) return Promise.resolve();
    const wait = Math.floor((this.options.random ?? Math.random)() * (this.options.onlineSpreadMs ?? 2_000));
    return new Promise((resolve) => {
      this.cancelRetry = this.schedule(() => {
        this.cancelRetry = null;
        void this.flush().then(resolve);
      }, wait);
    });
  }

  /** Stops sending (the page closes); what waits stays on the device for next time. */
  dispose(): void {
    this.cancelRetry?.();
    this.cancelRetry = null;
    this.stopped ??= { state: 'closed', message: '' };
  }

  /** Answers given and not yet acknowledged, oldest first. */
  pending(): QueuedAnswer<A>[] {
    return this.waiting.map((w) => w.item);
  }

  status(): QueueStatus {
    if (this.stopped)
      return { state: this.stopped.state, waiting: this.waiting.length, message: this.stopped.message };
    const waiting = this.waiting.length;
    const state: QueueState =
      waiting === 0 ? 'saved' : this.unreachable || !this.isOnline() ? 'offline' : 'saving';
    return { state, waiting, message: this.refusal };
  }

  private report(): void {
    this.options.onStatus?.(this.status());
  }

  private async run(): Promise<void> {
    await this.opened;
    while (!this.stopped && this.waiting.length > 0) {
      if (!this.isOnline()) {
        // The device knows it is offline: wait for its `online` event (retryNow) or the next try.
        this.unreachable = true;
        this.report();
        this.retryLater();
        return;
      }
      const batch = this.waiting.slice(0, this.singly ? 1 : (this.options.batchSize ?? 1));
      await Promise.all(batch.map((w) => w.durable));
      const head = batch[0]!.item;
      const last = batch.at(-1)!.item;
      let outcome: SendOutcome;
      try {
        outcome = await this.options.send(batch.map((w) => w.item));
      } catch {
        outcome = { kind: 'unreachable' };
      }
      if (this.stopped) return;
      switch (outcome.kind) {
        case 'acked': {
          const through = outcome.seq ?? last.seq;
          if (through < head.seq) {
            // Nothing of the batch taken: the server is behind, number again after what it holds.
            await this.resequence(through);
            break;
          }
          this.forgetThrough(through);
          this.unreachable = false;
          this.retryCeiling = this.options.retryMs ?? 1_000;
          if (this.waiting.length === 0) this.singly = false;
          await this.write((store) => store.removeThrough(this.options.attempt, through));
          this.report();
          break;
        }
        case 'resequence':
          this.forgetThrough(Math.min(outcome.lastSeq, head.seq - 1));
          await this.resequence(outcome.lastSeq);
          break;
        case 'refused':
          if (batch.length > 1) {
            this.singly = true;
            break;
          }
          this.waiting.shift();
          this.refusal = outcome.message;
          await this.write((store) => store.remove(this.options.attempt, head.seq));
          this.report();
          break;
        case 'superseded':
        case 'closed':
          this.stopped = { state: outcome.kind, message: outcome.message };
          this.report();
          return;
        case 'unreachable':
          this.unreachable = true;
          this.report();
          this.retryLater();
          return;
      }
    }
  }

  /**
   * A write to the device after those asked for before it (so a renumbering never overtakes an
   * answer being written); a failed write is let go: the answer is still sent.
   */
  private write(op: (store: AnswerStore<A>) => Promise<void>): Promise<void> {
    this.writes = this.writes.then(() => op(this.options.store)).catch(() => undefined);
    return this.writes;
  }

  private forgetThrough(seq: number): void {
    while (this.waiting.length > 0 && this.waiting[0]!.item.seq <= seq) this.waiting.shift();
  }

  /** Numbers what waits from `lastSeq` + 1 on, in the same order, on the device too. */
  private async resequence(lastSeq: number): Promise<void> {
    this.waiting.forEach((w, i) => {
      w.item = { ...w.item, seq: lastSeq + 1 + i };
    });
    this.nextSeq = lastSeq + 1 + this.waiting.length;
    const items = this.waiting.map((w) => w.item);
    const durable = this.write((store) => store.replace(this.options.attempt, items));
    for (const w of this.waiting) w.durable = durable;
    await durable;
  }

  /** The next try after a failed one: at a random moment before the ceiling, which then doubles. */
  private retryLater(): void {
    if (this.cancelRetry || this.stopped) return;
    const ceiling = this.retryCeiling;
    this.retryCeiling = Math.min(ceiling * 2, this.options.maxRetryMs ?? 15_000);
    const wait = Math.floor((this.options.random ?? Math.random)() * ceiling);
    this.cancelRetry = this.schedule(() => {
      this.cancelRetry = null;
      void this.flush();
    }, wait);
  }
}

/** An `AnswerStore` in memory: for tests, and where the device's storage cannot be opened. */
export function memoryAnswerStore<A>(): AnswerStore<A> & { items: QueuedAnswer<A>[] } {
  const items: QueuedAnswer<A>[] = [];
  return {
    items,
    add: async (item) => {
      items.push(structuredClone(item));
    },
    list: async (attempt) =>
      items
        .filter((i) => i.attempt === attempt)
        .sort((a, b) => a.seq - b.seq)
        .map((i) => structuredClone(i)),
    removeThrough: async (attempt, seq) => {
      for (let i = items.length - 1; i >= 0; i--)
        if (items[i]!.attempt === attempt && items[i]!.seq <= seq) items.splice(i, 1);
    },
    remove: async (attempt, seq) => {
      const at = items.findIndex((i) => i.attempt === attempt && i.seq === seq);
      if (at >= 0) items.splice(at, 1);
    },
    replace: async (attempt, next) => {
      for (let i = items.length - 1; i >= 0; i--) if (items[i]!.attempt === attempt) items.splice(i, 1);
      items.push(...next.map((i) => structuredClone(i)));
    },
  };
}

/**
 * The answers to show: the server's acknowledged ones, each replaced by the latest waiting answer
 * to the same question (by Seq).
 */
export function withWaiting<A>(acked: ReadonlyMap<number, A>, waiting: readonly QueuedAnswer<A>[]) {
  const merged = new Map(acked);
  for (const item of [...waiting].sort((a, b) => a.seq - b.seq)) merged.set(item.questionId, item.answer);
  return merged;
}
