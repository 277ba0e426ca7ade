import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { CACHE_NAMES } from '../../../lib/offlineCaches';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { SavedOnDevice } from './LectureNotesScreen';

/** The browser's Cache Storage, which happy-dom lacks: a map of caches of responses by URL. */
class MemoryCache {
  readonly entries = new Map<string, Response>();
  async keys() {
    return [...this.entries.keys()].map((url) => new Request(url));
  }
  async match(url: string) {
    return this.entries.get(new URL(url, location.origin).href)?.clone();
  }
  async put(url: string, response: Response) {
    this.entries.set(new URL(url, location.origin).href, response);
  }
  async delete(url: string) {
    return this.entries.delete(new URL(url, location.origin).href);
  }
}
const stores = new Map<string, MemoryCache>();
const memoryCaches = {
  has: async (name: string) => stores.has(name),
  open: async (name: string) => {
    if (!stores.has(name)) stores.set(name, new MemoryCache());
    return stores.get(name)!;
  },
  delete: async (name: string) => stores.delete(name),
};

beforeEach(async () => {
  Object.defineProperty(globalThis, 'caches', { value: memoryCaches, configurable: true });
  const cache = await memoryCaches.open(CACHE_NAMES.documents);
  await cache.put('/api/student/content/items/7/file', new Response('%PDF-1.4'));
  await cache.put('/api/student/content/items/9/file', new Response('%PDF-1.4'));
  localStorage.setItem(
    'portal.offlineNotes',
    JSON.stringify({
      7: {
        itemId: 7,
        title: 'Lecture 1: Algorithms',
        course: 'CSC 101',
        path: '/student/lecturenote/1/2',
        savedAt: '2026-01-02',
      },
      9: {
        itemId: 9,
        title: 'Lecture 2: Loops',
        course: 'CSC 101',
        path: '/student/lecturenote/1/2',
        savedAt: '2026-01-03',
      },
      // Expired from the cache: no longer listed.
      11: {
        itemId: 11,
        title: 'Old notes',
        course: 'CSC 101',
        path: '/student/lecturenote/1/2',
        savedAt: '2025-01-01',
      },
    }),
  );
});
afterEach(() => {
  stores.clear();
  Reflect.deleteProperty(globalThis, 'caches');
});

test('the notes saved on the device are listed, and removing one deletes its cached copy', async () => {
  const user = userEvent.setup();
  await renderWithProviders(<SavedOnDevice />, { namespaces: ['content'] });
  const list = await screen.findByRole('list', { name: 'Saved on this device' });
  expect([...list.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
    'Lecture 2: LoopsCSC 101',
    'Lecture 1: AlgorithmsCSC 101',
  ]);
  expect(screen.getByRole('link', { name: 'Lecture 1: Algorithms' }).getAttribute('href')).toBe(
    '/student/lecturenote/1/2?lesson=7',
  );

  await user.click(screen.getByRole('button', { name: 'Remove Lecture 2: Loops from this device' }));
  await waitFor(() => expect(screen.queryByText('Lecture 2: Loops')).toBeNull());
  const cache = stores.get(CACHE_NAMES.documents)!;
  expect([...cache.entries.keys()].map((url) => new URL(url).pathname)).toEqual([
    '/api/student/content/items/7/file',
  ]);
  expect(Object.keys(JSON.parse(localStorage.getItem('portal.offlineNotes') ?? '{}'))).toEqual(['7']);

  await user.click(screen.getByRole('button', { name: 'Remove Lecture 1: Algorithms from this device' }));
  expect(await screen.findByText('No notes are saved on this device yet.')).toBeTruthy();
});
