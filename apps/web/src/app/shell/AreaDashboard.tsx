import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Typography from '@mui/material/Typography';
import { CardMenu } from '../../components/CardMenu';
import { useT } from '../../i18n/useT';
import type { AreaId } from '../../lib/areas';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useProfile } from './profile';

/** The dashboard of an area until its own arrives: a welcome card. */
export function AreaDashboard({ area }: { area: AreaId }) {
  const t = useT();
  const { displayName } = useProfile(area);
  useDocumentTitle(`${t('nav.dashboard')} · ${t('portal.name')}`);
  return (
    <>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 600, mb: 2 }}>
        {t('nav.dashboard')}
      </Typography>
      <Card variant="outlined">
        <CardHeader
          title={t('shell.welcome', { name: displayName })}
          action={<CardMenu />}
          slotProps={{ title: { component: 'h2', variant: 'h6' } }}
        />
        <CardContent>
          <Typography color="text.secondary">{t('shell.dashboardIntro')}</Typography>
        </CardContent>
      </Card>
    </>
  );
}
