import { adminPageLabelId } from '@portal/contracts';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../../i18n/locales';
import { useT } from '../../../i18n/useT';
import { humanise } from '../../../lib/text';

/** A page's readable, translated name as the sidebar shows it ('AddEditCourses' is 'Add/Edit Courses'). */
export function usePageLabel(): (page: string) => string {
  const t = useT();
  const { messages } = useIntl();
  return (page) => {
    const id = adminPageLabelId(page);
    return id in messages ? t(id as MessageId) : humanise(page);
  };
}

export interface MenuGroup<P> {
  menuId: number;
  menuName: string;
  pages: P[];
}

/** Pages grouped by their menu, in menu order. */
export function groupByMenu<P extends { Menu_Id: number; Menu_Name: string }>(
  pages: readonly P[],
): MenuGroup<P>[] {
  const groups = new Map<number, MenuGroup<P>>();
  for (const page of pages) {
    let group = groups.get(page.Menu_Id);
    if (!group) {
      group = { menuId: page.Menu_Id, menuName: page.Menu_Name, pages: [] };
      groups.set(page.Menu_Id, group);
    }
    group.pages.push(page);
  }
  return [...groups.values()].sort((a, b) => a.menuId - b.menuId);
}
