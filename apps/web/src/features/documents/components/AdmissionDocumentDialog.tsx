import Close from '@mui/icons-material/Close';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { DocumentLinks } from '@portal/contracts';
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import type { MessageId } from '../../../i18n/locales';
import { useT } from '../../../i18n/useT';
import { formatNaira, shortenId } from '../../../lib/money';
import { safeFileName } from '../api/download-pdf';
import { useAdmissionLetter } from '../api/get-letters';
import { useReceipt } from '../api/get-receipt';
import { ADMISSION_DOCUMENT_TITLES } from './admissionDocumentTitles';
import { AdmissionFacts, LetterBody, LetterHead } from './AdmissionLetterView';
import { CopyButton, DocumentState, KeyValues, PdfButton, QrBlock, SectionTitle } from './parts';

/** One admission document in a full-screen dialog, on screen and as the server's PDF. */
export default function AdmissionDocumentDialog({
  number,
  links,
  jambRegNo,
  onClose,
}: {
  number: number;
  links: DocumentLinks;
  jambRegNo: string;
  onClose: () => void;
}) {
  const t = useT();
  const doc = ADMISSION_DOCUMENT_TITLES[number]!;
  const titleId = `admission-document-${number}-title`;
  const pdf = (
    <PdfButton
      download={{
        url: `/api/applicant/admission-documents/${number}.pdf`,
        fileName: safeFileName(`${doc.file}-${jambRegNo}.pdf`),
        area: 'applicant',
      }}
    />
  );

  return (
    <Dialog fullScreen open onClose={onClose} aria-labelledby={titleId}>
      <AppBar position="sticky" elevation={0}>
        <Toolbar sx={{ gap: 1 }}>
          <IconButton edge="start" color="inherit" onClick={onClose} aria-label={t('documents.close')}>
            <Close />
          </IconButton>
          <Typography id={titleId} component="h2" variant="h6" sx={{ flex: 1, minWidth: 0 }} noWrap>
            {t(doc.title)}
          </Typography>
        </Toolbar>
      </AppBar>
      <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 860, width: '100%', mx: 'auto' }}>
        <Box sx={{ mb: 2 }}>{pdf}</Box>
        {number === 2 ? (
          <AcceptanceInformation receiptId={links.AcceptanceReceiptId} />
        ) : (
          <LetterDocument number={number} applicantId={links.AdmissionLetterId} />
        )}
      </Box>
    </Dialog>
  );
}

/** Documents 1, 3 and 4 are about the admitted candidate: the letter's data heads each. */
function LetterDocument({ number, applicantId }: { number: number; applicantId: string | null }) {
  const t = useT();
  const letter = useAdmissionLetter(applicantId);
  const data = letter.data?.Data;
  if (!data)
    return (
      <DocumentState
        loading={letter.isPending && !!applicantId}
        error={letter.error}
        notFoundText={t('documents.letter.notFound')}
        onRetry={() => void letter.refetch()}
      />
    );
  if (number === 1)
    return (
      <>
        <LetterHead letter={data} title={t('documents.letter.title')} />
        <LetterBody letter={data} photo />
        <Divider sx={{ my: 2 }} />
        <QrBlock image={data.QRcode} url={data.verifyUrl} caption={t('documents.qr.caption')} />
      </>
    );
  const [title, steps]: [MessageId, MessageId] =
    number === 3
      ? ['documents.admission.medical', 'documents.admission.medicalSteps']
      : ['documents.admission.undertaking', 'documents.admission.undertakingSteps'];
  return (
    <>
      <LetterHead letter={data} title={t(title).toUpperCase()} />
      <SectionTitle>{t('documents.admission.candidate')}</SectionTitle>
      <AdmissionFacts letter={data} />
      <SectionTitle>{t('documents.admission.whatToDo')}</SectionTitle>
      <Typography>{t(steps)}</Typography>
    </>
  );
}

/** Document 2: the acceptance-fee payment the bursary and the clearance desk check. */
function AcceptanceInformation({ receiptId }: { receiptId: string | null }) {
  const t = useT();
  const intl = useIntl();
  const receipt = useReceipt(receiptId ?? '');
  const data = receiptId ? receipt.data?.Data : undefined;
  if (!data)
    return (
      <DocumentState
        loading={!!receiptId && receipt.isPending}
        error={receiptId ? receipt.error : null}
        notFoundText={t('documents.admission.acceptanceFirst')}
        onRetry={() => void receipt.refetch()}
      />
    );
  return (
    <>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, textAlign: 'center', mb: 2 }}>
        {t('documents.admission.acceptanceInfo').toUpperCase()}
      </Typography>
      <SectionTitle>{t('documents.admission.candidate')}</SectionTitle>
      <KeyValues
        rows={[
          [t('documents.field.name'), data.name],
          [t('documents.field.jambRegNo'), data.jambRegNo],
          [t('documents.field.department'), data.department],
          [t('documents.field.courseOfStudy'), data.courseOfStudy],
          [t('documents.field.programme'), data.program],
          [t('documents.field.session'), data.admittedSession ?? data.session],
        ]}
      />
      <SectionTitle>{t('documents.receipt.payment')}</SectionTitle>
      <KeyValues
        rows={[
          [t('documents.receipt.paymentName'), data.paymentName],
          [t('documents.receipt.amountPaid'), formatNaira(intl, data.amountPaid)],
          [t('documents.receipt.transactionRef'), data.transactionRef],
          [data.provider === 'remita' ? 'RRR' : t('documents.receipt.gatewayRef'), data.RRR],
          [t('documents.receipt.paymentDate'), intl.formatDate(data.paymentDate, { dateStyle: 'long' })],
          [
            t('documents.receipt.transactionId'),
            <Box component="span" key="id" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
              <Box component="span" sx={{ fontFamily: 'monospace' }}>
                {shortenId(data.transactionId)}
              </Box>
              <CopyButton text={data.transactionId} label={t('documents.receipt.copy')} />
            </Box>,
          ],
          [t('documents.receipt.status'), t('documents.receipt.paid')],
        ]}
      />
      <Typography sx={{ my: 2 }}>{t('documents.admission.acceptanceSteps')}</Typography>
      <QrBlock image={data.QRcode} url={data.verifyUrl} caption={t('documents.qr.caption')} />
      <Link
        component={RouterLink}
        to={`/QrCode?transactionId=${encodeURIComponent(data.transactionId)}`}
        sx={{ display: 'inline-block', mt: 2 }}
      >
        {t('documents.admission.openReceipt')}
      </Link>
    </>
  );
}
