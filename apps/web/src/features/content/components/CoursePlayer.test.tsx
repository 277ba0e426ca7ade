import type { ContentLesson, StudentContent } from '@portal/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { CoursePlayer } from './CoursePlayer';

const lesson = (
  id: number,
  sectionId: number,
  kind: ContentLesson['Kind'],
  title: string,
): ContentLesson => ({
  Id: id,
  SectionId: sectionId,
  Kind: kind,
  Title: title,
  Url: kind === 'link' ? 'https://example.org/reading' : null,
  Html: kind === 'text' ? '<p>Variables hold values.</p>' : null,
  File: kind === 'video' ? { Name: `${title}.mp4`, Mime: 'video/mp4', Size: 1000, Kind: 'mp4' } : null,
  FileUrl: kind === 'video' ? `/api/student/content/items/${id}/file?sig=x` : null,
  PublishedAt: null,
  Opened: false,
  Completed: false,
  PositionSeconds: null,
  IsNew: id === 3,
});

/** Two sections: a video and a text page, then a link and a last video. */
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
      Items: [lesson(1, 10, 'video', 'Welcome'), lesson(2, 10, 'text', 'Variables')],
    },
    { Id: 20, Title: 'Week 2', Items: [lesson(3, 20, 'link', 'Reading'), lesson(4, 20, 'video', 'Loops')] },
  ],
};

async function renderPlayer(props: Partial<Parameters<typeof CoursePlayer>[0]> = {}) {
  const callbacks = {
    onCompleted: vi.fn(),
    onAllCompleted: vi.fn(),
    onOpened: vi.fn(),
  };
  await renderWithProviders(
    <CoursePlayer
      content={COURSE}
      pdfSource={() => ({ data: new ArrayBuffer(0) })}
      videoSource={(item) => ({ src: item.FileUrl ?? '' })}
      onDownload={() => undefined}
      {...callbacks}
      {...props}
    />,
    { namespaces: ['content'] },
  );
  return callbacks;
}

const heading = () => screen.getByRole('heading', { level: 2 });
const videoOf = (title: string) => screen.getByLabelText(title, { selector: 'video' });

test('lessons run in order across sections with next and previous, showing the section and lesson index', async () => {
  const user = userEvent.setup();
  await renderPlayer();
  expect(await screen.findByText(/Section 1 of 2 · Lesson 1 of 4/)).toBeTruthy();
  expect(heading().textContent).toBe('Welcome');
  expect(screen.getByRole('button', { name: 'Previous' }).hasAttribute('disabled')).toBe(true);

  await user.click(screen.getByRole('button', { name: 'Next' }));
  expect(heading().textContent).toBe('Variables');
  expect(screen.getByText('Variables hold values.')).toBeTruthy();

  // Into the next section: its first lesson, marked new.
  await user.click(screen.getByRole('button', { name: 'Next' }));
  expect(heading().textContent).toBe('Reading');
  expect(screen.getByText(/Section 2 of 2 · Lesson 3 of 4/)).toBeTruthy();
  expect(screen.getByText('New')).toBeTruthy();

  await user.click(screen.getByRole('button', { name: 'Previous' }));
  expect(heading().textContent).toBe('Variables');

  // The list of lessons opens any of them.
  await user.click(screen.getByRole('button', { name: /^Loops/ }));
  expect(heading().textContent).toBe('Loops');
  expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
});

test("a video's end says so and, with autoplay on (the default), goes on to the next lesson", async () => {
  const { onCompleted } = await renderPlayer();
  expect(((await screen.findByRole('switch', { name: 'Autoplay' })) as HTMLInputElement).checked).toBe(true);
  fireEvent.ended(videoOf('Welcome'));
  expect(await screen.findByText('Video has ended, go to next lesson')).toBeTruthy();
  expect(onCompleted).toHaveBeenCalledWith(expect.objectContaining({ Id: 1 }));
  await waitFor(() => expect(heading().textContent).toBe('Variables'), { timeout: 6000 });
  expect(screen.queryByText('Video has ended, go to next lesson')).toBeNull();
});

test('with autoplay switched off the player waits on the message, and the choice is remembered', async () => {
  const user = userEvent.setup();
  await renderPlayer();
  await user.click(await screen.findByRole('switch', { name: 'Autoplay' }));
  expect(localStorage.getItem('portal.content.autoplay')).toBe('off');
  fireEvent.ended(videoOf('Welcome'));
  const message = await screen.findByRole('alert');
  expect(message.textContent).toContain('Video has ended, go to next lesson');
  await new Promise((resolve) => setTimeout(resolve, 3500));
  expect(heading().textContent).toBe('Welcome');
  await user.click(within(message).getByRole('button', { name: 'Next' }));
  expect(heading().textContent).toBe('Variables');
});

test('the end of the last lesson records videosCompleted', async () => {
  const { onAllCompleted } = await renderPlayer({ lessonId: 4 });
  expect(await screen.findByText(/Lesson 4 of 4/)).toBeTruthy();
  fireEvent.ended(videoOf('Loops'));
  expect(await screen.findByText(/You have reached the last lesson/)).toBeTruthy();
  expect(onAllCompleted).toHaveBeenCalledTimes(1);
});

test('a course without lessons says No data', async () => {
  await renderPlayer({ content: { ...COURSE, Sections: [] } });
  expect(await screen.findByText('No data')).toBeTruthy();
});
