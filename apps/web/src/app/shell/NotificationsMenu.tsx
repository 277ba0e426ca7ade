import NotificationsNone from '@mui/icons-material/NotificationsNone';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Divider from '@mui/material/Divider';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import { LazyMenu, LazyMenuItem as MenuItem } from '../../components/LazyMenu';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { MessageId } from '../../i18n/locales';
import { useT } from '../../i18n/useT';
import { CountBadge, shownCount } from './CountBadge';

export interface NotificationItem {
  key: string;
  /** Translated where the menu is drawn, inside the area's strings (the list is made above them). */
  label: MessageId;
  count: number;
  to: string;
  /** Called when the user opens the item, e.g. to mark that category read. */
  onOpen?: () => void;
}

/** One of the newest items, opened by its link. */
export interface LatestNotification {
  key: string;
  title: string;
  to: string;
  unread: boolean;
}

/**
 * The header's notifications dropdown: the total unread, the counts per category and the newest
 * items with their links, supplied by the area.
 */
export function NotificationsMenu({
  items = [],
  latest = [],
}: {
  items?: readonly NotificationItem[];
  latest?: readonly LatestNotification[];
}) {
  const t = useT();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const unread = items.reduce((sum, item) => sum + item.count, 0);
  // The name carries the count exactly as the badge shows it (WCAG 2.5.3, label in name).
  const shown = shownCount(unread);
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        id="notifications-button"
        color="inherit"
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={!!anchor}
        aria-controls={anchor ? 'notifications-menu' : undefined}
        aria-label={t('shell.notifications', { count: unread, shown })}
      >
        <CountBadge count={unread}>
          <NotificationsNone />
        </CountBadge>
      </IconButton>
      <LazyMenu
        id="notifications-menu"
        anchorEl={anchor}
        open={!!anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-labelledby': 'notifications-button' } }}
      >
        {latest.length > 0 && [
          <ListSubheader key="latest-heading">
            {t('shell.latestNotifications', { count: unread })}
          </ListSubheader>,
          ...latest.map((item) => (
            <MenuItem key={`latest-${item.key}`} component={RouterLink} to={item.to} onClick={close}>
              <ListItemText
                primary={item.title}
                slotProps={{ primary: { sx: { fontWeight: item.unread ? 600 : 400, whiteSpace: 'normal' } } }}
                sx={{ maxWidth: 280 }}
              />
            </MenuItem>
          )),
          <Divider key="latest-divider" />,
        ]}
        {items.length === 0 ? (
          <MenuItem disabled>{t('shell.noNotifications')}</MenuItem>
        ) : (
          items.map((item) => (
            <MenuItem
              key={item.key}
              component={RouterLink}
              to={item.to}
              onClick={() => {
                close();
                item.onOpen?.();
              }}
            >
              <ListItemText primary={t(item.label)} />
              {item.count > 0 && (
                <Box component="span" sx={{ ml: 3 }}>
                  <CountBadge count={item.count} />
                </Box>
              )}
            </MenuItem>
          ))
        )}
      </LazyMenu>
    </>
  );
}
