import { SCORE_PROPOSALS_API, type ResultSheet, type ScoreProposal } from '@portal/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { queryClient } from '../../../app/providers/queryClient';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { server } from '../../../test/server';
import { RESULTS } from '../api/results';
import { SheetPanel } from './SheetPanel';

const sheet: ResultSheet = {
  Id: 7,
  CourseId: 11,
  SemesterId: 3,
  Code: 'CSC 101',
  Title: 'Introduction to Computer Science',
  Units: 3,
  Department: 'Computer Science',
  Semester: '2024/2025 First Semester',
  Revision: 1,
  State: 'in_review',
  Stage: 'Head of Department',
  Stages: ['Lecturer', 'Head of Department'],
  Version: 2,
  AmendmentReason: null,
  Items: [{ Id: 1, Name: 'Examination', Max: 100 }],
  Scale: [],
  Rows: [
    {
      StudentId: 5,
      MatricNo: 'DIT/2024/0005',
      Name: 'OKAFOR Chidinma',
      Scores: { '1': 60 },
      Total: 60,
      Grade: 'B',
      GradePoint: 4,
      Passed: true,
    },
  ],
  Revisions: [{ Revision: 1, State: 'in_review' }],
  History: [],
  CanEdit: false,
  CanDecide: true,
  CanAmend: false,
};

const proposal: ScoreProposal = {
  Id: 1,
  StudentId: 5,
  MatricNo: 'DIT/2024/0005',
  Name: 'OKAFOR Chidinma',
  ScoreItemId: 1,
  ScoreItem: 'Examination',
  Score: 12,
  SourceKind: 'assignment',
  SourceId: 4,
  Source: 'Assignment 9: Arrays',
  State: 'pending',
  CurrentMark: 60,
  CreatedAt: '2026-11-27T10:00:00.000Z',
};

let answerProposals: () => void = () => undefined;

beforeEach(() => {
  queryClient.clear();
  const proposalsAsked = new Promise<void>((resolve) => (answerProposals = resolve));
  server.use(
    http.get(`${RESULTS}/sheet`, () => HttpResponse.json({ Status: 'Ok', Data: sheet })),
    http.get(SCORE_PROPOSALS_API.list, async () => {
      await proposalsAsked;
      return HttpResponse.json({ Status: 'Ok', Data: [proposal] });
    }),
  );
});

// A test that fails before answering leaves no request waiting for the next.
afterEach(() => answerProposals());

test('the sheet shows once its proposals are read too, so nothing moves under the reviewer’s pointer', async () => {
  await renderWithProviders(
    <QueryClientProvider client={queryClient}>
      <SheetPanel sheetKey={{ courseId: 11, semesterId: 3 }} />
    </QueryClientProvider>,
    { namespaces: ['admin'], path: '/admin/ReviewResult' },
  );
  // The sheet has arrived, the proposals not yet: still loading, no button to aim at.
  expect(await screen.findByRole('progressbar', { name: 'Loading…' })).toBeTruthy();
  await new Promise((settle) => setTimeout(settle, 50));
  expect(screen.queryByRole('button', { name: 'Approve (Head of Department)' })).toBeNull();

  answerProposals();
  expect(await screen.findByRole('button', { name: 'Approve (Head of Department)' })).toBeTruthy();
  expect(screen.getByRole('region', { name: 'Proposed scores' })).toBeTruthy();
  expect(screen.getByText(/DIT\/2024\/0005: Examination 12 from Assignment 9: Arrays/)).toBeTruthy();
});
