import { createStore, useStore } from './store';

export type NoticeSeverity = 'success' | 'error' | 'warning' | 'info';

export interface Notice {
  id: number;
  severity: NoticeSeverity;
  /** Already translated text. */
  message: string;
  title?: string;
  /** The page (path) it answers: a notice is shown only there. */
  path: string;
}

/** One notice at a time: the answer to the latest action, never a queue of older ones. */
const noticeStore = createStore<{ current: Notice | null }>({ current: null });
let nextId = 1;

const currentPath = (): string => window.location.pathname;

function show(severity: NoticeSeverity, message: string, title?: string): void {
  noticeStore.set({ current: { id: nextId++, severity, message, title, path: currentPath() } });
}

/**
 * Shows a notification (a snackbar), replacing any shown before. Pass translated text:
 * `notify.error(intl.formatMessage(...))`. It belongs to the page it is raised on: when an action
 * moves to another page, navigate first and notify after, so the answer shows there.
 */
export const notify = {
  success: (message: string, title?: string) => show('success', message, title),
  error: (message: string, title?: string) => show('error', message, title),
  warning: (message: string, title?: string) => show('warning', message, title),
  info: (message: string, title?: string) => show('info', message, title),
};

export function dismissNotice(id: number): void {
  noticeStore.set(({ current }) => ({ current: current?.id === id ? null : current }));
}

/** Drops the notice when the user has moved to another page: it answered something done there. */
export function dropNoticeOfOtherPage(): void {
  const path = currentPath();
  noticeStore.set(({ current }) => ({ current: current && current.path !== path ? null : current }));
}

/** The notice to show on this page, if any. */
export const useCurrentNotice = (): Notice | null =>
  useStore(noticeStore, ({ current }) => (current && current.path === currentPath() ? current : null));
