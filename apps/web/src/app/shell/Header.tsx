import MenuIcon from '@mui/icons-material/Menu';
import Palette from '@mui/icons-material/Palette';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/useT';
import { useInstitution } from '../../lib/institution';
import { useSchoolShortName } from './useInstitution';
import type { AreaId } from '../../lib/areas';
import { NotificationsMenu, type LatestNotification, type NotificationItem } from './NotificationsMenu';
import { ProfileMenu, type ProfileEntry } from './ProfileMenu';

interface HeaderProps {
  area: AreaId;
  /** Show the button that opens the overlay sidebar, below this breakpoint ('always' when it is the only menu). */
  menuButton: 'always' | 'small-screens' | 'never';
  onOpenMenu: () => void;
  onOpenCustomiser: () => void;
  /** The horizontal menu when it sits inside the header. */
  children?: ReactNode;
  profileEntries: readonly ProfileEntry[];
  notifications?: readonly NotificationItem[];
  latestNotifications?: readonly LatestNotification[];
}

export function Header({
  area,
  menuButton,
  onOpenMenu,
  onOpenCustomiser,
  children,
  profileEntries,
  notifications,
  latestNotifications,
}: HeaderProps) {
  const t = useT();
  const schoolName = useSchoolShortName();
  const logo = useInstitution()?.LogoUrl;
  return (
    <AppBar
      position="sticky"
      elevation={0}
      sx={(theme) => ({ bgcolor: theme.shell.header.background, color: theme.shell.header.text })}
    >
      <Toolbar sx={{ gap: 1, px: { xs: 1, sm: 2 } }}>
        {menuButton !== 'never' && (
          <IconButton
            color="inherit"
            onClick={onOpenMenu}
            aria-label={t('shell.openMenu')}
            sx={{ display: menuButton === 'small-screens' ? { md: 'none' } : undefined }}
          >
            <MenuIcon />
          </IconButton>
        )}
        {menuButton !== 'never' && logo && (
          <Box
            component="img"
            src={logo}
            alt=""
            width={28}
            height={28}
            data-testid="school-logo"
            sx={{ objectFit: 'contain', flexShrink: 0, display: { xs: 'none', sm: 'block' } }}
          />
        )}
        {menuButton !== 'never' && (
          <Typography
            component="p"
            variant="h6"
            noWrap
            sx={{ fontSize: '1.1rem', flexShrink: 0, display: { xs: 'none', sm: 'block' } }}
          >
            {schoolName}
          </Typography>
        )}
        {children}
        <Box sx={{ flex: 1 }} />
        <NotificationsMenu items={notifications} latest={latestNotifications} />
        <IconButton color="inherit" onClick={onOpenCustomiser} aria-label={t('customiser.open')}>
          <Palette />
        </IconButton>
        <ProfileMenu area={area} entries={profileEntries} />
      </Toolbar>
    </AppBar>
  );
}
