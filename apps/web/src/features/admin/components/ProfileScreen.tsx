import Lock from '@mui/icons-material/Lock';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { DetailList } from '../../../components/DetailList';
import { PageHeading } from '../../../components/PageHeading';
import { SectionCard } from '../../../components/SectionCard';
import { useT } from '../../../i18n/useT';
import { useAppState, useSessionArea, useSessionUser } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { PagesByMenu } from './PagesByMenu';

/** profile: the signed-in admin's own details and the pages their roles grant. */
export default function ProfileScreen({ area = 'admin' }: { area?: 'admin' | 'app' }) {
  const t = useT();
  const title = t('admin.profile.title');
  useDocumentTitle(`${title} · ${t('portal.name')}`);
  // In /app, an admin signed in at /AdminSignin is the user when nobody signed in at /signin.
  const user = useSessionUser(useSessionArea(area).userKind === 'adminUser' ? 'adminUser' : 'authUser');
  const pages = useAppState((s) => s.adminPages);
  if (!user) return null;

  return (
    <>
      <PageHeading title={title} />
      <Stack spacing={2}>
        <Card variant="outlined">
          <CardHeader
            avatar={
              <Avatar src={user.Passport ?? undefined} alt="" sx={{ width: 56, height: 56 }}>
                {user.LastName.charAt(0).toUpperCase()}
              </Avatar>
            }
            title={user.Fullname}
            subheader={user.Email}
            slotProps={{
              title: { component: 'h2', variant: 'h6', sx: { overflowWrap: 'anywhere' } },
              subheader: { sx: { overflowWrap: 'anywhere' } },
            }}
          />
          <CardContent>
            <DetailList
              columns="max-content minmax(0, 1fr)"
              rowGap={1}
              rows={[
                [t('admin.users.firstName'), user.FirstName],
                [t('admin.users.lastName'), user.LastName],
                [t('admin.users.email'), user.Email],
                [t('admin.profile.username'), user.Username],
                [
                  t('admin.users.status'),
                  <Chip
                    size="small"
                    color={user.IsActive ? 'success' : 'default'}
                    label={user.IsActive ? t('admin.users.active') : t('admin.users.inactive')}
                  />,
                ],
              ]}
            />
            <Button component={RouterLink} to={`/${area}/changepassword`} startIcon={<Lock />} sx={{ mt: 2 }}>
              {t('nav.changePassword')}
            </Button>
          </CardContent>
        </Card>
        {area === 'admin' && (
          <SectionCard title={t('admin.profile.pages')}>
            {pages.length ? (
              <PagesByMenu pages={pages} />
            ) : (
              <Typography color="text.secondary">{t('admin.users.noRoles')}</Typography>
            )}
          </SectionCard>
        )}
      </Stack>
    </>
  );
}
