import type { MenuProps } from '@mui/material/Menu';
import { lazy, Suspense, useState } from 'react';

// MUI's Menu brings Popover, MenuList and its keyboard handling (about 8 KiB gzipped): a page that
// only shows a closed menu (the header's profile and notification menus) need not download them.
const Menu = lazy(() => import('@mui/material/Menu'));

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
