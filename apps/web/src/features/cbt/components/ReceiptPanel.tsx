import Download from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ExamReceipt } from '@portal/contracts';
import { useState } from 'react';
import { serverMessage } from '../../../components/crud/errors';
import { DetailList } from '../../../components/DetailList';
import { useT } from '../../../i18n/useT';
import { notify } from '../../../lib/notify';
import { useWhen } from '../../../lib/useWhen';
import { downloadReceipt } from '../api';

/** The receipt of a submitted attempt: what was counted, its hash, the PDF and the verification page. */
export function ReceiptPanel({
  receipt,
  attemptId,
  compact = false,
}: {
  receipt: ExamReceipt;
  attemptId: number;
  compact?: boolean;
}) {
  const t = useT();
  const when = useWhen();
  const [busy, setBusy] = useState(false);
  const fetchPdf = () => {
    setBusy(true);
    downloadReceipt(attemptId)
      .catch((error: unknown) => notify.error(serverMessage(error) || t('error.generic')))
      .finally(() => setBusy(false));
  };
  return (
    <Box sx={{ mt: compact ? 2 : 0 }} data-testid="exam-receipt">
      {!compact && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {t(`cbt.receipt.reason.${receipt.SubmitReason}`)}
        </Alert>
      )}
      <Typography component={compact ? 'h3' : 'h2'} variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {t('cbt.receipt.title')}
      </Typography>
      <DetailList
        rows={[
          [
            t('cbt.receipt.answers'),
            t('cbt.receipt.answersOf', { n: receipt.Answers, of: receipt.Questions }),
          ],
          [t('cbt.receipt.submittedAt'), when(receipt.SubmittedAt)],
          [t('cbt.receipt.hash'), <code key="hash">{receipt.Sha256}</code>],
        ]}
      />
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mt: 1.5 }}>
        <Button variant="outlined" size="small" startIcon={<Download />} disabled={busy} onClick={fetchPdf}>
          {t('cbt.receipt.download')}
        </Button>
        <Link href={receipt.VerifyUrl} variant="body2">
          {t('cbt.receipt.verify')}
        </Link>
      </Stack>
    </Box>
  );
}
