import { useCallback, useEffect, useState } from 'react';
import { CACHE_NAMES, contentFilePath } from '../../lib/offlineCaches';

/**
 * The notes saved on this device: the documents the service worker keeps in Cache Storage
 * (vite.config.ts, CacheFirst by URL), with the names the student saw them under (kept in local
 * storage beside them, since a cached answer knows only its address). The list shows what Cache
 * Storage really holds; removing a note deletes its cached copy.
 */
export interface OfflineNote {
  itemId: number;
  title: string;
  course: string;
  /** The course page it belongs to, e.g. /student/lecturenote/12/3. */
  path: string;
  savedAt: string;
}

/** Also emptied on sign-out (lib/serviceWorker.ts clearContentCaches). */
const KEY = 'portal.offlineNotes';

function readLabels(): Record<string, OfflineNote> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, OfflineNote>) : {};
  } catch {
    return {};
  }
}

function writeLabels(labels: Record<string, OfflineNote>): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(labels));
  } catch {
    // Storage full or disabled: the note is still cached, only unnamed.
  }
}

const hasCaches = () => typeof caches !== 'undefined';

const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/** The item ids whose file Cache Storage holds. */
async function cachedItemIds(): Promise<Set<number>> {
  if (!hasCaches() || !(await caches.has(CACHE_NAMES.documents))) return new Set();
  const cache = await caches.open(CACHE_NAMES.documents);
  const ids = new Set<number>();
  for (const request of await cache.keys()) {
    const match = /\/api\/student\/content\/items\/(\d+)\/file$/.exec(new URL(request.url).pathname);
    if (match) ids.add(Number(match[1]));
  }
  return ids;
}

/** The notes on this device, newest first. Labels of notes no longer cached (expired) are dropped. */
export async function listOfflineNotes(): Promise<OfflineNote[]> {
  const ids = await cachedItemIds();
  const labels = readLabels();
  const kept = Object.fromEntries(Object.entries(labels).filter(([id]) => ids.has(Number(id))));
  if (Object.keys(kept).length !== Object.keys(labels).length) writeLabels(kept);
  return [...ids]
    .map((id) => kept[id] ?? { itemId: id, title: '', course: '', path: '', savedAt: '' })
    .sort((a, b) => b.savedAt.localeCompare(a.savedAt));
}

export async function isSavedOffline(itemId: number): Promise<boolean> {
  return (await cachedItemIds()).has(itemId);
}

/**
 * Keeps a note on the device: one whole download of its file, put in the documents' cache (the
 * reader reads by ranges, which are not cached; the service worker serves ranges from this copy).
 * Resolves true once cached.
 */
export async function saveOfflineNote(
  note: Omit<OfflineNote, 'savedAt'>,
  headers: Record<string, string>,
): Promise<boolean> {
  if (!hasCaches()) return false;
  writeLabels({ ...readLabels(), [note.itemId]: { ...note, savedAt: new Date().toISOString() } });
  if (!(await isSavedOffline(note.itemId))) {
    const answer = await fetch(contentFilePath(note.itemId), { headers });
    if (answer.status !== 200) return false;
    const cache = await caches.open(CACHE_NAMES.documents);
    await cache.put(new URL(contentFilePath(note.itemId), location.origin).href, answer);
  }
  changed();
  return true;
}

/** The cached copy of a note's file, if this device has one. */
export async function offlineCopy(itemId: number): Promise<Response | undefined> {
  if (!hasCaches() || !(await caches.has(CACHE_NAMES.documents))) return undefined;
  const cache = await caches.open(CACHE_NAMES.documents);
  return cache.match(new URL(contentFilePath(itemId), location.origin).href);
}

/** Deletes a note's cached copy (and its label). */
export async function removeOfflineNote(itemId: number): Promise<void> {
  if (hasCaches() && (await caches.has(CACHE_NAMES.documents))) {
    const cache = await caches.open(CACHE_NAMES.documents);
    await cache.delete(new URL(contentFilePath(itemId), location.origin).href);
  }
  const labels = readLabels();
  delete labels[itemId];
  writeLabels(labels);
  changed();
}

/** The notes on this device, kept current as notes are saved and removed. */
export function useOfflineNotes(): {
  notes: OfflineNote[] | null;
  remove: (itemId: number) => Promise<void>;
} {
  const [notes, setNotes] = useState<OfflineNote[] | null>(null);
  useEffect(() => {
    let live = true;
    const load = () =>
      void listOfflineNotes().then(
        (list) => live && setNotes(list),
        () => live && setNotes([]),
      );
    load();
    listeners.add(load);
    return () => {
      live = false;
      listeners.delete(load);
    };
  }, []);
  const remove = useCallback((itemId: number) => removeOfflineNote(itemId), []);
  return { notes, remove };
}
