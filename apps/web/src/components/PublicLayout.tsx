import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Footer } from './Footer';
import { LanguageSelect } from './LanguageSelect';
import { useT } from '../i18n/useT';
import { useInstitution } from '../lib/institution';
import { useDocumentTitle } from '../lib/useDocumentTitle';

/**
 * The frame of every public page: the school's logo and name (School Management's; the portal's
 * generic name until they arrive, as prerendered), a language picker, the page, the footer with the
 * school's contacts.
 */
export function PublicLayout({ title, children }: { title: string; children: ReactNode }) {
  const t = useT();
  const school = useInstitution();
  useDocumentTitle(`${title} · ${t('portal.name')}`);
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <Box
        component="header"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 2,
          px: 2,
          py: 1,
          // The school's colour (the default theme's), as a band along the top.
          borderTop: 4,
          borderColor: 'primary.main',
        }}
      >
        <Link
          component={RouterLink}
          to="/"
          color="inherit"
          underline="none"
          sx={{
            fontWeight: 600,
            flex: 1,
            py: 1,
            display: 'flex',
            alignItems: 'center',
            gap: 1.5,
            minWidth: 0,
          }}
        >
          {school?.LogoUrl && (
            <Box
              component="img"
              src={school.LogoUrl}
              alt=""
              width={36}
              height={36}
              sx={{ objectFit: 'contain', flexShrink: 0 }}
            />
          )}
          <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
            {school?.Name || t('portal.name')}
          </Box>
        </Link>
        <LanguageSelect />
      </Box>
      <Box component="main" sx={{ flex: 1, display: 'grid', placeItems: 'center', p: { xs: 2, sm: 3 } }}>
        {children}
      </Box>
      <Footer contacts={school ? [school.Email, school.Phone].filter(Boolean).join(' · ') : ''} />
    </Box>
  );
}

/** The card that holds a sign-in or password form, headed by the page's title. */
export function FormCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ width: '100%', maxWidth: 420, p: { xs: 2.5, sm: 4 } }}>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {subtitle && (
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {subtitle}
        </Typography>
      )}
      {children}
    </Paper>
  );
}
