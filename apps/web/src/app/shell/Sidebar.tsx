import { SIDEBAR_WIDTH } from '@portal/contracts';
import Box from '@mui/material/Box';
import Paper, { type PaperProps } from '@mui/material/Paper';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { lazy, Suspense, useState, type FocusEvent, type ReactNode } from 'react';
import { useT } from '../../i18n/useT';
import { useInstitution } from '../../lib/institution';
import { useSchoolShortName } from './useInstitution';
import type { NavItem } from './nav';
import { NavList } from './NavList';
import type { SidebarVariant } from './useSidebarVariant';

const MINI_WIDTH = 72;

// The overlay (a phone's menu) needs MUI's modal machinery — focus trap, backdrop, slide — about
// 7 KiB over the wire that a page need not download until the menu first opens.
const Drawer = lazy(() => import('@mui/material/Drawer'));

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
  // The school's logo once School Management has uploaded one, the portal's mark otherwise.
  const logo = useInstitution()?.LogoUrl;
  const [miniExpanded, setMiniExpanded] = useState(false);
  const iconsOnly = variant === 'mini' && !miniExpanded;

  const content = (
    <>
      <Toolbar sx={{ gap: 1.5, px: 2.5 }}>
        <Box
          component="img"
          src={logo ?? `${import.meta.env.BASE_URL}favicon.svg`}
          alt=""
          width={32}
          height={32}
          sx={{ width: 32, height: 32, objectFit: 'contain' }}
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
      <Overlay open={open}>
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
      </Overlay>
    );
  }

  if (variant === 'mini') {
    const collapse = (event: FocusEvent<HTMLElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget)) setMiniExpanded(false);
    };
    return (
      <Docked
        width={MINI_WIDTH}
        paper={{
          onMouseEnter: () => setMiniExpanded(true),
          onMouseLeave: () => setMiniExpanded(false),
          onFocus: () => setMiniExpanded(true),
          onBlur: collapse,
        }}
        sx={(theme) => ({
          ...paperColours(theme),
          width: miniExpanded ? SIDEBAR_WIDTH : MINI_WIDTH,
          overflowX: 'hidden',
          boxShadow: miniExpanded ? theme.shadows[8] : 'none',
          transition: theme.transitions.create(['width', 'box-shadow'], {
            duration: theme.transitions.duration.shorter,
          }),
        })}
      >
        {content}
      </Docked>
    );
  }

  return (
    <Docked width={SIDEBAR_WIDTH} sx={(theme) => ({ ...paperColours(theme), width: SIDEBAR_WIDTH })}>
      {content}
    </Docked>
  );
}

/** The overlay's Drawer, downloaded when the menu first opens and kept mounted after (to close with its slide). */
function Overlay({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/**
 * The sidebar beside the page: what MUI's permanent Drawer draws (a fixed, full-height paper with a
 * border on the page's side, in a box that keeps its width in the layout), without importing the
 * Drawer and the modal machinery of its overlay variant.
 */
function Docked({
  width,
  paper,
  sx,
  children,
}: {
  width: number;
  paper?: PaperProps;
  sx: (theme: Theme) => SxProps<Theme>;
  children: ReactNode;
}) {
  return (
    <Box sx={{ flex: '0 0 auto', width }}>
      <Paper
        square
        elevation={0}
        {...paper}
        sx={(theme) => ({
          overflowY: 'auto',
          display: 'flex',
          flexDirection: 'column',
          height: '100%',
          position: 'fixed',
          top: 0,
          left: 0,
          zIndex: theme.zIndex.drawer,
          outline: 0,
          borderRight: `1px solid ${theme.palette.divider}`,
          ...(sx(theme) as object),
        })}
      >
        {children}
      </Paper>
    </Box>
  );
}
