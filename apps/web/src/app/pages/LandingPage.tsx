import HowToReg from '@mui/icons-material/HowToReg';
import School from '@mui/icons-material/School';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { PublicLayout } from '../../components/PublicLayout';
import type { MessageId } from '../../i18n/locales';
import { useT } from '../../i18n/useT';

/** `/`: the two ways in, Student and Applicant. */
export default function LandingPage() {
  const t = useT();
  return (
    <PublicLayout title={t('landing.title')}>
      <Box sx={{ width: '100%', maxWidth: 840 }}>
        <Typography component="h1" variant="h4" sx={{ textAlign: 'center', fontWeight: 600 }}>
          {t('landing.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ textAlign: 'center', mt: 1 }}>
          {t('landing.subtitle')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mt: 4 }}>
          <PortalCard
            to="/student"
            icon={<School fontSize="large" />}
            title="landing.student"
            text="landing.studentText"
          />
          <PortalCard
            to="/applicant"
            icon={<HowToReg fontSize="large" />}
            title="landing.applicant"
            text="landing.applicantText"
          />
        </Box>
      </Box>
    </PublicLayout>
  );
}

function PortalCard({
  to,
  icon,
  title,
  text,
}: {
  to: string;
  icon: ReactNode;
  title: MessageId;
  text: MessageId;
}) {
  const t = useT();
  return (
    <Card variant="outlined">
      <CardActionArea component={RouterLink} to={to} sx={{ height: '100%' }}>
        <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', p: 3 }}>
          <Box sx={{ color: 'primary.main', display: 'flex' }} aria-hidden>
            {icon}
          </Box>
          <Box>
            <Typography component="h2" variant="h6">
              {t(title)}
            </Typography>
            <Typography color="text.secondary">{t(text)}</Typography>
          </Box>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
