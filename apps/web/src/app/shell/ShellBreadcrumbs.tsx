import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { useT } from '../../i18n/useT';
import { AREAS, type AreaId } from '../../lib/areas';
import { humanise } from '../../lib/text';
import { usePageName } from '../../lib/useDocumentTitle';
import { navLinks, type NavItem } from './nav';
import { useNavLabel } from './useNavLabel';

const AREA_LABELS = {
  applicant: 'shell.area.applicant',
  admin: 'shell.area.admin',
  student: 'shell.area.student',
  app: 'shell.area.app',
} as const;

/** A path segment that is a record's id (a course, a session, an exam), not a page. */
const isId = (segment: string) => /^\d+$/.test(segment);

/**
 * The path as links: the first crumb is the area, linking to its dashboard; each further segment
 * is named by the menu when it is a menu page, otherwise made readable from the path. Ids are not
 * crumbs: a path ending in ids (a course's page) ends with the name the page gave itself (its
 * title), after a link to the page it was opened from.
 */
export function ShellBreadcrumbs({ area, nav }: { area: AreaId; nav: readonly NavItem[] }) {
  const t = useT();
  const label = useNavLabel();
  const pageName = usePageName();
  const { pathname } = useLocation();
  const names = new Map(navLinks(nav).map((link) => [link.to.toLowerCase(), label(link.label)]));
  const segments = pathname.split('/').filter(Boolean).slice(1);

  const crumbs = [
    { to: AREAS[area].dashboardPath, text: t(AREA_LABELS[area]) },
    ...segments.flatMap((segment, index) => {
      if (isId(segment)) return [];
      const to = `/${area}/${segments.slice(0, index + 1).join('/')}`;
      return [{ to, text: names.get(to.toLowerCase()) ?? humanise(decodeURIComponent(segment)) }];
    }),
  ];
  const endsInIds = segments.length > 0 && isId(segments.at(-1)!);
  const current =
    endsInIds && pageName && pageName !== crumbs.at(-1)!.text
      ? { to: pathname, text: pageName }
      : crumbs.pop()!;

  // The markup of MUI's Breadcrumbs (a list, the separators hidden from screen readers), without its
  // collapsing of long trails, which a trail of an area and a page or two never needs.
  return (
    <Box component="nav" aria-label={t('shell.breadcrumb')} sx={{ mb: 2, color: 'text.secondary' }}>
      <Box
        component="ol"
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', listStyle: 'none', m: 0, p: 0 }}
      >
        {crumbs.map((crumb) => (
          <Fragment key={crumb.to}>
            <li>
              <Link
                component={RouterLink}
                to={crumb.to}
                color="inherit"
                sx={{ display: 'inline-block', py: 0.5 }}
              >
                {crumb.text}
              </Link>
            </li>
            <Box component="li" aria-hidden sx={{ mx: 1, userSelect: 'none' }}>
              /
            </Box>
          </Fragment>
        ))}
        <li>
          <Typography color="text.primary" aria-current="page">
            {current.text}
          </Typography>
        </li>
      </Box>
    </Box>
  );
}
