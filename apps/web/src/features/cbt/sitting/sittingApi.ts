import {
  CBT_API as API,
  CBT_MACHINE_HEADER,
  type AnswersAck,
  type AnswerValue,
  type AttemptView,
} from '@portal/contracts';
import { ApiError, api } from '../../../lib/api';
import type { QueuedAnswer, SendOutcome } from './answerQueue';
import { machineId } from './machineId';
import type { ServerClock } from './serverClock';

/** What the queue carries for one question: the answer (null clears it) and the flag. */
export interface SittingAnswer {
  Answer: AnswerValue;
  Flagged: boolean;
}

/** Every call of a sitting names this machine. */
export const machineHeaders = () => ({ [CBT_MACHINE_HEADER]: machineId() });

type Answer<T> = { Status: string; Message?: string; Data: T };

/** The attempt as the server holds it now, without taking it over. */
export async function readSitting(attemptId: number, clock?: ServerClock): Promise<AttemptView> {
  const sentAt = performance.now();
  const view = await api<Answer<AttemptView>>(API.sitting(attemptId), {
    headers: machineHeaders(),
    area: 'student',
  }).then((a) => a.Data);
  clock?.sync(view, sentAt);
  return view;
}

/** Opens (starts, resumes or takes over) the exam on this machine. */
export async function openSitting(examId: number, clock?: ServerClock): Promise<AttemptView> {
  const sentAt = performance.now();
  const view = await api<Answer<AttemptView>>(API.open(examId), {
    method: 'POST',
    headers: machineHeaders(),
    area: 'student',
  }).then((a) => a.Data);
  clock?.sync(view, sentAt);
  return view;
}

/**
 * How a refusal of the answers call is read: the server names its message (ADR 9), and the queue
 * is told to stop (taken over, over), to renumber (out of order) or to drop an answer it will never take.
 */
export function outcomeOfError(error: unknown): SendOutcome {
  if (!(error instanceof ApiError) || error.httpStatus === 0 || error.httpStatus >= 500)
    return { kind: 'unreachable' };
  const message = error.message;
  switch (error.messageId) {
    case 'cbt.superseded':
      return { kind: 'superseded', message };
    case 'cbt.outOfOrder': {
      const last = Number(error.messageValues.last);
      return Number.isInteger(last) && last >= 0
        ? { kind: 'resequence', lastSeq: last }
        : { kind: 'closed', message };
    }
    case 'cbt.notInPaper':
    case 'cbt.answerShape':
      return { kind: 'refused', message };
    default:
      // Time up, given after the end, already submitted, not yours: nothing more will be taken.
      return { kind: 'closed', message };
  }
}

/**
 * Sends a batch of answers (empty: the heartbeat, saving the question the candidate is on) and
 * sets the clock from the acknowledgement.
 */
export async function postAnswers(
  attemptId: number,
  items: readonly QueuedAnswer<SittingAnswer>[],
  position: number,
  clock: ServerClock,
): Promise<AnswersAck> {
  const sentAt = performance.now();
  const ack = await api<Answer<AnswersAck>>(API.answers(attemptId), {
    method: 'POST',
    headers: machineHeaders(),
    area: 'student',
    body: {
      Answers: items.map((item) => ({
        Seq: item.seq,
        QuestionId: item.questionId,
        Answer: item.answer.Answer,
        Flagged: item.answer.Flagged,
        GivenAt: item.givenAt,
      })),
      Position: position,
    },
  }).then((a) => a.Data);
  clock.sync(ack, sentAt);
  return ack;
}
