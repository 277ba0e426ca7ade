import { SIDEBAR_WIDTH } from '@portal/contracts';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import { useState, type FocusEvent } from 'react';
import { useT } from '../../i18n/useT';
import { useSchoolShortName } from './useInstitution';
import type { NavItem } from './nav';
import { NavList } from './NavList';
import type { SidebarVariant } from './useSidebarVariant';

const MINI_WIDTH = 72;

interface SidebarProps {
  items: readonly NavItem[];
  variant: SidebarVariant;
  /** Whether the overlay is open (temporary variant only). */
  open: boolean;
  onClose: () => void;
}

const paperColours = (theme: Theme) => ({
  bgcolor: theme.shell.sidebar.background,
  color: theme.shell.sidebar.text,
  borderColor: theme.palette.divider,
});

/** The area's sidebar, 260 px wide: beside the page, a mini rail, or an overlay (see useSidebarVariant). */
export function Sidebar({ items, variant, open, onClose }: SidebarProps) {
  const t = useT();
  const schoolName = useSchoolShortName();
  const [miniExpanded, setMiniExpanded] = useState(false);
  const iconsOnly = variant === 'mini' && !miniExpanded;

  const content = (
    <>
      <Toolbar sx={{ gap: 1.5, px: 2.5 }}>
        <Box
          component="img"
          src={`${import.meta.env.BASE_URL}favicon.svg`}
          alt=""
          sx={{ width: 32, height: 32 }}
        />
        {!iconsOnly && (
          <Typography variant="subtitle1" noWrap sx={{ fontWeight: 600 }}>
            {schoolName}
          </Typography>
        )}
      </Toolbar>
      <Box
        component="nav"
        aria-label={t('shell.navigation')}
        sx={{ flex: 1, overflowY: 'auto', overflowX: 'hidden' }}
      >
        <NavList
          items={items}
          iconsOnly={iconsOnly}
          onNavigate={variant === 'temporary' ? onClose : undefined}
        />
      </Box>
    </>
  );

  if (variant === 'temporary') {
    return (
      <Drawer
        variant="temporary"
        open={open}
        onClose={onClose}
        slotProps={{
          paper: {
            'aria-label': t('shell.navigation'),
            sx: (theme) => ({ ...paperColours(theme), width: SIDEBAR_WIDTH, maxWidth: '85vw' }),
          },
        }}
      >
        {content}
      </Drawer>
    );
  }

  if (variant === 'mini') {
    const collapse = (event: FocusEvent<HTMLElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget)) setMiniExpanded(false);
    };
    return (
      <Drawer
        variant="permanent"
        sx={{ width: MINI_WIDTH, flexShrink: 0 }}
        slotProps={{
          paper: {
            onMouseEnter: () => setMiniExpanded(true),
            onMouseLeave: () => setMiniExpanded(false),
            onFocus: () => setMiniExpanded(true),
            onBlur: collapse,
            sx: (theme) => ({
              ...paperColours(theme),
              width: miniExpanded ? SIDEBAR_WIDTH : MINI_WIDTH,
              overflowX: 'hidden',
              boxShadow: miniExpanded ? theme.shadows[8] : 'none',
              transition: theme.transitions.create(['width', 'box-shadow'], {
                duration: theme.transitions.duration.shorter,
              }),
            }),
          },
        }}
      >
        {content}
      </Drawer>
    );
  }

  return (
    <Drawer
      variant="permanent"
      sx={{ width: SIDEBAR_WIDTH, flexShrink: 0 }}
      slotProps={{ paper: { sx: (theme) => ({ ...paperColours(theme), width: SIDEBAR_WIDTH }) } }}
    >
      {content}
    </Drawer>
  );
}
