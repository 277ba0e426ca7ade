import Logout from '@mui/icons-material/Logout';
import Avatar from '@mui/material/Avatar';
import ButtonBase from '@mui/material/ButtonBase';
import ListItemIcon from '@mui/material/ListItemIcon';
import { LazyMenu, LazyMenuItem as MenuItem } from '../../components/LazyMenu';
import Typography from '@mui/material/Typography';
import { useState, type ReactElement } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { signOut } from '../../features/auth/api/sign-out';
import type { MessageId } from '../../i18n/locales';
import { useT } from '../../i18n/useT';
import type { AreaId } from '../../lib/areas';
import { notify } from '../../lib/notify';
import { sessionArea } from '../../lib/session';
import { useProfile } from './profile';

/** An entry of the profile menu: a page to open, or an action (such as a dialog). */
export type ProfileEntry = { label: MessageId; icon: ReactElement } & (
  { to: string } | { onSelect: () => void }
);

/** The header's user menu: passport or initials, the area's entries, and Logout. */
export function ProfileMenu({ area, entries }: { area: AreaId; entries: readonly ProfileEntry[] }) {
  const t = useT();
  const navigate = useNavigate();
  const profile = useProfile(area);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);

  const logout = async () => {
    close();
    const { signOutPath } = sessionArea(area);
    const told = await signOut(area, () => navigate(signOutPath, { replace: true }));
    if (!told) notify.error(t('shell.logoutFailed'));
  };

  return (
    <>
      <ButtonBase
        id="profile-button"
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={!!anchor}
        aria-controls={anchor ? 'profile-menu' : undefined}
        // The name holds the text the button shows (WCAG 2.5.3): the initials, unless a passport shows instead.
        aria-label={t('shell.profileMenu', {
          initials: profile.passport ? '' : profile.initials,
          name: profile.displayName,
        })}
        sx={{ borderRadius: 6, p: 0.5, gap: 1, color: 'inherit' }}
      >
        <Avatar
          src={profile.passport ?? undefined}
          alt=""
          sx={(theme) => ({
            width: 36,
            height: 36,
            fontSize: '0.9rem',
            fontWeight: 600,
            bgcolor: theme.shell.header.text,
            color: theme.shell.header.background,
          })}
        >
          {profile.initials}
        </Avatar>
        {/* Initials and name read as two words (label in name); a space between flex items shows nothing. */}{' '}
        <Typography variant="body2" noWrap sx={{ display: { xs: 'none', md: 'block' }, maxWidth: 180 }}>
          {profile.displayName}
        </Typography>
      </ButtonBase>
      <LazyMenu
        id="profile-menu"
        anchorEl={anchor}
        open={!!anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-labelledby': 'profile-button' } }}
      >
        {entries.map((entry) =>
          'to' in entry ? (
            <MenuItem key={entry.label} component={RouterLink} to={entry.to} onClick={close}>
              <ListItemIcon>{entry.icon}</ListItemIcon>
              {t(entry.label)}
            </MenuItem>
          ) : (
            <MenuItem
              key={entry.label}
              onClick={() => {
                close();
                entry.onSelect();
              }}
            >
              <ListItemIcon>{entry.icon}</ListItemIcon>
              {t(entry.label)}
            </MenuItem>
          ),
        )}
        <MenuItem onClick={logout}>
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          {t('shell.logout')}
        </MenuItem>
      </LazyMenu>
    </>
  );
}
