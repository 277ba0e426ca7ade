import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { SETUP_CONFIG_API, registrySpec, type SetupConfig } from '@portal/contracts';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { DataTable } from '../../../components/DataTable';
import { DetailList } from '../../../components/DetailList';
import { serverMessage } from '../../../components/crud/errors';
import { useRegistryResource } from '../../../components/crud/registry';
import { ResourcePage } from '../../../components/crud/ResourcePage';
import { useT } from '../../../i18n/useT';
import { api } from '../../../lib/api';

const SETTINGS = registrySpec('school-settings')!;

/**
 * /app/setup-config: the school's switches (the school-settings resource: edited here, audited by
 * the registry) and the portal's configuration as it runs — which engine serves each part, sandbox
 * or live, and the job queues' health. Secrets never reach the page: the server leaves them out.
 */
export default function SetupConfigScreen() {
  const t = useT();
  const settings = useRegistryResource(SETTINGS);
  return (
    <>
      <ResourcePage resource={settings} heading={t('app.nav.setupConfig')} intro={t('setupConfig.intro')} />
      <RunningConfiguration />
    </>
  );
}

function RunningConfiguration() {
  const t = useT();
  const intl = useIntl();
  const config = useQuery({
    queryKey: ['setup-config'],
    queryFn: ({ signal }) => api<{ Data: SetupConfig }>(SETUP_CONFIG_API, { signal }),
  });
  const data = config.data?.Data;
  const mode = (live: boolean, text: string) => (
    <Chip size="small" color={live ? 'success' : 'default'} label={text} component="span" />
  );
  return (
    <Stack spacing={2} sx={{ mt: 3 }}>
      <Card variant="outlined">
        <CardContent>
          <Typography component="h2" variant="h6" sx={{ mb: 1.5 }}>
            {t('setupConfig.running')}
          </Typography>
          {config.isError && (
            <Typography color="error">{serverMessage(config.error) || t('error.generic')}</Typography>
          )}
          {!data && !config.isError && <Typography color="text.secondary">{t('common.loading')}</Typography>}
          {data && (
            <DetailList
              rows={[
                [t('setupConfig.version'), data.Version],
                [t('setupConfig.database'), data.Database],
                [
                  t('setupConfig.mail'),
                  data.Mail.Mode === 'smtp'
                    ? mode(true, t('setupConfig.mailSmtp', { host: data.Mail.Host ?? '' }))
                    : mode(false, t('setupConfig.mailLog')),
                ],
                [
                  t('setupConfig.storage'),
                  data.Storage.Mode === 's3'
                    ? mode(true, t('setupConfig.storageS3', { bucket: data.Storage.Bucket ?? '' }))
                    : mode(false, t('setupConfig.storageDisk')),
                ],
                [
                  t('setupConfig.meetingEngine'),
                  data.MeetingEngine.Mode === 'bigbluebutton'
                    ? mode(true, t('setupConfig.bigBlueButton', { host: data.MeetingEngine.Host ?? '' }))
                    : mode(false, t('setupConfig.sandbox')),
                ],
                ...data.Gateways.map(
                  (g) =>
                    [
                      t('setupConfig.gateway', { provider: g.Provider }),
                      mode(
                        g.Mode === 'live',
                        t(g.Mode === 'live' ? 'setupConfig.live' : 'setupConfig.sandbox'),
                      ),
                    ] as [string, ReactNode],
                ),
              ]}
            />
          )}
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardContent>
          <Typography component="h2" variant="h6" sx={{ mb: 1.5 }}>
            {t('setupConfig.jobs')}
          </Typography>
          <DataTable
            label={t('setupConfig.jobs')}
            rows={data?.Jobs ?? []}
            rowKey={(job) => job.Name}
            loading={config.isLoading}
            emptyText={t('setupConfig.noJobs')}
            columns={[
              { key: 'Name', header: t('setupConfig.queue'), cell: (job) => job.Name, priority: 0 },
              { key: 'Waiting', header: t('setupConfig.waiting'), cell: (job) => job.Waiting },
              { key: 'Active', header: t('setupConfig.active'), cell: (job) => job.Active, priority: 3 },
              {
                key: 'Failed',
                header: t('setupConfig.failed'),
                cell: (job) => (job.Failed ? <Chip size="small" color="error" label={job.Failed} /> : 0),
              },
              {
                key: 'OldestWaitingAt',
                header: t('setupConfig.oldest'),
                priority: 2,
                cell: (job) =>
                  job.OldestWaitingAt
                    ? intl.formatDate(job.OldestWaitingAt, {
                        dateStyle: 'medium',
                        timeStyle: 'short',
                        timeZone: 'Africa/Lagos',
                      })
                    : '—',
              },
            ]}
          />
        </CardContent>
      </Card>
    </Stack>
  );
}
