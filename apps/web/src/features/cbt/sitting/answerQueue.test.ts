// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  AnswerQueue,
  memoryAnswerStore,
  withWaiting,
  type QueuedAnswer,
  type QueueStatus,
  type SendOutcome,
} from './answerQueue';

type Answer = { choice: string };

/**
 * A server as the queue meets it: it records what arrives (each request as a batch), answers from
 * `reply` (every answer acknowledged by default) and can be down.
 */
function fakeServer() {
  const received: QueuedAnswer<Answer>[] = [];
  const batches: number[][] = [];
  const server = {
    received,
    batches,
    down: false,
    reply: (items: QueuedAnswer<Answer>[]): SendOutcome => ({ kind: 'acked', seq: items.at(-1)!.seq }),
    send: async (items: QueuedAnswer<Answer>[]): Promise<SendOutcome> => {
      if (server.down) return { kind: 'unreachable' };
      const outcome = server.reply(items);
      batches.push(items.map((i) => i.seq));
      if (outcome.kind === 'acked') received.push(...items.filter((i) => i.seq <= (outcome.seq ?? Infinity)));
      else if (outcome.kind === 'refused' || outcome.kind === 'superseded' || outcome.kind === 'closed')
        received.push(...items);
      return outcome;
    },
  };
  return server;
}

/** Timers run by hand: `fire()` runs what is due (every scheduled retry). */
function manualTimers() {
  const due: { run: () => void; ms: number }[] = [];
  return {
    due,
    schedule: (run: () => void, ms: number) => {
      const entry = { run, ms };
      due.push(entry);
      return () => {
        const at = due.indexOf(entry);
        if (at >= 0) due.splice(at, 1);
      };
    },
    fire: async () => {
      for (const entry of due.splice(0)) entry.run();
      await settle();
    },
  };
}

/** Lets the queue's promises run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The network returns: the queue waits its random moment (the timer fired by hand), then sends. */
async function backOnline(queue: AnswerQueue<Answer>, timers: ReturnType<typeof manualTimers>) {
  const sent = queue.retryNow();
  await timers.fire();
  await sent;
}

function setup(
  opts: {
    online?: () => boolean;
    attempt?: string;
    batchSize?: number;
    random?: () => number;
    retryMs?: number;
    maxRetryMs?: number;
  } = {},
) {
  const store = memoryAnswerStore<Answer>();
  const server = fakeServer();
  const timers = manualTimers();
  const statuses: QueueStatus[] = [];
  const make = () =>
    new AnswerQueue<Answer>({
      attempt: opts.attempt ?? 'a1',
      store,
      send: server.send,
      isOnline: opts.online,
      schedule: timers.schedule,
      onStatus: (s) => statuses.push(s),
      batchSize: opts.batchSize,
      random: opts.random,
      retryMs: opts.retryMs,
      maxRetryMs: opts.maxRetryMs,
    });
  return { store, server, timers, statuses, queue: make(), make };
}

const at = (second: number) => `2026-11-26T10:00:${String(second).padStart(2, '0')}.000Z`;

describe('the offline answer queue', () => {
  it('sends each answer at once, numbered in order with the time it was given, and forgets it when acknowledged', async () => {
    const { queue, server, store } = setup();
    await queue.open(0);
    await queue.give(11, { choice: 'A' }, at(1));
    await queue.give(12, { choice: 'C' }, at(2));
    await queue.flush();
    expect(server.received.map((r) => [r.seq, r.questionId, r.answer.choice, r.givenAt])).toEqual([
      [1, 11, 'A', at(1)],
      [2, 12, 'C', at(2)],
    ]);
    expect(store.items).toEqual([]);
    expect(queue.status()).toEqual({ state: 'saved', waiting: 0, message: null });
  });

  it('keeps answers on the device while the network is down and sends them in order when it returns', async () => {
    let online = true;
    const { queue, server, store, timers } = setup({ online: () => online });
    await queue.open(0);
    await queue.give(1, { choice: 'A' }, at(1));
    await queue.give(2, { choice: 'B' }, at(2));
    await queue.give(3, { choice: 'C' }, at(3));
    await queue.flush();
    online = false;
    await queue.give(4, { choice: 'D' }, at(4));
    await queue.give(5, { choice: 'A' }, at(5));
    await queue.flush();
    expect(queue.status()).toMatchObject({ state: 'offline', waiting: 2 });
    expect(store.items.map((i) => i.seq)).toEqual([4, 5]);
    expect(server.received).toHaveLength(3);
    // A retry while still offline sends nothing.
    await timers.fire();
    expect(server.received).toHaveLength(3);

    online = true;
    await backOnline(queue, timers);
    expect(server.received.map((r) => [r.seq, r.givenAt])).toEqual([
      [1, at(1)],
      [2, at(2)],
      [3, at(3)],
      [4, at(4)],
      [5, at(5)],
    ]);
    expect(queue.status()).toMatchObject({ state: 'saved', waiting: 0 });
    expect(store.items).toEqual([]);
  });

  it('treats a server it cannot reach as offline and tries again later, with longer waits', async () => {
    // The draw at the top of its range: each wait is just under its ceiling (1 s, then 2 s).
    const { queue, server, timers } = setup({ random: () => 0.9999 });
    await queue.open(0);
    server.down = true;
    await queue.give(7, { choice: 'B' }, at(1));
    await queue.flush();
    expect(queue.status()).toMatchObject({ state: 'offline', waiting: 1 });
    expect(timers.due.map((d) => d.ms)).toEqual([999]);
    await timers.fire();
    expect(timers.due.map((d) => d.ms)).toEqual([1999]);
    server.down = false;
    await timers.fire();
    expect(server.received.map((r) => r.seq)).toEqual([1]);
    expect(queue.status().state).toBe('saved');
  });

  it('spreads its retries at random below a ceiling that doubles up to the cap, and starts low again after a save', async () => {
    // Draws 0, ½, just under 1, …: every wait is in [0, ceiling), the ceilings 400, 800, 1600, 2000, 2000 ms.
    const draws = [0, 0.5, 0.9999, 0.5, 0.25, 0.5];
    const { queue, server, timers } = setup({
      random: () => draws.shift() ?? 0.5,
      retryMs: 400,
      maxRetryMs: 2_000,
    });
    await queue.open(0);
    server.down = true;
    await queue.give(7, { choice: 'B' }, at(1));
    await queue.flush();
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      waits.push(...timers.due.map((d) => d.ms));
      await timers.fire();
    }
    expect(waits).toEqual([0, 400, 1599, 1000, 500]);
    server.down = false;
    await timers.fire();
    expect(queue.status().state).toBe('saved');
    // After a save the next failure waits below the first ceiling again.
    server.down = true;
    await queue.give(8, { choice: 'C' }, at(2));
    await queue.flush();
    expect(timers.due.map((d) => d.ms)).toEqual([200]);
  });

  it('by default, a hall of queues whose server fails draws waits spread over the whole range', async () => {
    const waits: number[] = [];
    for (let i = 0; i < 200; i++) {
      const { queue, server, timers } = setup();
      await queue.open(0);
      server.down = true;
      await queue.give(1, { choice: 'A' }, at(1));
      await queue.flush();
      waits.push(...timers.due.map((d) => d.ms));
    }
    expect(waits).toHaveLength(200);
    expect(waits.every((w) => w >= 0 && w < 1000)).toBe(true);
    // Not one instant: the waits fall in every tenth of the first second.
    expect(new Set(waits.map((w) => Math.floor(w / 100))).size).toBe(10);
  });

  it('a send that throws is kept for the next try, not lost', async () => {
    const { store, timers } = setup();
    let fail = true;
    const sent: number[] = [];
    const queue = new AnswerQueue<Answer>({
      attempt: 'a1',
      store,
      schedule: timers.schedule,
      send: async (items) => {
        if (fail) throw new TypeError('Failed to fetch');
        sent.push(...items.map((i) => i.seq));
        return { kind: 'acked' };
      },
    });
    await queue.open(0);
    await queue.give(1, { choice: 'A' }, at(1));
    await queue.flush();
    expect(store.items).toHaveLength(1);
    fail = false;
    await timers.fire();
    expect(sent).toEqual([1]);
    expect(store.items).toHaveLength(0);
  });

  it('after a closed tab, resumes with the waiting answers first and numbers new ones after them', async () => {
    let online = false;
    const first = setup({ online: () => online });
    await first.queue.open(3);
    await first.queue.give(4, { choice: 'A' }, at(4));
    await first.queue.give(5, { choice: 'B' }, at(5));
    first.queue.dispose(); // the tab closes; the device keeps seq 4 and 5

    online = true;
    const again = first.make();
    await again.open(3);
    expect(again.status()).toMatchObject({ waiting: 2 });
    await again.give(6, { choice: 'C' }, at(6));
    await again.flush();
    expect(first.server.received.map((r) => [r.seq, r.questionId])).toEqual([
      [4, 4],
      [5, 5],
      [6, 6],
    ]);
    expect(first.store.items).toEqual([]);
  });

  it('on resume forgets answers the server already holds (an acknowledgement lost on the way)', async () => {
    const { store, make, server } = setup();
    for (const seq of [4, 5, 6])
      await store.add({ attempt: 'a1', seq, questionId: seq, answer: { choice: 'A' }, givenAt: at(seq) });
    const queue = make();
    await queue.open(5);
    await queue.flush();
    expect(server.received.map((r) => r.seq)).toEqual([6]);
    await queue.give(9, { choice: 'D' }, at(9));
    await queue.flush();
    expect(server.received.map((r) => r.seq)).toEqual([6, 7]);
  });

  it('keeps attempts apart on one device', async () => {
    const { store, make, server } = setup();
    await store.add({ attempt: 'other', seq: 1, questionId: 1, answer: { choice: 'A' }, givenAt: at(1) });
    const queue = make();
    await queue.open(0);
    await queue.give(2, { choice: 'B' }, at(2));
    await queue.flush();
    expect(server.received.map((r) => [r.attempt, r.seq])).toEqual([['a1', 1]]);
    expect(store.items.map((i) => i.attempt)).toEqual(['other']);
  });

  it('drops an answer the server refuses for good, says why, and goes on with the next', async () => {
    const { queue, server, store } = setup();
    server.reply = (items) =>
      items[0]!.seq === 1
        ? { kind: 'refused', message: 'Question 1 is not in your paper.' }
        : { kind: 'acked', seq: items.at(-1)!.seq };
    await queue.open(0);
    await queue.give(1, { choice: 'A' }, at(1));
    await queue.give(2, { choice: 'B' }, at(2));
    await queue.flush();
    expect(server.received.map((r) => r.seq)).toEqual([1, 2]);
    expect(store.items).toEqual([]);
    expect(queue.status()).toEqual({
      state: 'saved',
      waiting: 0,
      message: 'Question 1 is not in your paper.',
    });
  });

  it('stops sending when the attempt is taken over on another machine, keeping what waits', async () => {
    const { queue, server, store } = setup();
    server.reply = () => ({ kind: 'superseded', message: 'This attempt was opened on another computer.' });
    await queue.open(0);
    await queue.give(1, { choice: 'A' }, at(1));
    await queue.flush();
    expect(queue.status()).toEqual({
      state: 'superseded',
      waiting: 1,
      message: 'This attempt was opened on another computer.',
    });
    await expect(queue.give(2, { choice: 'B' }, at(2))).rejects.toThrow('another computer');
    expect(server.received).toHaveLength(1);
    expect(store.items.map((i) => i.seq)).toEqual([1]);
  });

  it('stops when the attempt is over', async () => {
    const { queue, server } = setup();
    server.reply = () => ({ kind: 'closed', message: 'The attempt has ended.' });
    await queue.open(0);
    await queue.give(1, { choice: 'A' }, at(1));
    await queue.flush();
    expect(queue.status().state).toBe('closed');
  });

  it('never sends two at once and never out of order, however fast answers come', async () => {
    const { store } = setup();
    let inFlight = 0;
    let most = 0;
    const order: number[] = [];
    const queue = new AnswerQueue<Answer>({
      attempt: 'a1',
      store,
      batchSize: 3,
      send: async (items) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await settle();
        order.push(...items.map((i) => i.seq));
        inFlight -= 1;
        return { kind: 'acked', seq: items.at(-1)!.seq };
      },
    });
    await queue.open(0);
    await Promise.all(Array.from({ length: 8 }, (_, i) => queue.give(i + 1, { choice: 'A' }, at(i))));
    await queue.flush();
    while (queue.status().waiting > 0) await queue.flush();
    expect(order).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(most).toBe(1);
  });

  it('reports its state as it goes: saving, then saved', async () => {
    const { queue, statuses } = setup();
    await queue.open(0);
    await queue.give(1, { choice: 'A' }, at(1));
    await queue.flush();
    expect(statuses.map((s) => `${s.state}:${s.waiting}`)).toEqual(['saved:0', 'saving:1', 'saved:0']);
  });

  it('sends what waited in batches, oldest first, when the network returns', async () => {
    let online = false;
    const { queue, server, timers } = setup({ online: () => online, batchSize: 2 });
    await queue.open(0);
    for (const q of [1, 2, 3, 4, 5]) await queue.give(q, { choice: 'A' }, at(q));
    online = true;
    await backOnline(queue, timers);
    expect(server.batches).toEqual([[1, 2], [3, 4], [5]]);
    expect(queue.status().state).toBe('saved');
  });

  it('waits a random moment below the spread when the network returns, so a hall does not send at once', async () => {
    let online = false;
    const draws = [0.25, 0.75];
    const { queue, server, timers } = setup({ online: () => online, random: () => draws.shift() ?? 0 });
    await queue.open(0);
    await queue.give(1, { choice: 'A' }, at(1));
    timers.due.splice(0);
    online = true;
    const sent = queue.retryNow();
    expect(timers.due.map((t) => t.ms)).toEqual([500]);
    expect(server.received).toHaveLength(0);
    await timers.fire();
    await sent;
    expect(server.received.map((r) => r.seq)).toEqual([1]);
    // A second online event replaces the wait rather than adding another.
    await queue.give(2, { choice: 'B' }, at(2));
    online = false;
    await queue.flush();
    timers.due.splice(0);
    online = true;
    void queue.retryNow();
    void queue.retryNow();
    expect(timers.due).toHaveLength(1);
  });

  it('finds the refused answer of a batch by sending one by one, then renumbers after the gap it leaves', async () => {
    // As the real server: Seqs continue from what it holds with no gap (else: out of order, with
    // what it holds), a batch is all or nothing, and question 2 is not in the paper.
    const log: QueuedAnswer<Answer>[] = [];
    const batches: number[][] = [];
    let down = true;
    const store = memoryAnswerStore<Answer>();
    const timers = manualTimers();
    const queue = new AnswerQueue<Answer>({
      attempt: 'a1',
      store,
      batchSize: 5,
      schedule: timers.schedule,
      send: async (items) => {
        if (down) return { kind: 'unreachable' };
        batches.push(items.map((i) => i.questionId));
        const held = log.length;
        if (items[0]!.seq !== held + 1) return { kind: 'resequence', lastSeq: held };
        if (items.some((i) => i.questionId === 2))
          return { kind: 'refused', message: 'Question 2 is not in your paper.' };
        log.push(...items);
        return { kind: 'acked', seq: log.length };
      },
    });
    await queue.open(0);
    for (const q of [1, 2, 3, 4]) await queue.give(q, { choice: 'A' }, at(q));
    down = false;
    await backOnline(queue, timers);
    // One by one until the backlog is through: 3 is first sent with the Seq 2 left, then renumbered.
    expect(batches).toEqual([[1, 2, 3, 4], [1], [2], [3], [3], [4]]);
    expect(log.map((r) => [r.seq, r.questionId, r.givenAt])).toEqual([
      [1, 1, at(1)],
      [2, 3, at(3)],
      [3, 4, at(4)],
    ]);
    expect(queue.status()).toMatchObject({ state: 'saved', message: 'Question 2 is not in your paper.' });
    expect(store.items).toEqual([]);
    // New answers follow on from what the server holds, in batches again.
    await queue.give(5, { choice: 'B' }, at(5));
    await queue.flush();
    expect(log.map((r) => r.seq)).toEqual([1, 2, 3, 4]);
  });

  it('refuses answers before it is opened', async () => {
    const { queue } = setup();
    await expect(queue.give(1, { choice: 'A' }, at(1))).rejects.toThrow('not open');
  });
});

describe('the answers shown', () => {
  it('are the acknowledged ones with the latest waiting answer of each question over them', () => {
    const acked = new Map<number, Answer>([
      [1, { choice: 'A' }],
      [2, { choice: 'B' }],
    ]);
    const waiting: QueuedAnswer<Answer>[] = [
      { attempt: 'a', seq: 9, questionId: 2, answer: { choice: 'D' }, givenAt: at(9) },
      { attempt: 'a', seq: 8, questionId: 2, answer: { choice: 'C' }, givenAt: at(8) },
      { attempt: 'a', seq: 10, questionId: 3, answer: { choice: 'A' }, givenAt: at(10) },
    ];
    expect(Object.fromEntries(withWaiting(acked, waiting))).toEqual({
      1: { choice: 'A' },
      2: { choice: 'D' },
      3: { choice: 'A' },
    });
  });
});
