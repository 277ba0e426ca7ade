import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Navigate, useSearchParams } from 'react-router';
import { PublicLayout } from '../../components/PublicLayout';
import type { MessageId } from '../../i18n/locales';
import { useT } from '../../i18n/useT';

/**
 * The public document pages (/QrCode, /paymentreceipt, /AdmissionLetter, /SiwesLetter), reached
 * by a query id from a QR code or a link; without the id, back to /. The documents themselves
 * replace this frame in the documents feature.
 */
export default function DocumentPage({ param, title }: { param: string; title: MessageId }) {
  const t = useT();
  const [params] = useSearchParams();
  if (!params.get(param)?.trim()) return <Navigate to="/" replace />;
  return (
    <PublicLayout title={t(title)}>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 840, p: { xs: 2, sm: 4 } }}>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 600, mb: 2 }}>
          {t(title)}
        </Typography>
        <Skeleton variant="rounded" height={160} />
      </Paper>
    </PublicLayout>
  );
}
