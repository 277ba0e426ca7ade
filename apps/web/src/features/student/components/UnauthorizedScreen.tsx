import Block from '@mui/icons-material/Block';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useT } from '../../../i18n/useT';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';

/** /student/unauthorized, and any student page outside the student's RoleData. */
export default function UnauthorizedScreen() {
  const t = useT();
  useDocumentTitle(`${t('student.unauthorized.title')} · ${t('portal.name')}`);
  return (
    <Card variant="outlined" sx={{ maxWidth: 560 }}>
      <CardContent sx={{ textAlign: 'center' }}>
        <Block color="error" sx={{ fontSize: 48 }} aria-hidden />
        <Typography component="h1" variant="h5" sx={{ fontWeight: 600, my: 1 }}>
          {t('student.unauthorized.title')}
        </Typography>
        <Typography color="text.secondary">{t('student.unauthorized.body')}</Typography>
        <Button component={RouterLink} to="/student/dashboard" variant="contained" sx={{ mt: 2 }}>
          {t('student.unauthorized.back')}
        </Button>
      </CardContent>
    </Card>
  );
}
