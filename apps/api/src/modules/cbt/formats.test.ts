import { describe, expect, it } from 'vitest';
import { CBT_MESSAGES as M } from '@portal/contracts';
import {
  SHEET_EXAMPLES,
  SHEET_HEADERS,
  parseAiken,
  parseGift,
  parseSheetRows,
  sheetRow,
  toAiken,
  toGift,
} from './formats.js';
import { itemAnalysis } from './marking.js';

describe('Aiken', () => {
  it('reads questions with A. and A) options and the ANSWER line', () => {
    const { questions, problems } = parseAiken(
      [
        'What is the binary of 2?',
        'A. 01',
        'B. 10',
        'C. 11',
        'ANSWER: B',
        '',
        'Which is an input device?',
        'A) Monitor',
        'B) Keyboard',
        'ANSWER: b',
      ].join('\n'),
    );
    expect(problems).toEqual([]);
    expect(questions).toHaveLength(2);
    expect(questions[0]).toMatchObject({
      line: 1,
      kind: 'single',
      text: 'What is the binary of 2?',
      options: [
        { text: '01', correct: false },
        { text: '10', correct: true },
        { text: '11', correct: false },
      ],
    });
    expect(questions[1]!.line).toBe(7);
    expect(questions[1]!.options[1]!.correct).toBe(true);
  });

  it('reports each malformed question by its line', () => {
    const { questions, problems } = parseAiken(
      [
        'Good one?', // 1
        'A. yes',
        'B. no',
        'ANSWER: A',
        '',
        'No answer line', // 6
        'A. x',
        'B. y',
        '',
        'Bad letter', // 10
        'A. x',
        'B. y',
        'ANSWER: E', // 13
        '',
        'Out of order', // 15
        'A. x',
        'C. y', // 17
        'ANSWER: A',
        'ANSWER: B', // 19: nothing before it
      ].join('\r\n'),
    );
    expect(questions).toHaveLength(1);
    expect(problems).toEqual([
      { Line: 6, Message: M.lineNoAnswer },
      { Line: 13, Message: M.lineBadAnswer('E') },
      { Line: 17, Message: M.lineOptionOrder('C') },
      { Line: 19, Message: M.lineUnexpected('ANSWER: B') },
    ]);
  });

  it('an empty file is a problem, not an empty import', () => {
    expect(parseAiken('\n\n').problems).toEqual([{ Line: 1, Message: M.importEmpty }]);
  });

  it('exports what it imports (single and true/false)', () => {
    const text = toAiken(SHEET_EXAMPLES);
    const back = parseAiken(text);
    expect(back.problems).toEqual([]);
    expect(back.questions.map((q) => q.text)).toEqual([SHEET_EXAMPLES[0]!.text, SHEET_EXAMPLES[2]!.text]);
    expect(back.questions[0]!.options).toEqual(SHEET_EXAMPLES[0]!.options);
    expect(back.questions[1]!.options.map((o) => [o.text, o.correct])).toEqual([
      ['True', false],
      ['False', true],
    ]);
  });
});

describe('GIFT', () => {
  it('reads single, multiple (weights), true/false and numeric questions, with categories and comments', () => {
    const { questions, problems } = parseGift(
      [
        '// a comment',
        '$CATEGORY: $course$/Number systems',
        '',
        '::Q1:: What is 2 + 2? { =4 ~3 #no ~5 }',
        '',
        '::Q2:: Pick the primes {',
        '  ~%50%2',
        '  ~%50%3',
        '  ~%-100%4',
        '}',
        '',
        'The sun rises in the east. {T}',
        '',
        '::pi:: Pi to two places {#3.14:0.01}',
        '',
        '$CATEGORY: Logic',
        'Escaped \\= sign and x^2 {=yes \\{ok\\} ~no}',
      ].join('\n'),
    );
    expect(problems).toEqual([]);
    expect(questions.map((q) => [q.line, q.kind, q.topic])).toEqual([
      [4, 'single', 'Number systems'],
      [6, 'multiple', 'Number systems'],
      [12, 'truefalse', 'Number systems'],
      [14, 'numeric', 'Number systems'],
      [17, 'single', 'Logic'],
    ]);
    expect(questions[0]!.options).toEqual([
      { text: '4', correct: true },
      { text: '3', correct: false },
      { text: '5', correct: false },
    ]);
    expect(questions[1]!.options.map((o) => o.correct)).toEqual([true, true, false]);
    expect(questions[2]!.answerTrue).toBe(true);
    expect(questions[3]).toMatchObject({ value: 3.14, tolerance: 0.01 });
    expect(questions[4]!.text).toBe('Escaped = sign and x^2');
    expect(questions[4]!.options[0]!.text).toBe('yes {ok}');
  });

  it('reports unsupported and malformed questions by line', () => {
    const { questions, problems } = parseGift(
      [
        'Essay {}', // 1
        '',
        'Short answer {=one =two}', // 3
        '',
        'Unclosed {=a ~b', // 5
        '',
        '',
        'Numeric {#abc}', // 8
        '',
        'No right {~a ~b}', // 10
        '',
        'Fine {=a ~b}', // 12
      ].join('\n'),
    );
    expect(questions).toHaveLength(1);
    expect(problems).toEqual([
      { Line: 1, Message: M.lineUnsupported },
      { Line: 3, Message: M.lineUnsupported },
      { Line: 5, Message: M.lineUnclosed },
      { Line: 8, Message: M.lineBadNumber },
      { Line: 10, Message: M.lineNoCorrect },
    ]);
  });

  it('exports what it imports', () => {
    const back = parseGift(toGift(SHEET_EXAMPLES));
    expect(back.problems).toEqual([]);
    expect(
      back.questions.map((q) => [q.topic, q.kind, q.text, q.options, q.answerTrue, q.value, q.tolerance]),
    ).toEqual(
      SHEET_EXAMPLES.map((q) => [q.topic, q.kind, q.text, q.options, q.answerTrue, q.value, q.tolerance]),
    );
  });
});

describe('the spreadsheet template', () => {
  const header = { row: 1, cells: [...SHEET_HEADERS] };
  it('reads its own example rows back', () => {
    const rows = [header, ...SHEET_EXAMPLES.map((q, i) => ({ row: i + 2, cells: sheetRow(q) }))];
    const { questions, problems } = parseSheetRows(rows);
    expect(problems).toEqual([]);
    expect(questions).toEqual(SHEET_EXAMPLES);
  });

  it('reports problems by row and refuses a wrong header', () => {
    const blank = Array(16).fill('');
    const row = (cells: Record<number, unknown>) => blank.map((b, i) => (i in cells ? cells[i] : b));
    const { questions, problems } = parseSheetRows([
      header,
      { row: 2, cells: row({ 0: 'T', 1: 'essay', 2: 'Q' }) },
      { row: 3, cells: row({ 0: 'T', 1: 'single', 2: 'Q', 3: 'a', 4: 'b', 13: 'C' }) },
      { row: 4, cells: row({ 0: 'T', 1: 'single', 2: 'Q', 3: 'a', 4: 'b', 13: 'A,B' }) },
      { row: 5, cells: row({ 0: 'T', 1: 'numeric', 2: 'Q', 13: 'x' }) },
      { row: 6, cells: row({ 0: 'T', 1: 'truefalse', 2: '', 13: 'TRUE' }) },
      { row: 7, cells: row({ 0: 'T', 1: 'truefalse', 2: 'Q', 13: 'TRUE', 15: '0' }) },
      { row: 8, cells: blank },
      { row: 9, cells: row({ 1: 'numeric', 2: 'Q', 13: 2.5, 14: 0.1 }) },
    ]);
    expect(problems).toEqual([
      { Line: 2, Message: M.rowKind },
      { Line: 3, Message: M.rowAnswer },
      { Line: 4, Message: M.rowAnswer },
      { Line: 5, Message: M.rowAnswer },
      { Line: 6, Message: M.questionTextRequired },
      { Line: 7, Message: M.rowMarks },
    ]);
    expect(questions).toHaveLength(1);
    expect(questions[0]).toMatchObject({ line: 9, topic: null, value: 2.5, tolerance: 0.1 });
    expect(parseSheetRows([{ row: 1, cells: ['Question', 'Kind'] }]).problems).toEqual([
      { Line: 1, Message: M.rowHeader },
    ]);
  });
});

describe('item analysis', () => {
  it('facility, 27 % discrimination, point-biserial and option counts on a known set', () => {
    // Four candidates, two questions (1 mark each). Q1 right for A and B; Q2 right for A only.
    const q1 = { id: 1, kind: 'single' as const, marks: 1, options: 3 };
    const q2 = { id: 2, kind: 'truefalse' as const, marks: 1, options: 0 };
    const a = itemAnalysis(
      [q1, q2],
      [
        { earned: { 1: 1, 2: 1 }, answers: { 1: { Choices: [0] }, 2: { True: true } } },
        { earned: { 1: 1, 2: 0 }, answers: { 1: { Choices: [0] }, 2: { True: false } } },
        { earned: { 1: 0, 2: 0 }, answers: { 1: { Choices: [1] }, 2: { True: false } } },
        { earned: { 1: 0, 2: 0 }, answers: { 1: null, 2: { True: false } } },
      ],
    );
    const one = a.get(1)!;
    expect(one.facility).toBe(0.5);
    expect(one.answered).toBe(3);
    // 27 % of 4 rounds up to 1 candidate a group: top (A) right, bottom (D) wrong.
    expect(one.discrimination).toBe(1);
    expect(one.optionCounts).toEqual([2, 1, 0]);
    // Q1 against the rest (Q2 scores 1,0,0,0): r = 0.577.
    expect(one.pointBiserial).toBe(0.577);
    const two = a.get(2)!;
    expect(two.facility).toBe(0.25);
    expect(two.optionCounts).toEqual([1, 3]);
    expect(two.discrimination).toBe(1);
  });
});
