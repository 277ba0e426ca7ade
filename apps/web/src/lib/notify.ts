import { createStore, useStore } from './store';

export type NoticeSeverity = 'success' | 'error' | 'warning' | 'info';

export interface Notice {
  id: number;
  severity: NoticeSeverity;
  /** Already translated text. */
  message: string;
  title?: string;
}

const noticeStore = createStore<{ queue: Notice[] }>({ queue: [] });
let nextId = 1;

function push(severity: NoticeSeverity, message: string, title?: string): void {
  noticeStore.set(({ queue }) => ({ queue: [...queue, { id: nextId++, severity, message, title }] }));
}

/** Shows a notification (a snackbar). Pass translated text: `notify.error(intl.formatMessage(...))`. */
export const notify = {
  success: (message: string, title?: string) => push('success', message, title),
  error: (message: string, title?: string) => push('error', message, title),
  warning: (message: string, title?: string) => push('warning', message, title),
  info: (message: string, title?: string) => push('info', message, title),
};

/** Drops every notification, shown or waiting: for a message that must be seen at once. */
export function clearNotices(): void {
  noticeStore.set(() => ({ queue: [] }));
}

export function dismissNotice(id: number): void {
  noticeStore.set(({ queue }) => ({ queue: queue.filter((notice) => notice.id !== id) }));
}

/** The notice on screen: one at a time, oldest first. */
export const useCurrentNotice = (): Notice | undefined => useStore(noticeStore, ({ queue }) => queue[0]);
