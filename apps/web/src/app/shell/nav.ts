import type { ReactElement } from 'react';
import type { MessageId } from '../../i18n/locales';

/**
 * A translated label, or text that comes from the server (the admin menu names); both when the
 * server's text has a translation (a page the catalogue names): the text when the id is unknown.
 */
export type NavLabel = { id: MessageId; text?: string } | { text: string };

export interface NavLink {
  kind: 'link';
  label: NavLabel;
  /** A path inside /portal, e.g. /applicant/biodata. */
  to: string;
  icon: ReactElement;
  /** Unread notifications of the page's category (spec §5), shown beside the label when above 0. */
  badge?: number;
}

export interface NavGroup {
  kind: 'group';
  key: string;
  label: NavLabel;
  icon: ReactElement;
  children: NavLink[];
}

export type NavItem = NavLink | NavGroup;

export const link = (label: NavLabel, to: string, icon: ReactElement): NavLink => ({
  kind: 'link',
  label,
  to,
  icon,
});

/** Every link of a menu, groups flattened: for the breadcrumb's labels. */
export const navLinks = (items: readonly NavItem[]): NavLink[] =>
  items.flatMap((item) => (item.kind === 'link' ? [item] : item.children));

/** Whether a link is the current page or one of its sub-pages (paths compare without regard to case). */
export function isActive(to: string, pathname: string): boolean {
  const target = to.toLowerCase();
  const current = pathname.toLowerCase().replace(/\/+$/, '');
  return current === target || current.startsWith(`${target}/`);
}
