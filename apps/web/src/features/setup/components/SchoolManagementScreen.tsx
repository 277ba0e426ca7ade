import Delete from '@mui/icons-material/Delete';
import UploadFile from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SCHOOL_LOGO_API, SCHOOL_LOGO_MAX_BYTES, registrySpec, resourcePath } from '@portal/contracts';
import { useEffect, useState } from 'react';
import { useResourceList } from '../../../components/crud/api';
import { serverMessage } from '../../../components/crud/errors';
import { UploadProgress } from '../../../components/crud/UploadProgress';
import { uploadForm } from '../../../components/crud/upload';
import { useT } from '../../../i18n/useT';
import { api } from '../../../lib/api';
import { loadInstitution, useInstitution } from '../../../lib/institution';
import { notify } from '../../../lib/notify';
import RegistryScreen from './RegistryScreen';

/**
 * /app/SchoolManagement: the school's particulars (the registry's `school-information`: names,
 * address, contacts, colours, the indigene state) and its logo. A save is read back at once by the
 * shell (name, logo, the school's theme colour); documents and e-mails read the server's copy.
 */
const schoolInformationPath = resourcePath(registrySpec('school-information')!);

export default function SchoolManagementScreen() {
  // The record's list, refreshed by every save of the page: the shell's particulars follow it.
  const record = useResourceList(schoolInformationPath, { page: 1, pageSize: 1 });
  useEffect(() => {
    if (record.dataUpdatedAt) void loadInstitution(true);
  }, [record.dataUpdatedAt]);
  return (
    <>
      <RegistryScreen name="school-information" />
      <SchoolLogoCard />
    </>
  );
}

function SchoolLogoCard() {
  const t = useT();
  const school = useInstitution();
  const [progress, setProgress] = useState<number | null>(null);
  const [removing, setRemoving] = useState(false);
  const busy = progress !== null || removing;

  const upload = async (file: File) => {
    if (file.size > SCHOOL_LOGO_MAX_BYTES) {
      notify.error(t('crud.fileTooLarge', { max: SCHOOL_LOGO_MAX_BYTES / 1024 / 1024 }));
      return;
    }
    const form = new FormData();
    form.append('file', file);
    setProgress(0);
    try {
      const answer = await uploadForm<{ Message: string }>(SCHOOL_LOGO_API, form, {
        onProgress: setProgress,
      });
      await loadInstitution(true);
      notify.success(answer.Message);
    } catch (error) {
      notify.error(serverMessage(error) || t('error.generic'));
    } finally {
      setProgress(null);
    }
  };

  const remove = async () => {
    setRemoving(true);
    try {
      const answer = await api<{ Message: string }>(SCHOOL_LOGO_API, { method: 'DELETE' });
      await loadInstitution(true);
      notify.success(answer.Message);
    } catch (error) {
      notify.error(serverMessage(error) || t('error.generic'));
    } finally {
      setRemoving(false);
    }
  };

  return (
    <Card variant="outlined" sx={{ mt: 3 }} component="section" aria-labelledby="school-logo-title">
      <CardContent>
        <Typography id="school-logo-title" component="h2" variant="h6" sx={{ mb: 1 }}>
          {t('school.logo.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" id="school-logo-hint" sx={{ mb: 2 }}>
          {t('school.logo.intro', { size: SCHOOL_LOGO_MAX_BYTES / 1024 })}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <Box
            sx={{
              width: 96,
              height: 96,
              flexShrink: 0,
              display: 'grid',
              placeItems: 'center',
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              bgcolor: 'background.paper',
            }}
          >
            {school?.LogoUrl ? (
              <Box
                component="img"
                src={school.LogoUrl}
                alt={t('school.logo.alt', { name: school.Name })}
                width={88}
                height={88}
                loading="lazy"
                sx={{ objectFit: 'contain' }}
              />
            ) : (
              <Typography variant="caption" color="text.secondary" sx={{ p: 1, textAlign: 'center' }}>
                {t('school.logo.none')}
              </Typography>
            )}
          </Box>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button component="label" variant="outlined" startIcon={<UploadFile />} disabled={busy}>
              {school?.LogoUrl ? t('school.logo.replace') : t('school.logo.upload')}
              <input
                type="file"
                hidden
                accept="image/png,image/jpeg"
                aria-describedby="school-logo-hint"
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  event.target.value = '';
                  if (file) void upload(file);
                }}
              />
            </Button>
            {school?.LogoUrl && (
              <Button color="error" startIcon={<Delete />} onClick={() => void remove()} disabled={busy}>
                {t('school.logo.remove')}
              </Button>
            )}
          </Stack>
        </Stack>
        {progress !== null && <UploadProgress fraction={progress} />}
      </CardContent>
    </Card>
  );
}
