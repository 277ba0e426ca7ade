import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useT } from '../../i18n/useT';

/** A determinate bar with its percentage: a file going up to the server. */
export function UploadProgress({ fraction, label }: { fraction: number; label?: string }) {
  const t = useT();
  const percent = Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  const text = label ?? t('crud.uploading', { percent });
  return (
    <Box sx={{ my: 1.5 }}>
      <Typography variant="body2" sx={{ mb: 0.5 }} id="upload-progress-label">
        {text}
      </Typography>
      <LinearProgress variant="determinate" value={percent} aria-labelledby="upload-progress-label" />
    </Box>
  );
}

/** Megabytes, for size limits. */
export const megabytes = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
