import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useState } from 'react';
import { NavLink as RouterNavLink, useLocation } from 'react-router';
import { isActive, type NavGroup, type NavItem, type NavLink } from './nav';
import { useNavLabel } from './useNavLabel';

interface NavListProps {
  items: readonly NavItem[];
  /** Mini drawer at rest: icons only (the label stays the accessible name). */
  iconsOnly?: boolean;
  onNavigate?: () => void;
}

/** The sidebar's menu: links and collapsible groups, the current page marked. */
export function NavList({ items, iconsOnly = false, onNavigate }: NavListProps) {
  return (
    <List component="div" disablePadding sx={{ py: 1 }}>
      {items.map((item) =>
        item.kind === 'link' ? (
          <NavLinkItem key={item.to} item={item} iconsOnly={iconsOnly} onNavigate={onNavigate} />
        ) : (
          <NavGroupItem key={item.key} group={item} iconsOnly={iconsOnly} onNavigate={onNavigate} />
        ),
      )}
    </List>
  );
}

function NavLinkItem({
  item,
  iconsOnly,
  nested = false,
  onNavigate,
}: {
  item: NavLink;
  iconsOnly: boolean;
  nested?: boolean;
  onNavigate?: () => void;
}) {
  const label = useNavLabel()(item.label);
  return (
    <ListItemButton
      component={RouterNavLink}
      to={item.to}
      onClick={onNavigate}
      aria-label={iconsOnly ? label : undefined}
      sx={{
        minHeight: 44,
        pl: nested && !iconsOnly ? 4 : 2,
        mx: 1,
        borderRadius: 1,
        '&.active': {
          bgcolor: (theme) => theme.shell.sidebar.selected,
          color: (theme) => theme.shell.sidebar.accent,
          fontWeight: 600,
        },
      }}
    >
      <ListItemIcon sx={{ minWidth: 40, color: 'inherit' }}>{item.icon}</ListItemIcon>
      {!iconsOnly && (
        // Long page names ('Program Registration Limit') wrap rather than lose their end.
        <ListItemText primary={label} slotProps={{ primary: { variant: 'body2' } }} />
      )}
      {!!item.badge && (
        <Chip
          size="small"
          color="error"
          label={item.badge > 99 ? '99+' : item.badge}
          data-testid="nav-badge"
          sx={{ height: 20, ml: iconsOnly ? -1.5 : 1, '& .MuiChip-label': { px: 0.75 } }}
        />
      )}
    </ListItemButton>
  );
}

function NavGroupItem({
  group,
  iconsOnly,
  onNavigate,
}: {
  group: NavGroup;
  iconsOnly: boolean;
  onNavigate?: () => void;
}) {
  const { pathname } = useLocation();
  const label = useNavLabel()(group.label);
  const containsCurrent = group.children.some((child) => isActive(child.to, pathname));
  const [open, setOpen] = useState(containsCurrent);
  const listId = `nav-group-${group.key}`;
  return (
    <>
      <ListItemButton
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-controls={listId}
        aria-label={iconsOnly ? label : undefined}
        sx={{
          minHeight: 44,
          pl: 2,
          mx: 1,
          borderRadius: 1,
          color: (theme) => (containsCurrent ? theme.shell.sidebar.accent : 'inherit'),
        }}
      >
        <ListItemIcon sx={{ minWidth: 40, color: 'inherit' }}>{group.icon}</ListItemIcon>
        {!iconsOnly && (
          <>
            <ListItemText primary={label} slotProps={{ primary: { noWrap: true, variant: 'body2' } }} />
            {open ? <ExpandLess /> : <ExpandMore />}
          </>
        )}
      </ListItemButton>
      {/* Shown or not, without MUI's Collapse (its transition weighs on every signed-in page). */}
      {open && !iconsOnly && (
        <List component="div" id={listId} disablePadding>
          {group.children.map((child) => (
            <NavLinkItem key={child.to} item={child} iconsOnly={iconsOnly} nested onNavigate={onNavigate} />
          ))}
        </List>
      )}
    </>
  );
}
