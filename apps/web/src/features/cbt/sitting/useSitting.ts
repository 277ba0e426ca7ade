import { CBT_LIMITS, type AnswerValue, type AttemptView, type ExamReceipt } from '@portal/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { submitAttempt } from '../api';
import { AnswerQueue, memoryAnswerStore, withWaiting, type QueueStatus } from './answerQueue';
import { deviceAnswerStore } from './deviceStore';
import { openSitting, outcomeOfError, postAnswers, readSitting, type SittingAnswer } from './sittingApi';
import { ServerClock } from './serverClock';

export type SittingPhase =
  /** Opening the attempt. */
  | 'loading'
  /** The attempt could not be opened (not yet open, closed, not registered): `error`. */
  | 'error'
  /** Answering. */
  | 'sitting'
  /** Another machine took the attempt over: this one may take it back. */
  | 'superseded'
  /** The time is up (or the invigilator ended it): the server submits; waiting for its receipt. */
  | 'ended'
  /** Submitted: the receipt. */
  | 'submitted';

/** How often, once the time is up, the page asks whether the server has submitted the attempt. */
const ENDED_POLL_MS = 5_000;
/** The question the candidate is on is saved this long after they stop moving. */
const POSITION_SAVE_MS = 400;
/** Answers per request when a backlog is sent. */
const BATCH = 50;

const online = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/** The device's store, or memory where IndexedDB cannot be used (answers still go to the server). */
function answerStore() {
  return typeof indexedDB === 'undefined'
    ? memoryAnswerStore<SittingAnswer>()
    : deviceAnswerStore<SittingAnswer>();
}

/**
 * A sitting of one exam on this machine: opens (starts, resumes or takes over) the attempt, keeps
 * the answers on the device until acknowledged (the answer queue), holds the server's clock, saves
 * the question the candidate is on, beats every `heartbeatSeconds`, and follows the attempt to its
 * end (submitted by the candidate, or by the server at time up).
 */
export function useSitting(examId: number) {
  const clock = useMemo(() => new ServerClock(), []);
  const [view, setView] = useState<AttemptView | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [phase, setPhase] = useState<SittingPhase>('loading');
  const [answers, setAnswers] = useState<ReadonlyMap<number, SittingAnswer>>(new Map());
  const [position, setPositionState] = useState(0);
  const [status, setStatus] = useState<QueueStatus>({ state: 'saved', waiting: 0, message: null });
  const [receipt, setReceipt] = useState<ExamReceipt | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [opening, setOpening] = useState(0);
  const queueRef = useRef<AnswerQueue<SittingAnswer> | null>(null);
  const positionRef = useRef(0);
  const answersRef = useRef(answers);
  answersRef.current = answers;

  const finish = useCallback((submitted: AttemptView) => {
    setView(submitted);
    setReceipt(submitted.Receipt);
    setPhase('submitted');
    queueRef.current?.dispose();
  }, []);

  /** The attempt is over for the server (a refusal said so): read it and show where it stands. */
  const followEnd = useCallback(
    async (attemptId: number) => {
      try {
        const now = await readSitting(attemptId, clock);
        if (now.State === 'submitted') finish(now);
        else setPhase(now.Superseded ? 'superseded' : 'ended');
      } catch {
        setPhase('ended');
      }
    },
    [clock, finish],
  );

  // ── open the attempt, read back what waits on the device, start sending.
  useEffect(() => {
    let live = true;
    let queue: AnswerQueue<SittingAnswer> | null = null;
    setPhase('loading');
    (async () => {
      try {
        const opened = await openSitting(examId, clock);
        if (!live) return;
        setView(opened);
        const at = Math.min(Math.max(0, opened.Position), Math.max(0, opened.Paper.length - 1));
        positionRef.current = at;
        setPositionState(at);
        if (opened.State === 'submitted') {
          finish(opened);
          return;
        }
        const attemptId = opened.AttemptId;
        queue = new AnswerQueue<SittingAnswer>({
          attempt: String(attemptId),
          store: answerStore(),
          batchSize: BATCH,
          isOnline: online,
          send: (items) =>
            postAnswers(attemptId, items, positionRef.current, clock).then(
              (ack) => ({ kind: 'acked' as const, seq: ack.LastSeq }),
              outcomeOfError,
            ),
          onStatus: (next) => {
            if (!live) return;
            setStatus(next);
            if (next.state === 'superseded') {
              setNotice(next.message);
              setPhase('superseded');
            } else if (next.state === 'closed' && next.message !== '') void followEnd(attemptId);
          },
        });
        queueRef.current = queue;
        const acked = new Map(
          opened.Answers.map((a) => [a.QuestionId, { Answer: a.Answer, Flagged: a.Flagged }] as const),
        );
        await queue.open(opened.LastSeq);
        if (!live) return;
        setAnswers(withWaiting(acked, queue.pending()));
        setNotice(null);
        setPhase('sitting');
      } catch (failure) {
        if (!live) return;
        setError(failure);
        setPhase('error');
      }
    })();
    return () => {
      live = false;
      queue?.dispose();
    };
  }, [examId, clock, opening, finish, followEnd]);

  // ── the network returns: send at once (then save where the candidate is); it drops: say so.
  const beatRef = useRef<() => Promise<void>>(async () => undefined);
  useEffect(() => {
    const up = () => void queueRef.current?.retryNow().then(() => beatRef.current());
    const down = () => queueRef.current && setStatus(queueRef.current.status());
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, []);

  /** An empty batch: saves the position, tells the server this machine is here, re-sets the clock. */
  const beat = useCallback(async () => {
    const queue = queueRef.current;
    if (!view || !queue || !online() || queue.status().state !== 'saved') return;
    try {
      await postAnswers(view.AttemptId, [], positionRef.current, clock);
    } catch (failure) {
      const outcome = outcomeOfError(failure);
      if (outcome.kind === 'superseded') {
        queue.dispose();
        setNotice(outcome.message);
        setPhase('superseded');
      } else if (outcome.kind === 'closed') void followEnd(view.AttemptId);
    }
  }, [view, clock, followEnd]);

  beatRef.current = beat;

  useEffect(() => {
    if (phase !== 'sitting' && phase !== 'ended') return;
    const timer = setInterval(() => void beat(), CBT_LIMITS.heartbeatSeconds * 1000);
    return () => clearInterval(timer);
  }, [phase, beat]);

  // ── the question the candidate is on, saved shortly after they stop moving.
  const positionTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const setPosition = useCallback(
    (next: number) => {
      positionRef.current = next;
      setPositionState(next);
      if (positionTimer.current) clearTimeout(positionTimer.current);
      positionTimer.current = setTimeout(() => void beat(), POSITION_SAVE_MS);
    },
    [beat],
  );
  useEffect(() => () => void (positionTimer.current && clearTimeout(positionTimer.current)), []);

  // ── time up: no more answers; what waits still goes (given before the end); the server submits.
  useEffect(() => {
    if (phase !== 'sitting') return;
    const timer = setInterval(() => {
      if (clock.remainingMs() === 0) setPhase('ended');
    }, 500);
    return () => clearInterval(timer);
  }, [phase, clock]);
  useEffect(() => {
    if (phase !== 'ended' || !view) return;
    const timer = setInterval(async () => {
      try {
        const now = await readSitting(view.AttemptId, clock);
        if (now.State === 'submitted') finish(now);
        else if (clock.remainingMs() !== 0) setPhase('sitting'); // given more time
      } catch {
        // Offline: ask again at the next turn.
      }
    }, ENDED_POLL_MS);
    return () => clearInterval(timer);
  }, [phase, view, clock, finish]);

  /** Gives an answer (null clears it), keeping the question's flag. */
  const answer = useCallback(
    (questionId: number, value: AnswerValue, flagged?: boolean) => {
      const queue = queueRef.current;
      if (!queue || phase !== 'sitting') return;
      const next: SittingAnswer = {
        Answer: value,
        Flagged: flagged ?? answersRef.current.get(questionId)?.Flagged ?? false,
      };
      setAnswers((current) => new Map(current).set(questionId, next));
      const givenAt = clock.serverNowIso() ?? new Date().toISOString();
      queue.give(questionId, next, givenAt).catch(() => undefined);
    },
    [phase, clock],
  );

  const toggleFlag = useCallback(
    (questionId: number) => {
      const current = answersRef.current.get(questionId);
      answer(questionId, current?.Answer ?? null, !(current?.Flagged ?? false));
    },
    [answer],
  );

  /** Submits once every answer is on the server; answers the receipt. */
  const submit = useCallback(async () => {
    const queue = queueRef.current;
    if (!view || !queue) return;
    await queue.flush();
    if (queue.status().waiting > 0) throw new Error('waiting');
    const answered = await submitAttempt(view.AttemptId);
    finish({ ...view, State: 'submitted', Receipt: answered.Data });
    return answered;
  }, [view, finish]);

  return {
    phase,
    error,
    view,
    answers,
    position,
    setPosition,
    status,
    receipt,
    notice,
    clock,
    answer,
    toggleFlag,
    submit,
    /** Takes the attempt back on this machine (after a takeover) or tries to open it again. */
    reopen: () => setOpening((n) => n + 1),
  };
}

export type Sitting = ReturnType<typeof useSitting>;
