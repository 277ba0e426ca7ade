import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { ConfirmDialog } from '../../../components/crud/ConfirmDialog';
import { serverMessage } from '../../../components/crud/errors';
import { useT } from '../../../i18n/useT';
import { notify } from '../../../lib/notify';
import { useAdmissionSessionOptions } from '../api/get-admission-sessions';
import { usePublication } from '../api/get-publication';
import { usePublish } from '../api/publish-admission-list';

/** admissionlist: whether a session's admitted list is published, and publishing or withdrawing it. */
export function PublicationCard() {
  const t = useT();
  const intl = useIntl();
  const sessions = useAdmissionSessionOptions();
  const [chosen, setChosen] = useState('');
  const sessionId = Number(chosen || sessions.options[0]?.value || 0) || null;
  const publication = usePublication(sessionId);
  const publish = usePublish();
  const [confirming, setConfirming] = useState(false);
  const published = publication.data?.Data.published ?? false;

  if (sessions.failed) return null;
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            select
            size="small"
            label={t('admissions.field.admissionSession')}
            value={sessionId ? String(sessionId) : ''}
            onChange={(event) => setChosen(event.target.value)}
            sx={{ minWidth: 200 }}
          >
            {sessions.options.map((option) => (
              <MenuItem key={option.value} value={String(option.value)}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
          {publication.data && (
            <Chip
              color={published ? 'success' : 'default'}
              label={
                published && publication.data.Data.publishedAt
                  ? t('admissions.publication.publishedOn', {
                      date: intl.formatDate(publication.data.Data.publishedAt, { dateStyle: 'medium' }),
                    })
                  : t('admissions.publication.notPublished')
              }
            />
          )}
          {/* Shown once the state is known, so it never flips from disabled to enabled on load. */}
          {publication.data && (
            <Button variant={published ? 'outlined' : 'contained'} onClick={() => setConfirming(true)}>
              {t(published ? 'admissions.publication.withdraw' : 'admissions.publication.publish')}
            </Button>
          )}
        </Stack>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        title={t('admissions.confirm.title')}
        message={t(
          published ? 'admissions.publication.confirmWithdraw' : 'admissions.publication.confirmPublish',
        )}
        confirmLabel={t(published ? 'admissions.publication.withdraw' : 'admissions.publication.publish')}
        pending={publish.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          sessionId &&
          publish.mutate(
            { admissionSessionId: sessionId, publish: !published },
            {
              onSuccess: () => {
                notify.success(
                  t(published ? 'admissions.publication.withdrawn' : 'admissions.publication.done'),
                );
                setConfirming(false);
              },
              onError: (error) => notify.error(serverMessage(error) || t('error.generic')),
            },
          )
        }
      />
    </Card>
  );
}
