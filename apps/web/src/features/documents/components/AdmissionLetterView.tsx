import Verified from '@mui/icons-material/Verified';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { AdmissionLetter } from '@portal/contracts';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useT } from '../../../i18n/useT';
import { formatNaira } from '../../../lib/money';
import { KeyValues, QrBlock, SectionTitle } from './parts';

/** The letter's head: the institute heading chosen by EntryModeId (spec section 4), with its office. */
export function LetterHead({ letter, title }: { letter: AdmissionLetter; title: string }) {
  return (
    <Box sx={{ textAlign: 'center', mb: 2 }}>
      <Typography
        component="p"
        variant="h6"
        sx={{ fontWeight: 700, lineHeight: 1.3 }}
        data-testid="letter-heading"
      >
        {letter.heading}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {letter.subHeading}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {letter.institutionAddress}
      </Typography>
      <Typography component="h2" variant="h5" sx={{ fontWeight: 700, mt: 2, letterSpacing: 0.5 }}>
        {title}
      </Typography>
    </Box>
  );
}

/** Who was admitted to what, when: the facts a verifier checks. */
export function AdmissionFacts({ letter }: { letter: AdmissionLetter }) {
  const t = useT();
  const intl = useIntl();
  return (
    <KeyValues
      rows={[
        [t('documents.field.name'), letter.FullName],
        [t('documents.field.jambRegNo'), letter.jambRegNo],
        [t('documents.field.session'), letter.session],
        [t('documents.field.courseOfStudy'), letter.courseOfStudy],
        [t('documents.field.department'), letter.DepartmentName],
        [t('documents.field.faculty'), letter.faculty],
        [
          t('documents.field.programme'),
          [
            letter.ModeType,
            letter.YearsToGraduate ? t('documents.letter.years', { years: letter.YearsToGraduate }) : '',
          ]
            .filter(Boolean)
            .join(' · '),
        ],
        [t('documents.letter.admissionDate'), intl.formatDate(letter.admissionDate, { dateStyle: 'long' })],
      ]}
    />
  );
}

/** The letter itself: date, salutation, the server's paragraphs, the fees table and the signature. */
export function LetterBody({ letter, photo }: { letter: AdmissionLetter; photo?: boolean }) {
  const t = useT();
  const intl = useIntl();
  const naira = (amount: number) => formatNaira(intl, amount);
  const total = letter.fees.reduce((sum, fee) => sum + fee.Amount, 0);
  const [offer = '', ...rest] = letter.paragraphs;
  const beforeFees = rest.slice(0, 3);
  const afterFees = rest.slice(3);
  const paragraph = (text: string, i: number) => (
    <Typography key={i} sx={{ mb: 1.5 }}>
      {text}
    </Typography>
  );

  return (
    <Box component="section" aria-label={t('documents.letter.text')}>
      <Box sx={{ display: 'flex', gap: 2, justifyContent: 'space-between', flexWrap: 'wrap-reverse' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2">
            {intl.formatDate(letter.admissionDate, { dateStyle: 'long' })}
          </Typography>
          <Typography sx={{ fontWeight: 700, mt: 1 }}>{letter.FullName}</Typography>
          <Typography variant="body2">{t('documents.letter.jamb', { number: letter.jambRegNo })}</Typography>
        </Box>
        {photo && letter.FileUrl && (
          <Box
            component="img"
            src={letter.FileUrl}
            alt={t('documents.receipt.passport', { name: letter.FullName })}
            width={96}
            height={116}
            sx={{ objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider' }}
          />
        )}
      </Box>
      <Typography sx={{ fontWeight: 700, my: 2 }}>
        {t('documents.letter.offer', { session: letter.session })}
      </Typography>
      <Typography sx={{ mb: 1.5 }}>
        {t('documents.letter.dear', { name: letter.firstName ?? letter.FullName })}
      </Typography>
      {paragraph(offer, -1)}
      {beforeFees.map(paragraph)}
      <Table size="small" sx={{ tableLayout: 'fixed', mb: 2 }} aria-label={t('documents.letter.fees')}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 40, px: 1 }}>{t('documents.table.sn')}</TableCell>
            <TableCell sx={{ px: 1 }}>{t('documents.table.item')}</TableCell>
            <TableCell sx={{ width: { xs: 110, sm: 160 }, px: 1 }} align="right">
              {t('documents.table.amount')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {letter.fees.map((fee, i) => (
            <TableRow key={fee.PaymentName}>
              <TableCell sx={{ px: 1 }}>{i + 1}</TableCell>
              <TableCell sx={{ px: 1, overflowWrap: 'anywhere' }}>{fee.PaymentName}</TableCell>
              <TableCell sx={{ px: 1 }} align="right">
                {naira(fee.Amount)}
              </TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell sx={{ px: 1 }}>{letter.fees.length + 1}</TableCell>
            <TableCell sx={{ px: 1, overflowWrap: 'anywhere' }}>
              {t('documents.receipt.serviceCharge')}
            </TableCell>
            <TableCell sx={{ px: 1 }} align="right">
              {t('documents.letter.asCharged')}
            </TableCell>
          </TableRow>
          <TableRow>
            <TableCell sx={{ px: 1 }} />
            <TableCell sx={{ px: 1, fontWeight: 700 }}>
              {t('documents.letter.totalExcludingCharges')}
            </TableCell>
            <TableCell sx={{ px: 1, fontWeight: 700 }} align="right">
              {naira(total)}
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
      {afterFees.map(paragraph)}
      <Typography sx={{ mt: 3, fontWeight: 600 }}>{t('documents.letter.registrar')}</Typography>
    </Box>
  );
}

/** The public verification page's content: heading, the verified facts, the QR code, the letter. */
export function AdmissionLetterView({ letter, actions }: { letter: AdmissionLetter; actions?: ReactNode }) {
  const t = useT();
  return (
    <Box component="article" data-testid="admission-letter">
      <LetterHead letter={letter} title={t('documents.letter.title')} />
      <Alert icon={<Verified />} severity="success" sx={{ mb: 2 }}>
        {t('documents.letter.genuine', { institution: letter.institutionName })}
      </Alert>
      <AdmissionFacts letter={letter} />
      <Box sx={{ my: 2 }}>
        <QrBlock image={letter.QRcode} url={letter.verifyUrl} caption={t('documents.qr.caption')} />
      </Box>
      {actions && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>{actions}</Box>}
      <Divider sx={{ my: 2 }} />
      <SectionTitle>{t('documents.letter.text')}</SectionTitle>
      <LetterBody letter={letter} />
    </Box>
  );
}
