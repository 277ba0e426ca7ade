import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import { useT } from '../i18n/useT';

/** What a lazy screen shows while its code downloads: a loading bar and a skeleton of the page. */
export function PageLoading() {
  const t = useT();
  return (
    <Box role="status" aria-live="polite" aria-label={t('common.loading')} sx={{ width: '100%' }}>
      <LinearProgress
        aria-label={t('common.loading')}
        sx={{ position: 'fixed', top: 0, insetInlineStart: 0, width: '100%', zIndex: 'tooltip' }}
      />
      <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 960, mx: 'auto' }}>
        <Skeleton variant="text" sx={{ fontSize: '2rem', width: '40%' }} />
        <Skeleton variant="rounded" height={120} sx={{ my: 2 }} />
        <Skeleton variant="rounded" height={240} />
      </Box>
    </Box>
  );
}
