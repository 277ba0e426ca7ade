import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ANNOUNCEMENTS_API, type CurrentAnnouncementsResponse } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useT } from '../i18n/useT';
import { api } from '../lib/api';
import type { AreaId } from '../lib/areas';
import { useWhen } from '../lib/useWhen';
import { SectionCard } from './SectionCard';

/** How often the dashboard looks for announcements that have just been published. */
const REFRESH_MS = 15_000;

/**
 * The read, for a dashboard that shows its cards only once it knows whether announcements come
 * above them (else they arrive later and push the cards down the screen).
 */
export const currentAnnouncementsOptions = (area: AreaId) =>
  queryOptions({
    queryKey: ['announcements', 'current', area],
    queryFn: ({ signal }) => api<CurrentAnnouncementsResponse>(ANNOUNCEMENTS_API.current, { area, signal }),
    refetchInterval: REFRESH_MS,
  });

/**
 * The signed-in user's current announcements (their audience, published, not expired) on their
 * dashboard; nothing at all when there are none. Bodies come sanitised from the server.
 */
export function CurrentAnnouncements({ area }: { area: AreaId }) {
  const t = useT();
  const when = useWhen();
  const current = useQuery(currentAnnouncementsOptions(area));
  const items = current.data?.Data ?? [];
  if (items.length === 0) return null;
  return (
    <SectionCard title={t('shell.announcements')} sx={{ mb: 2 }}>
      <Box component="ul" aria-label={t('shell.announcements')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {items.map((item) => (
          <Box component="li" key={item.Id} sx={{ py: 1, '& + &': { borderTop: 1, borderColor: 'divider' } }}>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {item.Title}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {when(item.PublishAt)}
            </Typography>
            <Box
              sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line', '& p': { my: 0.5 } }}
              dangerouslySetInnerHTML={{ __html: item.Body }}
            />
          </Box>
        ))}
      </Box>
    </SectionCard>
  );
}
