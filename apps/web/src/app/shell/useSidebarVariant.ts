import { FIXED_DRAWER_BREAKPOINT } from '@portal/contracts';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useSettings } from '../settings';

/** 'permanent' beside the page, 'mini' (icons, widening on hover or focus), or 'temporary' (an overlay). */
export type SidebarVariant = 'permanent' | 'mini' | 'temporary';

/**
 * The spec's rule: temporary in collapsed mode, in horizontal navigation, or in fixed mode below
 * 1200 px; otherwise permanent. The mini rail also becomes an overlay on phones (below 600 px),
 * where 72 px of a 360 px screen is too much to give up.
 */
export function useSidebarVariant(): SidebarVariant {
  const theme = useTheme();
  const drawerType = useSettings((s) => s.drawerType);
  const navigationStyle = useSettings((s) => s.navigationStyle);
  const wide = useMediaQuery(theme.breakpoints.up(FIXED_DRAWER_BREAKPOINT), { noSsr: true });
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  if (navigationStyle === 'horizontal' || drawerType === 'collapsed') return 'temporary';
  if (drawerType === 'fixed') return wide ? 'permanent' : 'temporary';
  return phone ? 'temporary' : 'mini';
}
