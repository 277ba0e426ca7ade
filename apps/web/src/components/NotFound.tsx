import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useT } from '../i18n/useT';

/** 'Page not found', with a way back: the public fallback and each area's not-found page. */
export function NotFound({ homePath }: { homePath: string }) {
  const t = useT();
  return (
    <Box sx={{ textAlign: 'center', py: 6, px: 2 }}>
      <Typography variant="h2" sx={{ fontWeight: 700 }} aria-hidden>
        404
      </Typography>
      <Typography component="h1" variant="h6" sx={{ mt: 2 }}>
        {t('notFound.message')}
      </Typography>
      <Button component={RouterLink} to={homePath} variant="contained" sx={{ mt: 3 }}>
        {t('notFound.home')}
      </Button>
    </Box>
  );
}
