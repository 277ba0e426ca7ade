import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { HostelSlipVerification } from '@portal/contracts';
import { useIntl } from 'react-intl';
import { useT } from '../../../i18n/useT';
import { safeFileName } from '../api/download-pdf';
import { useHostelSlip } from '../api/hostel-slip';
import { KeyValues, LoadedDocument, PassportPhoto, PdfButton, useLogLoadFailure } from './parts';
import { PublicDocument } from './PublicDocument';

/**
 * /HostelSlip?id=: what an allocation slip's QR code opens — the allocated student's photograph,
 * name, matric number and bed space, and whether the allocation stands, for the porter at check-in.
 */
export default function HostelSlipPage() {
  return <PublicDocument param="id" title="document.hostelSlip" document={HostelSlip} />;
}

function HostelSlip({ id }: { id: string }) {
  const t = useT();
  const slip = useHostelSlip(id);
  useLogLoadFailure('hostel slip', slip.error);
  return (
    <LoadedDocument query={slip} notFoundText={t('documents.hostelSlip.notFound')}>
      {(data) => <SlipView slip={data} id={id} />}
    </LoadedDocument>
  );
}

function SlipView({ slip, id }: { slip: HostelSlipVerification; id: string }) {
  const t = useT();
  const intl = useIntl();
  const paid = slip.PaidAt
    ? intl.formatDate(new Date(slip.PaidAt), { dateStyle: 'long', timeZone: 'Africa/Lagos' })
    : '—';
  return (
    <Box component="article" data-testid="hostel-slip">
      {slip.Valid ? (
        <Alert severity="success" sx={{ mb: 2 }}>
          {t('documents.hostelSlip.valid')}
        </Alert>
      ) : (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('documents.hostelSlip.invalid')}
        </Alert>
      )}
      <Box sx={{ textAlign: 'center', mb: 2 }}>
        <Typography component="p" variant="h6" sx={{ fontWeight: 700 }}>
          {slip.Institution}
        </Typography>
        <Typography component="h2" variant="h5" sx={{ fontWeight: 700, mt: 1 }}>
          {t('documents.hostelSlip.title')}
        </Typography>
        <Typography color="text.secondary">{slip.Session}</Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <PassportPhoto url={slip.PassportUrl} />
        <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
          <KeyValues
            rows={[
              [t('documents.field.name'), slip.Name],
              [t('documents.field.matricNo'), slip.MatricNo],
              [t('documents.hostelSlip.hostel'), slip.BedSpace.Hostel],
              [t('documents.hostelSlip.block'), slip.BedSpace.Block],
              [t('documents.hostelSlip.room'), slip.BedSpace.Room],
              [t('documents.hostelSlip.bed'), String(slip.BedSpace.Bed)],
              [t('documents.hostelSlip.paidOn'), paid],
            ]}
          />
        </Box>
      </Box>
      {slip.Valid && (
        <Box sx={{ mt: 2 }}>
          <PdfButton
            download={{
              url: `/api/hostel-slips/${id}.pdf`,
              fileName: safeFileName(`HostelSlip-${slip.MatricNo.replace(/[^0-9A-Za-z]/g, '')}.pdf`),
              area: null,
            }}
            label={t('documents.hostelSlip.download')}
          />
        </Box>
      )}
    </Box>
  );
}
