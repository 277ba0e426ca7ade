import type { MenuProps } from '@mui/material/Menu';
import type MuiMenuItem from '@mui/material/MenuItem';
import { lazy, Suspense, useState } from 'react';

// MUI's Menu brings Popover, MenuList and its keyboard handling (about 8 KiB gzipped), and MenuItem
// its roving focus (about 4 KiB more): a page that only shows a closed menu (the header's profile
// and notification menus) need not download them. Both come in one chunk when a menu first opens.
const parts = () => import('./menuParts');
const Menu = lazy(() => parts().then((module) => ({ default: module.Menu })));

/** MUI's MenuItem (same props), downloaded with the menu: use it for the items of a LazyMenu. */
export const LazyMenuItem = lazy(() =>
  parts().then((module) => ({ default: module.MenuItem })),
) as unknown as typeof MuiMenuItem;

/**
 * MUI's Menu, loaded when it first opens and kept mounted after that (so it closes with its
 * transition as before). Same props as Menu.
 */
export function LazyMenu(props: MenuProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <Menu {...props} />
    </Suspense>
  );
}
