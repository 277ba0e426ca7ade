import Alert from '@mui/material/Alert';
import type { ReactNode } from 'react';
import { useT } from '../../../i18n/useT';
import { useGrantedPage } from '../../../lib/session';

/**
 * Shows an admin screen only when the admin's roles grant its page (Data5); the server checks
 * again on every call. Pages outside the sidebar (a typed or old link) say so plainly.
 */
export function RequireAdminPage({ page, children }: { page: string; children: ReactNode }) {
  const t = useT();
  const granted = useGrantedPage('admin', page);
  if (!granted) return <Alert severity="warning">{t('admin.noAccess')}</Alert>;
  return children;
}
