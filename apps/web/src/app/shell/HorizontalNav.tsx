import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import { LazyMenu, LazyMenuItem as MenuItem } from '../../components/LazyMenu';
import { useState } from 'react';
import { NavLink as RouterNavLink, useLocation } from 'react-router';
import { useT } from '../../i18n/useT';
import { isActive, type NavGroup, type NavItem } from './nav';
import { useNavLabel } from './useNavLabel';

/**
 * The menu as a bar (horizontal navigation), inside, above or below the header. Shown from the
 * medium breakpoint up; on smaller screens the overlay sidebar carries the menu.
 */
export function HorizontalNav({
  items,
  inHeader = false,
}: {
  items: readonly NavItem[];
  inHeader?: boolean;
}) {
  const t = useT();
  const label = useNavLabel();
  return (
    <Box
      component="nav"
      aria-label={t('shell.navigation')}
      sx={{
        display: { xs: 'none', md: 'flex' },
        alignItems: 'center',
        gap: 0.5,
        overflowX: 'auto',
        minWidth: 0,
        ...(inHeader
          ? { mx: 2 }
          : { px: 2, py: 0.5, bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }),
      }}
    >
      {items.map((item) =>
        item.kind === 'link' ? (
          <Button
            key={item.to}
            component={RouterNavLink}
            to={item.to}
            color="inherit"
            startIcon={item.icon}
            sx={{ flexShrink: 0, whiteSpace: 'nowrap', '&.active': { bgcolor: 'action.selected' } }}
          >
            {label(item.label)}
          </Button>
        ) : (
          <GroupButton key={item.key} group={item} />
        ),
      )}
    </Box>
  );
}

function GroupButton({ group }: { group: NavGroup }) {
  const label = useNavLabel();
  const { pathname } = useLocation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = `hnav-${group.key}`;
  const containsCurrent = group.children.some((child) => isActive(child.to, pathname));
  return (
    <>
      <Button
        color="inherit"
        startIcon={group.icon}
        endIcon={<ArrowDropDown />}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={!!anchor}
        aria-controls={anchor ? menuId : undefined}
        sx={{ flexShrink: 0, whiteSpace: 'nowrap', ...(containsCurrent && { bgcolor: 'action.selected' }) }}
      >
        {label(group.label)}
      </Button>
      <LazyMenu id={menuId} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {group.children.map((child) => (
          <MenuItem
            key={child.to}
            component={RouterNavLink}
            to={child.to}
            onClick={() => setAnchor(null)}
            selected={isActive(child.to, pathname)}
          >
            <ListItemIcon>{child.icon}</ListItemIcon>
            {label(child.label)}
          </MenuItem>
        ))}
      </LazyMenu>
    </>
  );
}
