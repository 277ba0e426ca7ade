import { CBT_LIMITS, type AnswerValue, type QuestionKind } from '@portal/contracts';

/**
 * The exam's arithmetic as pure functions: the paper drawn from a seed, an answer's shape and its
 * marks, and the item analysis. No database, no clock.
 */

export interface PaperItem {
  /** Question id. */
  q: number;
  /** Option ids in the candidate's order. */
  o: number[];
  /** The question's kind. */
  k: string;
}

/** sfc32 over the seed's 128 bits: the same seed always draws the same paper. */
export function seededRandom(seedHex: string): () => number {
  const words = (seedHex.padEnd(32, '0').match(/.{8}/g) ?? []).slice(0, 4).map((w) => parseInt(w, 16) >>> 0);
  let [a, b, c, d] = [words[0] ?? 1, words[1] ?? 2, words[2] ?? 3, words[3] ?? 4];
  const next = () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 15; i++) next();
  return next;
}

function shuffle<T>(list: T[], random: () => number): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
}

export interface PoolQuestion {
  id: number;
  topicId: number;
  optionCount: number;
  kind: string;
}

/**
 * Draws a paper: each section's count of questions at random from its topics' usable questions
 * (ordered by id before the draw, so the draw depends only on the seed and the pool), then the
 * whole paper shuffled and each question's options shuffled, as the exam says. A section whose
 * topics hold too few questions answers which one and how many there are.
 */
export function drawPaper(
  seed: string,
  exam: {
    sections: { topicIds: number[]; count: number }[];
    shuffleQuestions: boolean;
    shuffleOptions: boolean;
  },
  pool: readonly PoolQuestion[],
): { paper: PaperItem[] } | { section: number; count: number; available: number } {
  const random = seededRandom(seed);
  const chosen: PoolQuestion[] = [];
  const sorted = [...pool].sort((x, y) => x.id - y.id);
  for (const [i, s] of exam.sections.entries()) {
    const topics = new Set(s.topicIds);
    const candidates = sorted.filter((q) => topics.has(q.topicId));
    if (candidates.length < s.count) return { section: i, count: s.count, available: candidates.length };
    const drawn = shuffle([...candidates], random).slice(0, s.count);
    chosen.push(...(exam.shuffleQuestions ? drawn : drawn.sort((x, y) => x.id - y.id)));
  }
  const order = exam.shuffleQuestions ? shuffle(chosen, random) : chosen;
  return {
    paper: order.map((q) => {
      const ids = Array.from({ length: q.optionCount }, (_, k) => k);
      return { q: q.id, o: exam.shuffleOptions ? shuffle(ids, random) : ids, k: q.kind };
    }),
  };
}

export interface MarkedQuestion {
  kind: QuestionKind;
  options: { correct: boolean }[];
  answerTrue: boolean | null;
  value: number | null;
  tolerance: number | null;
  marks: number;
}

/** Whether an answer has the shape its question takes (null, clearing it, always does). */
export function fitsKind(q: { kind: QuestionKind; optionCount: number }, answer: AnswerValue): boolean {
  if (answer === null) return true;
  switch (q.kind) {
    case 'single':
      return 'Choices' in answer && answer.Choices.length === 1 && answer.Choices[0]! < q.optionCount;
    case 'multiple':
      return (
        'Choices' in answer &&
        answer.Choices.length >= 1 &&
        new Set(answer.Choices).size === answer.Choices.length &&
        answer.Choices.every((c) => c < q.optionCount)
      );
    case 'truefalse':
      return 'True' in answer;
    case 'numeric':
      return 'Number' in answer;
  }
}

/** The marks an answer earns: all or nothing (a multiple-answer question: exactly the right set). */
export function earned(q: MarkedQuestion, answer: AnswerValue | null | undefined): number {
  if (!answer) return 0;
  if ((q.kind === 'single' || q.kind === 'multiple') && 'Choices' in answer) {
    const right = q.options.flatMap((o, i) => (o.correct ? [i] : []));
    const given = [...new Set(answer.Choices)].sort((x, y) => x - y);
    return given.length === right.length && given.every((c, i) => c === right[i]) ? q.marks : 0;
  }
  if (q.kind === 'truefalse' && 'True' in answer) return answer.True === q.answerTrue ? q.marks : 0;
  if (q.kind === 'numeric' && 'Number' in answer && q.value !== null)
    return Math.abs(answer.Number - q.value) <= (q.tolerance ?? 0) + 1e-9 ? q.marks : 0;
  return 0;
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

export interface AnalysedQuestion {
  id: number;
  kind: QuestionKind;
  marks: number;
  /** Options of a single/multiple question. */
  options: number;
}

export interface AnalysedAttempt {
  /** Marks earned per question id of the candidate's paper. */
  earned: Record<number, number>;
  answers: Record<number, AnswerValue | null | undefined>;
}

export interface ItemFigures {
  candidates: number;
  answered: number;
  facility: number | null;
  discrimination: number | null;
  pointBiserial: number | null;
  /** single/multiple: per option id; truefalse: [true, false]; numeric: []. */
  optionCounts: number[];
}

/**
 * Item analysis: per question, over the attempts whose paper held it — facility (marks earned over
 * marks possible), the discrimination index (facility among the top 27 % by total marks minus among
 * the bottom 27 %, at least one candidate a group), the point-biserial correlation of the item's
 * score with the rest of the paper, and how often each option was chosen.
 */
export function itemAnalysis(
  questions: readonly AnalysedQuestion[],
  attempts: readonly AnalysedAttempt[],
): Map<number, ItemFigures> {
  const ids = new Set(questions.map((q) => q.id));
  const totals = attempts.map((a) =>
    Object.entries(a.earned).reduce((s, [id, e]) => (ids.has(Number(id)) ? s + e : s), 0),
  );
  const out = new Map<number, ItemFigures>();
  for (const q of questions) {
    const held = attempts.map((a, i) => ({ a, total: totals[i]! })).filter(({ a }) => q.id in a.earned);
    const n = held.length;
    const counts =
      q.kind === 'truefalse' ? [0, 0] : Array.from({ length: q.kind === 'numeric' ? 0 : q.options }, () => 0);
    let answered = 0;
    for (const { a } of held) {
      const v = a.answers[q.id];
      if (!v) continue;
      answered += 1;
      if ('Choices' in v) for (const c of v.Choices) if (c < counts.length) counts[c]! += 1;
      if ('True' in v) counts[v.True ? 0 : 1]! += 1;
    }
    if (!n) {
      out.set(q.id, {
        candidates: 0,
        answered,
        facility: null,
        discrimination: null,
        pointBiserial: null,
        optionCounts: counts,
      });
      continue;
    }
    const share = held.map(({ a }) => (a.earned[q.id] ?? 0) / q.marks);
    const facility = share.reduce((s, x) => s + x, 0) / n;
    // Top and bottom groups by total (ties in the attempts' order).
    const ranked = held.map((h, i) => ({ total: h.total, s: share[i]! })).map((r, i) => ({ ...r, i }));
    ranked.sort((x, y) => y.total - x.total || x.i - y.i);
    const g = Math.max(1, Math.round(n * CBT_LIMITS.discriminationGroup));
    const mean = (rows: { s: number }[]) => rows.reduce((s, r) => s + r.s, 0) / rows.length;
    const discrimination = n >= 2 ? mean(ranked.slice(0, g)) - mean(ranked.slice(n - g)) : null;
    // Point-biserial: Pearson's r of the item's share against the rest of the paper's marks.
    const rest = held.map((h, i) => h.total - share[i]! * q.marks);
    const mx = facility;
    const my = rest.reduce((s, x) => s + x, 0) / n;
    let cov = 0;
    let vx = 0;
    let vy = 0;
    for (let i = 0; i < n; i++) {
      cov += (share[i]! - mx) * (rest[i]! - my);
      vx += (share[i]! - mx) ** 2;
      vy += (rest[i]! - my) ** 2;
    }
    const pointBiserial = vx > 0 && vy > 0 ? cov / Math.sqrt(vx * vy) : null;
    out.set(q.id, {
      candidates: n,
      answered,
      facility: round3(facility),
      discrimination: discrimination === null ? null : round3(discrimination),
      pointBiserial: pointBiserial === null ? null : round3(pointBiserial),
      optionCounts: counts,
    });
  }
  return out;
}
