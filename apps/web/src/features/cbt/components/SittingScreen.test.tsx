import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CBT_API, type AnswersInput, type AttemptView } from '@portal/contracts';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { expect, test } from 'vitest';
import { server } from '../../../test/server';
import { renderWithProviders } from '../../../test/renderWithProviders';
import SittingScreen from './SittingScreen';

/**
 * The sitting as the candidate uses it, by keyboard where it matters, the API answered at the
 * network edge: it resumes at the saved question with the acknowledged answers, sends each answer
 * with the next Seq, the time it was given, the question it is on and the machine id, shows the
 * time left from the server's clock, and says when the attempt was taken over elsewhere.
 */

const NOW = '2026-11-26T10:00:00.000Z';
const ENDS = '2026-11-26T10:15:00.000Z';

const attempt = (over: Partial<AttemptView> = {}): AttemptView => ({
  AttemptId: 41,
  ExamId: 5,
  Code: 'CSC 101',
  CourseTitle: 'Introduction to Computing',
  Title: 'CSC 101 Test 1',
  Instructions: '',
  State: 'inProgress',
  StartedAt: NOW,
  EndsAt: ENDS,
  ServerNow: NOW,
  ExtraMinutes: 0,
  LastSeq: 2,
  Position: 1,
  Superseded: false,
  Paper: [
    {
      QuestionId: 11,
      Number: 1,
      Kind: 'single',
      Text: 'Which is a storage device?',
      ImageUrl: null,
      Options: [
        { Id: 1, Text: 'Monitor' },
        { Id: 0, Text: 'Hard disk' },
      ],
      Marks: 1,
    },
    {
      QuestionId: 12,
      Number: 2,
      Kind: 'truefalse',
      Text: 'A byte is 8 bits.',
      ImageUrl: null,
      Options: [],
      Marks: 1,
    },
    {
      QuestionId: 13,
      Number: 3,
      Kind: 'numeric',
      Text: 'What is 7 / 2?',
      ImageUrl: null,
      Options: [],
      Marks: 2,
    },
  ],
  Answers: [{ QuestionId: 11, Answer: { Choices: [0] }, Flagged: false, Seq: 2, GivenAt: NOW }],
  Receipt: null,
  ...over,
});

function sittingApi(opts: { superseded?: boolean } = {}) {
  const batches: { body: AnswersInput; machine: string | null }[] = [];
  let last = 2;
  server.use(
    http.post(CBT_API.open(5), () => HttpResponse.json({ Status: 'OK', Data: attempt() })),
    http.post(CBT_API.answers(41), async ({ request }) => {
      const body = (await request.json()) as AnswersInput;
      batches.push({ body, machine: request.headers.get('x-machine-id') });
      if (opts.superseded && (body.Answers?.length ?? 0) > 0)
        return HttpResponse.json(
          {
            Status: 'Error',
            Message: 'This exam was opened on another computer, which has taken it over.',
            MessageId: 'cbt.superseded',
          },
          { status: 409 },
        );
      for (const a of body.Answers ?? []) last = a.Seq;
      return HttpResponse.json({
        Status: 'OK',
        Data: {
          Accepted: [],
          LastSeq: last,
          Position: body.Position ?? 0,
          Answered: 2,
          EndsAt: ENDS,
          ServerNow: NOW,
        },
      });
    }),
    http.post(CBT_API.submit(41), () =>
      HttpResponse.json({
        Status: 'OK',
        Message: 'Exam submitted.',
        Data: {
          PublicId: 'ab'.repeat(16),
          Answers: 3,
          Questions: 3,
          Sha256: 'f'.repeat(64),
          SubmittedAt: NOW,
          SubmitReason: 'candidate',
          VerifyUrl: `http://localhost:8080/portal/ExamReceipt?id=${'ab'.repeat(16)}`,
        },
      }),
    ),
  );
  return { batches, given: () => batches.flatMap((b) => b.body.Answers ?? []) };
}

const renderSitting = () =>
  renderWithProviders(
    <Routes>
      <Route path="/student/exams/:examId" element={<SittingScreen />} />
    </Routes>,
    { namespaces: ['cbt'], path: '/student/exams/5' },
  );

test('resumes at the saved question, sends answers in Seq order with the machine id, and submits', async () => {
  const user = userEvent.setup();
  const api = sittingApi();
  await renderSitting();

  // At the question the server saved, with the acknowledged answer and the server's time left.
  expect(await screen.findByRole('heading', { name: 'Question 2 of 3' })).toBeTruthy();
  expect(screen.getByRole('timer', { name: 'Time left' }).textContent).toMatch(/^1[45]:\d\d$/);
  const map = screen.getByRole('navigation', { name: 'Question map' });
  expect(within(map).getByRole('button', { name: 'Question 1, answered' })).toBeTruthy();
  expect(within(map).getByRole('button', { name: 'Question 2, unanswered' })).toBeTruthy();

  await user.click(screen.getByRole('radio', { name: 'True' }));
  await waitFor(() => expect(api.given()).toHaveLength(1));
  expect(api.given()[0]).toMatchObject({ Seq: 3, QuestionId: 12, Answer: { True: true }, Flagged: false });
  expect(Date.parse(api.given()[0]!.GivenAt)).toBeGreaterThanOrEqual(Date.parse(NOW));
  expect(api.batches[0]!.body.Position).toBe(1);
  expect(api.batches[0]!.machine).toMatch(/^[0-9a-f]{32}$/);
  expect(await screen.findByText('All answers saved')).toBeTruthy();

  // By keyboard: Next, a number given with Enter, then flagged.
  screen.getByRole('button', { name: 'Next' }).focus();
  await user.keyboard('{Enter}');
  expect(await screen.findByRole('heading', { name: 'Question 3 of 3' })).toBeTruthy();
  await user.type(screen.getByRole('textbox', { name: 'Your answer to question 3' }), '3,5{Enter}');
  await waitFor(() => expect(api.given()).toHaveLength(2));
  expect(api.given()[1]).toMatchObject({ Seq: 4, QuestionId: 13, Answer: { Number: 3.5 } });
  await user.click(screen.getByRole('button', { name: 'Flag for review' }));
  await waitFor(() => expect(api.given()).toHaveLength(3));
  expect(api.given()[2]).toMatchObject({ Seq: 5, QuestionId: 13, Answer: { Number: 3.5 }, Flagged: true });
  expect(within(map).getByRole('button', { name: 'Question 3, answered, flagged' })).toBeTruthy();
  // Moving saves the position (an empty batch).
  await waitFor(() =>
    expect(api.batches.some((b) => b.body.Answers?.length === 0 && b.body.Position === 2)).toBe(true),
  );

  await user.click(screen.getByRole('button', { name: 'Submit exam' }));
  const dialog = await screen.findByRole('dialog', { name: 'Submit your exam?' });
  expect(dialog.textContent).toContain('You have answered all 3 questions.');
  await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
  expect(await screen.findByText('3 of 3 questions answered')).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Download receipt (PDF)' })).toBeTruthy();
});

test('an attempt taken over on another machine stops this one and says so, with the way to take it back', async () => {
  const user = userEvent.setup();
  sittingApi({ superseded: true });
  await renderSitting();
  await user.click(await screen.findByRole('radio', { name: 'False' }));
  expect(await screen.findByText(/opened on another computer/)).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Continue on this computer' })).toBeTruthy();
  expect((screen.getByRole('radio', { name: 'True' }) as HTMLInputElement).disabled).toBe(true);
});
