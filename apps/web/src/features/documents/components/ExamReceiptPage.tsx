import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ExamReceiptVerification } from '@portal/contracts';
import { useIntl } from 'react-intl';
import { useT } from '../../../i18n/useT';
import { useExamReceipt } from '../api/exam-receipt';
import { KeyValues, LoadedDocument, useLogLoadFailure } from './parts';
import { PublicDocument } from './PublicDocument';

/**
 * /ExamReceipt?id=: what a CBT receipt's QR code opens — the candidate, the exam, when it was
 * submitted, how many answers and their hash, and whether the stored answer log still gives that hash.
 */
export default function ExamReceiptPage() {
  return <PublicDocument param="id" title="document.examReceipt" document={ExamReceipt} />;
}

function ExamReceipt({ id }: { id: string }) {
  const t = useT();
  const receipt = useExamReceipt(id);
  useLogLoadFailure('exam receipt', receipt.error);
  return (
    <LoadedDocument query={receipt} notFoundText={t('documents.examReceipt.notFound')}>
      {(data) => <ReceiptView receipt={data} />}
    </LoadedDocument>
  );
}

function ReceiptView({ receipt }: { receipt: ExamReceiptVerification }) {
  const t = useT();
  const intl = useIntl();
  const at = (iso: string) =>
    intl.formatDate(new Date(iso), { dateStyle: 'long', timeStyle: 'short', timeZone: 'Africa/Lagos' });
  return (
    <Box component="article" data-testid="exam-receipt-verification">
      {receipt.Intact ? (
        <Alert severity="success" sx={{ mb: 2 }}>
          {t('documents.examReceipt.intact')}
        </Alert>
      ) : (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('documents.examReceipt.changed')}
        </Alert>
      )}
      <Box sx={{ textAlign: 'center', mb: 2 }}>
        <Typography component="p" variant="h6" sx={{ fontWeight: 700 }}>
          {receipt.Institution}
        </Typography>
        <Typography component="h2" variant="h5" sx={{ fontWeight: 700, mt: 1 }}>
          {t('documents.examReceipt.title')}
        </Typography>
        <Typography color="text.secondary">{receipt.Session}</Typography>
      </Box>
      <KeyValues
        rows={[
          [t('documents.field.name'), receipt.Name],
          [t('documents.field.matricNo'), receipt.MatricNo],
          [t('documents.examReceipt.course'), `${receipt.Code} · ${receipt.CourseTitle}`],
          [t('documents.examReceipt.exam'), receipt.Exam],
          [t('documents.examReceipt.started'), at(receipt.StartedAt)],
          [t('documents.examReceipt.submitted'), at(receipt.SubmittedAt)],
          [t('documents.examReceipt.how'), t(`documents.examReceipt.reason.${receipt.SubmitReason}`)],
          [
            t('documents.examReceipt.answers'),
            t('documents.examReceipt.answersOf', { n: receipt.Answers, of: receipt.Questions }),
          ],
          [t('documents.examReceipt.hash'), <code key="hash">{receipt.Sha256}</code>],
        ]}
      />
    </Box>
  );
}
