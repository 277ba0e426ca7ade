import type { NotificationCounts, StudentContent } from '@portal/contracts';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, test, vi } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { onEachRequest, server } from '../../test/server';
import { appStateStore } from '../../lib/session';
import { queryClient } from '../providers/queryClient';

// Before the session module reads the cookie: a student signed in (an unsigned token carrying only
// `exp`, which is all the browser reads), as the portal writes the cookie.
vi.hoisted(() => {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  const token = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ exp: Math.floor(Date.now() / 1000) + 3600 })}.x`;
  const users = { studentUser: { token, sid: 's', MatricNo: 'DIT/2024/0005' } };
  document.cookie = `user=${encodeURIComponent(JSON.stringify(users))}; Path=/portal`;
});

const COURSE: StudentContent = {
  CourseId: 1,
  SessionId: 2,
  Code: 'CSC 101',
  Title: 'Introduction to Computing',
  Lecturers: ['Ada Lecturer'],
  LastVisitedAt: null,
  VideosCompleted: false,
  Sections: [
    {
      Id: 10,
      Title: 'Week 1',
      Items: [
        {
          Id: 5,
          SectionId: 10,
          Kind: 'text',
          Title: 'Variables',
          Url: null,
          Html: '<p>Variables hold values.</p>',
          File: null,
          FileUrl: null,
          PublishedAt: null,
          Opened: false,
          Completed: false,
          PositionSeconds: null,
          IsNew: true,
        },
      ],
    },
  ],
};
const COUNTS: NotificationCounts = {
  lectureNotes: 2,
  assignments: 0,
  liveClassRoom: 0,
  learningDiscussion: 0,
  announcements: 0,
  exams: 0,
};

/** Every API call the page makes, as "METHOD /path", and the bodies of the posts. */
let calls: string[] = [];
let posted: { read: unknown[]; progress: unknown[] } = { read: [], progress: [] };

const answerPages = (pages: string[]) =>
  http.get('/api/student/pages', () =>
    HttpResponse.json({ Status: 'Ok', Data: pages.map((Page) => ({ Page, Menu_Icon: 'library_books' })) }),
  );

beforeEach(() => {
  // The app's query client and state outlive a test: the RoleData the one before read is not this one's.
  queryClient.clear();
  appStateStore.set({ studentPages: [] });
  calls = [];
  posted = { read: [], progress: [] };
  onEachRequest((request) => calls.push(`${request.method} ${new URL(request.url).pathname}`));
  server.use(
    http.get('/api/notifications/counts', () => HttpResponse.json({ Status: 'Ok', Data: COUNTS, Total: 2 })),
    http.post('/api/notifications/read', async ({ request }) => {
      posted.read.push(await request.json());
      return HttpResponse.json({ Status: 'Ok', Data: { Read: 2 } });
    }),
    http.get('/api/student/content/1/2', () => HttpResponse.json({ Status: 'Ok', Data: COURSE })),
    http.post('/api/student/content/items/5/progress', async ({ request }) => {
      posted.progress.push(await request.json());
      return HttpResponse.json({ Status: 'Ok' });
    }),
  );
});

test('a lesson opens full screen: the course and the way back to the lecture notes, the player, no area frame', async () => {
  server.use(answerPages(['dashboard', 'lecturenote']));
  await renderApp('/student/lecturenote/1/2');
  expect(
    await screen.findByRole('heading', { level: 1, name: 'CSC 101 · Introduction to Computing' }),
  ).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Back to Lecture Notes' }).getAttribute('href')).toBe(
    '/portal/student/lecturenote',
  );
  expect(screen.getByText('Ada Lecturer')).toBeTruthy();
  // The player: the lesson, its place, the autoplay switch (on), the 'New' mark in the list.
  expect(screen.getByRole('heading', { level: 2, name: 'Variables' })).toBeTruthy();
  expect(screen.getByText(/Section 1 of 1 · Lesson 1 of 1/)).toBeTruthy();
  expect((screen.getByRole('switch', { name: 'Autoplay' }) as HTMLInputElement).checked).toBe(true);
  expect(screen.getByRole('list', { name: 'Lessons' }).textContent).toContain('New');
  // A text page is opened and read as soon as it shows.
  await waitFor(() => expect(posted.progress).toEqual([{ Opened: true }, { Completed: true }]));

  // Not the student area's frame: no menu, no bell, nothing of the shell asked of the server.
  expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
  expect(screen.queryByRole('button', { name: /notifications/i })).toBeNull();
  // Opening it marks the lecture notes' notifications read, as the shell does on their pages.
  await waitFor(() => expect(posted.read).toEqual([{ type: 'lectureNotes' }]));
  expect(calls.filter((call) => call === 'GET /api/notifications')).toEqual([]);
  // The course's contents asked for once (at once, beside the content strings).
  expect(calls.filter((call) => call === 'GET /api/student/content/1/2')).toHaveLength(1);
});

test('a student whose RoleData lacks the lecture notes is told the page is not available', async () => {
  server.use(answerPages(['dashboard']));
  await renderApp('/student/lecturenote/1/2');
  expect(await screen.findByRole('heading', { level: 1, name: 'Not available to you' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toBeTruthy();
  expect(calls).not.toContain('GET /api/student/content/1/2');
});
