import {
  CBT_LIMITS,
  CBT_MESSAGES as M,
  questionInput,
  type ImportProblem,
  type QuestionKind,
} from '@portal/contracts';

/**
 * The question bank's file formats, as pure functions (no database, no I/O): Moodle's Aiken and
 * GIFT text formats and the rows of the spreadsheet template. A parser reads the whole file and
 * answers every question it understood and every problem by its line (or row); the caller saves
 * nothing when there is a problem.
 */

export interface ParsedOption {
  text: string;
  correct: boolean;
}

export interface ParsedQuestion {
  /** The question's first line (text formats) or its row (the sheet). */
  line: number;
  /** A topic named by the file ($CATEGORY in GIFT, the sheet's Topic column); null: the import's default. */
  topic: string | null;
  kind: QuestionKind;
  text: string;
  options: ParsedOption[];
  answerTrue: boolean | null;
  value: number | null;
  tolerance: number | null;
  marks: number;
}

export interface Parsed {
  questions: ParsedQuestion[];
  problems: ImportProblem[];
}

const LETTERS = 'ABCDEFGHIJ';

/** Checks a parsed question against the same rules as the form (the contract's questionInput). */
function checked(q: ParsedQuestion, problems: ImportProblem[]): ParsedQuestion | null {
  const result = questionInput.safeParse({
    TopicId: 1,
    Kind: q.kind,
    Text: q.text,
    Options: q.options.map((o) => ({ Text: o.text, Correct: o.correct })),
    Answer: q.answerTrue,
    Value: q.value,
    Tolerance: q.tolerance,
    Marks: q.marks,
  });
  if (result.success) return q;
  const seen = new Set<string>();
  for (const issue of result.error.issues) {
    const message = issue.code === 'too_big' ? M.rowTooLong : issue.message;
    if (seen.has(message)) continue;
    seen.add(message);
    problems.push({ Line: q.line, Message: message });
  }
  return null;
}

const lines = (text: string) => text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);

function done(questions: (ParsedQuestion | null)[], problems: ImportProblem[]): Parsed {
  const list = questions.filter((q): q is ParsedQuestion => q !== null);
  if (!list.length && !problems.length) problems.push({ Line: 1, Message: M.importEmpty });
  if (list.length > CBT_LIMITS.importQuestions) problems.push({ Line: 1, Message: M.importTooMany });
  problems.sort((a, b) => a.Line - b.Line);
  return { questions: list, problems };
}

// ───────────────────────────── Aiken ─────────────────────────────

/**
 * Aiken: the question (one or more lines), options `A.` or `A)` in order, then `ANSWER: B`;
 * questions separated by blank lines. Single-answer questions only.
 */
export function parseAiken(source: string): Parsed {
  const problems: ImportProblem[] = [];
  const out: (ParsedQuestion | null)[] = [];
  type Open = { line: number; text: string[]; options: { letter: string; text: string }[]; broken: boolean };
  let current: Open | null = null;
  const unfinished = () => {
    if (current) problems.push({ Line: current.line, Message: M.lineNoAnswer });
    current = null;
  };
  lines(source).forEach((raw, i) => {
    const line = i + 1;
    const text = raw.trim();
    if (!text) return;
    const answer = /^ANSWER\s*:\s*(.*)$/i.exec(text);
    if (answer) {
      if (!current) {
        problems.push({ Line: line, Message: M.lineUnexpected(text.slice(0, 60)) });
        return;
      }
      const q: Open = current;
      current = null;
      if (q.broken) return;
      const letter = answer[1]!.trim().toUpperCase();
      if (q.options.length < 2) {
        problems.push({ Line: q.line, Message: M.lineNoOptions });
        return;
      }
      const index = q.options.findIndex((o) => o.letter === letter);
      if (!/^[A-Z]$/.test(letter) || index < 0) {
        problems.push({ Line: line, Message: M.lineBadAnswer(answer[1]!.trim().slice(0, 20)) });
        return;
      }
      out.push(
        checked(
          {
            line: q.line,
            topic: null,
            kind: 'single',
            text: q.text.join('\n'),
            options: q.options.map((o, k) => ({ text: o.text, correct: k === index })),
            answerTrue: null,
            value: null,
            tolerance: null,
            marks: 1,
          },
          problems,
        ),
      );
      return;
    }
    const option = /^([A-Z])[.)]\s*(.*)$/.exec(text);
    if (option && current) {
      const q = current as Open;
      const expected = LETTERS[q.options.length] ?? '';
      if (option[1] !== expected) {
        problems.push({
          Line: line,
          Message:
            q.options.length >= CBT_LIMITS.maxOptions ? M.lineTooManyOptions : M.lineOptionOrder(option[1]!),
        });
        // Kept, so the rest of the question is still read; the question itself is refused.
        q.broken = true;
        q.options.push({ letter: option[1]!, text: option[2]! });
        return;
      }
      q.options.push({ letter: option[1]!, text: option[2]! });
      return;
    }
    if (current && (current as { options: unknown[] }).options.length > 0) unfinished();
    if (!current) current = { line, text: [], options: [], broken: false };
    (current as { text: string[] }).text.push(text);
  });
  unfinished();
  return done(out, problems);
}

/** Single-answer and true/false questions as Aiken (a true/false as the options True and False); others are left out. */
export function toAiken(questions: readonly ParsedQuestion[]): string {
  const blocks: string[] = [];
  for (const q of questions) {
    const text = q.text.replace(/\s*\n\s*/g, ' ');
    if (q.kind === 'single') {
      const right = q.options.findIndex((o) => o.correct);
      blocks.push(
        [
          text,
          ...q.options.map((o, i) => `${LETTERS[i]}. ${o.text.replace(/\s*\n\s*/g, ' ')}`),
          `ANSWER: ${LETTERS[right]}`,
        ].join('\n'),
      );
    } else if (q.kind === 'truefalse') {
      blocks.push([text, 'A. True', 'B. False', `ANSWER: ${q.answerTrue ? 'A' : 'B'}`].join('\n'));
    }
  }
  return blocks.join('\n\n') + '\n';
}

// ───────────────────────────── GIFT ─────────────────────────────

const unescapeGift = (s: string) => s.replace(/\\([~=#{}:\\])/g, '$1').trim();
const escapeGift = (s: string) => s.replace(/([~=#{}:\\])/g, '\\$1');

/** Splits an answer block into `=`/`~` options, dropping each option's feedback (`#…`). */
function giftOptions(block: string): { mark: '=' | '~'; text: string }[] | null {
  const out: { mark: '=' | '~'; text: string }[] = [];
  let current: { mark: '=' | '~'; text: string; feedback: boolean } | null = null;
  for (let i = 0; i < block.length; i++) {
    const c = block[i]!;
    if (c === '\\' && i + 1 < block.length) {
      if (current && !current.feedback) current.text += c + block[i + 1];
      i++;
      continue;
    }
    if (c === '=' || c === '~') {
      if (current) out.push(current);
      current = { mark: c, text: '', feedback: false };
      continue;
    }
    if (!current) {
      if (c.trim()) return null;
      continue;
    }
    if (c === '#') {
      current.feedback = true;
      continue;
    }
    if (!current.feedback) current.text += c;
  }
  if (current) out.push(current);
  return out.map((o) => ({ mark: o.mark, text: o.text }));
}

/** Reads one question block (its text with comments removed), answering a question or a problem. */
function giftQuestion(block: string, line: number, topic: string | null, problems: ImportProblem[]) {
  let rest = block.trim();
  const title = /^::(?:[^:\\]|\\.)*::/.exec(rest);
  if (title) rest = rest.slice(title[0].length).trim();
  // The unescaped braces of the answer block.
  const open = rest.search(/(?<!\\)\{/);
  if (open < 0) {
    problems.push({ Line: line, Message: M.lineUnsupported });
    return null;
  }
  const closeRel = rest.slice(open + 1).search(/(?<!\\)\}/);
  if (closeRel < 0) {
    problems.push({ Line: line, Message: M.lineUnclosed });
    return null;
  }
  const close = open + 1 + closeRel;
  const after = rest.slice(close + 1).trim();
  const text = unescapeGift(rest.slice(0, open).replace(/^\[(html|moodle|plain|markdown)\]/, ''));
  const answer = rest.slice(open + 1, close).trim();
  if (after || !answer || answer.includes('->')) {
    problems.push({ Line: line, Message: M.lineUnsupported });
    return null;
  }
  const base = { line, topic, text, answerTrue: null, value: null, tolerance: null, marks: 1 };
  const tf = /^(T|TRUE|F|FALSE)\s*(#.*)?$/is.exec(answer);
  if (tf) {
    const yes = tf[1]!.toUpperCase().startsWith('T');
    return checked({ ...base, kind: 'truefalse', options: [], answerTrue: yes }, problems);
  }
  if (answer.startsWith('#')) {
    const body = answer
      .slice(1)
      .split(/(?<!\\)#/)[0]!
      .trim();
    const range = /^(-?[\d.]+(?:e-?\d+)?)\.\.(-?[\d.]+(?:e-?\d+)?)$/i.exec(body);
    const point = /^(-?[\d.]+(?:e-?\d+)?)(?::([\d.]+(?:e-?\d+)?))?$/i.exec(body);
    let value: number | null = null;
    let tolerance: number | null = null;
    if (range) {
      const lo = Number(range[1]);
      const hi = Number(range[2]);
      value = (lo + hi) / 2;
      tolerance = Math.abs(hi - lo) / 2;
    } else if (point) {
      value = Number(point[1]);
      tolerance = point[2] === undefined ? 0 : Number(point[2]);
    }
    if (value === null || tolerance === null || !Number.isFinite(value) || !Number.isFinite(tolerance)) {
      problems.push({ Line: line, Message: M.lineBadNumber });
      return null;
    }
    return checked({ ...base, kind: 'numeric', options: [], value, tolerance }, problems);
  }
  const options = giftOptions(answer);
  if (!options || !options.length) {
    problems.push({ Line: line, Message: M.lineUnsupported });
    return null;
  }
  const parsed: { text: string; weight: number }[] = [];
  for (const o of options) {
    const weighted = /^%(-?\d+(?:\.\d+)?)%/.exec(o.text.trim());
    if (!weighted && /^%/.test(o.text.trim())) {
      problems.push({ Line: line, Message: M.lineBadWeight });
      return null;
    }
    const weight = weighted ? Number(weighted[1]) : o.mark === '=' ? 100 : 0;
    const t = weighted ? o.text.trim().slice(weighted[0].length) : o.text;
    parsed.push({ text: unescapeGift(t), weight });
  }
  // Only right answers (`=a =b`) with no wrong ones is GIFT's short answer.
  if (options.every((o) => o.mark === '=')) {
    problems.push({ Line: line, Message: M.lineUnsupported });
    return null;
  }
  const correct = parsed.filter((o) => o.weight > 0);
  if (!correct.length) {
    problems.push({ Line: line, Message: M.lineNoCorrect });
    return null;
  }
  const single = correct.length === 1 && correct[0]!.weight >= 100;
  if (parsed.length > CBT_LIMITS.maxOptions) {
    problems.push({ Line: line, Message: M.lineTooManyOptions });
    return null;
  }
  return checked(
    {
      ...base,
      kind: single ? 'single' : 'multiple',
      options: parsed.map((o) => ({ text: o.text, correct: o.weight > 0 })),
    },
    problems,
  );
}

/**
 * GIFT: `// comments`, `$CATEGORY: name` (the topic of the questions that follow), questions separated
 * by blank lines (a blank line ends a question), each `::title:: text { answers }`: `=right ~wrong` (single), `~%50%a ~%50%b ~%-100%c`
 * (multiple: the positive weights are the right options, marked all or nothing), `{T}`/`{F}`
 * (true/false), `{#3.14:0.01}` or `{#1..5}` (numeric). Feedback after `#` is dropped.
 */
export function parseGift(source: string): Parsed {
  const problems: ImportProblem[] = [];
  const out: (ParsedQuestion | null)[] = [];
  let topic: string | null = null;
  let block: string[] = [];
  let start = 0;
  const flush = () => {
    if (block.length) out.push(giftQuestion(block.join('\n'), start, topic, problems));
    block = [];
  };
  lines(source).forEach((raw, i) => {
    const line = i + 1;
    const text = raw.trim();
    if (text.startsWith('//')) return;
    if (!text) {
      flush();
      return;
    }
    const category = /^\$CATEGORY:\s*(.*)$/i.exec(text);
    if (category) {
      flush();
      const name = category[1]!
        .replace(/^\$(course|system|module|cat\d*)\$\/?/i, '')
        .split('/')
        .filter(Boolean)
        .pop();
      topic = name ? name.trim().slice(0, CBT_LIMITS.topicName) : null;
      return;
    }
    if (!block.length) start = line;
    block.push(raw);
  });
  flush();
  return done(out, problems);
}

/** Every question as GIFT, each under the `$CATEGORY` of its topic. */
export function toGift(questions: readonly ParsedQuestion[]): string {
  const out: string[] = [];
  let topic: string | null = null;
  questions.forEach((q, i) => {
    if (q.topic !== topic) {
      topic = q.topic;
      if (topic) out.push(`$CATEGORY: ${topic}\n`);
    }
    const title = `::Q${i + 1}::`;
    let answer: string;
    if (q.kind === 'truefalse') answer = q.answerTrue ? 'T' : 'F';
    else if (q.kind === 'numeric') answer = `#${q.value}:${q.tolerance ?? 0}`;
    else if (q.kind === 'single')
      answer = q.options.map((o) => `${o.correct ? '=' : '~'}${escapeGift(o.text)}`).join(' ');
    else {
      const right = q.options.filter((o) => o.correct).length;
      const share = Math.floor((100 / right) * 100000) / 100000;
      answer = q.options.map((o) => `~%${o.correct ? share : -100}%${escapeGift(o.text)}`).join(' ');
    }
    out.push(`${title} ${escapeGift(q.text)} {${answer}}\n`);
  });
  return out.join('\n');
}

// ───────────────────────────── the spreadsheet template ─────────────────────────────

export const SHEET_HEADERS = [
  'Topic',
  'Kind',
  'Question',
  ...LETTERS.split(''),
  'Answer',
  'Tolerance',
  'Marks',
] as const;

const cellText = (v: unknown) =>
  v === null || v === undefined ? '' : v instanceof Date ? v.toISOString() : String(v).trim();

/** The template's rows (header row 1): Topic, Kind, Question, A … J, Answer, Tolerance, Marks. */
export function parseSheetRows(rows: readonly { row: number; cells: readonly unknown[] }[]): Parsed {
  const problems: ImportProblem[] = [];
  const out: (ParsedQuestion | null)[] = [];
  const [header, ...body] = rows;
  const names = (header?.cells ?? []).map((c) => cellText(c).toLowerCase());
  if (SHEET_HEADERS.some((h, i) => names[i] !== h.toLowerCase())) {
    problems.push({ Line: header?.row ?? 1, Message: M.rowHeader });
    return done([], problems);
  }
  for (const { row, cells } of body) {
    const at = (i: number) => cellText(cells[i]);
    if (cells.every((c) => cellText(c) === '')) continue;
    const kind = at(1).toLowerCase() as QuestionKind;
    if (!['single', 'multiple', 'truefalse', 'numeric'].includes(kind)) {
      problems.push({ Line: row, Message: M.rowKind });
      continue;
    }
    const optionCells = LETTERS.split('').map((_, i) => at(3 + i));
    const answerText = at(13);
    const marksText = at(15);
    const marks = marksText === '' ? 1 : Number(marksText);
    if (!Number.isInteger(marks) || marks < 1 || marks > CBT_LIMITS.maxMarks) {
      problems.push({ Line: row, Message: M.rowMarks });
      continue;
    }
    const base = {
      line: row,
      topic: at(0) || null,
      kind,
      text: at(2),
      options: [] as ParsedOption[],
      answerTrue: null as boolean | null,
      value: null as number | null,
      tolerance: null as number | null,
      marks,
    };
    if (kind === 'single' || kind === 'multiple') {
      const letters = answerText
        .toUpperCase()
        .split(/[\s,;]+/)
        .filter(Boolean);
      const last = optionCells.reduce((n, t, i) => (t ? i + 1 : n), 0);
      const options = optionCells.slice(0, last);
      if (
        !letters.length ||
        letters.some((l) => l.length !== 1 || !options[LETTERS.indexOf(l)]) ||
        (kind === 'single' && letters.length !== 1)
      ) {
        problems.push({ Line: row, Message: M.rowAnswer });
        continue;
      }
      base.options = options.map((t, i) => ({ text: t, correct: letters.includes(LETTERS[i]!) }));
    } else if (kind === 'truefalse') {
      const v = answerText.toUpperCase();
      if (!['TRUE', 'FALSE', 'T', 'F'].includes(v)) {
        problems.push({ Line: row, Message: M.rowAnswer });
        continue;
      }
      base.answerTrue = v.startsWith('T');
    } else {
      const value = answerText === '' ? NaN : Number(answerText);
      const tolerance = at(14) === '' ? 0 : Number(at(14));
      if (!Number.isFinite(value) || !Number.isFinite(tolerance) || tolerance < 0) {
        problems.push({ Line: row, Message: M.rowAnswer });
        continue;
      }
      base.value = value;
      base.tolerance = tolerance;
    }
    out.push(checked(base, problems));
  }
  return done(out, problems);
}

/** A question as a row of the template. */
export function sheetRow(q: ParsedQuestion): (string | number | null)[] {
  const options = LETTERS.split('').map((_, i) => q.options[i]?.text ?? null);
  const answer =
    q.kind === 'truefalse'
      ? q.answerTrue
        ? 'TRUE'
        : 'FALSE'
      : q.kind === 'numeric'
        ? q.value
        : q.options
            .map((o, i) => (o.correct ? LETTERS[i] : null))
            .filter(Boolean)
            .join(',');
  return [q.topic, q.kind, q.text, ...options, answer, q.kind === 'numeric' ? q.tolerance : null, q.marks];
}

/** The template's example rows, one per kind. */
export const SHEET_EXAMPLES: ParsedQuestion[] = [
  {
    line: 2,
    topic: 'Number systems',
    kind: 'single',
    text: 'What is 1010 in base 2 written in base 10?',
    options: [
      { text: '8', correct: false },
      { text: '10', correct: true },
      { text: '12', correct: false },
      { text: '1010', correct: false },
    ],
    answerTrue: null,
    value: null,
    tolerance: null,
    marks: 1,
  },
  {
    line: 3,
    topic: 'Hardware',
    kind: 'multiple',
    text: 'Which of these are input devices?',
    options: [
      { text: 'Keyboard', correct: true },
      { text: 'Monitor', correct: false },
      { text: 'Mouse', correct: true },
      { text: 'Printer', correct: false },
    ],
    answerTrue: null,
    value: null,
    tolerance: null,
    marks: 2,
  },
  {
    line: 4,
    topic: 'Hardware',
    kind: 'truefalse',
    text: 'RAM keeps its contents when the power goes off.',
    options: [],
    answerTrue: false,
    value: null,
    tolerance: null,
    marks: 1,
  },
  {
    line: 5,
    topic: 'Number systems',
    kind: 'numeric',
    text: 'Give pi to two decimal places (x^2 formulas are written as text).',
    options: [],
    answerTrue: null,
    value: 3.14,
    tolerance: 0.005,
    marks: 1,
  },
];
