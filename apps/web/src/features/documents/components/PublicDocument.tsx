import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ComponentType, ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { PublicLayout } from '../../../components/PublicLayout';
import type { MessageId } from '../../../i18n/locales';
import { useT } from '../../../i18n/useT';
import { DocumentsMessages } from './DocumentsMessages';

/**
 * The frame of the public document pages (/QrCode, /paymentreceipt, /AdmissionLetter,
 * /SiwesLetter), reached by a query id from a QR code or a link; without the id, back to /.
 * The document is keyed by the id, so another id starts it afresh.
 */
export function PublicDocument({
  param,
  title,
  document: Document,
}: {
  param: string;
  title: MessageId;
  document: ComponentType<{ id: string }>;
}) {
  const [params] = useSearchParams();
  const id = params.get(param)?.trim();
  if (!id) return <Navigate to="/" replace />;
  return (
    <DocumentsMessages>
      <Frame title={title}>
        <Document key={id} id={id} />
      </Frame>
    </DocumentsMessages>
  );
}

function Frame({ title, children }: { title: MessageId; children: ReactNode }) {
  const t = useT();
  return (
    <PublicLayout title={t(title)}>
      <Paper
        variant="outlined"
        sx={{ width: '100%', maxWidth: 860, p: { xs: 2, sm: 4 }, minWidth: 0, alignSelf: 'start' }}
      >
        {/* The page's own heading, present whether or not the document is found. */}
        <Typography
          component="h1"
          variant="overline"
          sx={{ display: 'block', color: 'text.secondary', mb: 1 }}
        >
          {t(title)}
        </Typography>
        {children}
      </Paper>
    </PublicLayout>
  );
}
