import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { StudentRecord } from '@portal/contracts';
import { useId, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { serverMessage } from '../../../components/crud/errors';
import { DetailList } from '../../../components/DetailList';
import { SimpleTable } from '../../../components/SimpleTable';
import { useT } from '../../../i18n/useT';
import { formatNaira } from '../../../lib/money';
import { useStudentRecord } from '../api/records';
import { ActiveChip, DocumentButtons } from './shared';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mb: 3 }}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** studentenquiry: the whole record of one student, full screen on a phone. */
export function StudentRecordDialog({
  studentId,
  onClose,
}: {
  studentId: number | null;
  onClose: () => void;
}) {
  const t = useT();
  const id = useId();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const record = useStudentRecord(studentId);
  return (
    <Dialog
      open={studentId !== null}
      onClose={onClose}
      fullWidth
      maxWidth="md"
      fullScreen={phone}
      aria-labelledby={`${id}-title`}
    >
      <DialogTitle id={`${id}-title`}>
        {record.data?.Data.matricNo ?? t('records.enquiry.record')}
      </DialogTitle>
      <DialogContent dividers>
        {record.isLoading && <LinearProgress aria-label={t('records.loading')} />}
        {record.isError && (
          <Typography role="alert">{serverMessage(record.error) || t('error.generic')}</Typography>
        )}
        {record.data && <RecordBody r={record.data.Data} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('records.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function RecordBody({ r }: { r: StudentRecord }) {
  const t = useT();
  const intl = useIntl();
  const date = (value: string | null) => (value ? intl.formatDate(value, { dateStyle: 'medium' }) : '—');
  const dash = (value: string | null) => value || '—';
  return (
    <Box data-testid="student-record">
      <Section title={t('records.enquiry.biodata')}>
        <DetailList
          rows={[
            [
              t('records.field.name'),
              [r.lastName.toUpperCase(), r.firstName, r.otherName].filter(Boolean).join(' '),
            ],
            [t('records.field.matricNo'), r.matricNo],
            [t('records.field.jamb'), dash(r.jambRegNo)],
            [t('records.field.email'), r.email],
            [t('records.field.phone'), dash(r.phone)],
            [t('records.field.gender'), dash(r.gender)],
            [t('records.field.dateOfBirth'), dash(r.dateOfBirth)],
            [t('records.field.address'), dash(r.address)],
            [t('records.field.state'), dash(r.state)],
            [t('records.field.lga'), dash(r.lga)],
            [t('records.field.signIn'), <ActiveChip key="a" active={r.isActive} />],
          ]}
        />
      </Section>
      <Section title={t('records.enquiry.programme')}>
        <DetailList
          rows={[
            [t('records.field.faculty'), dash(r.faculty)],
            [t('records.field.department'), dash(r.department)],
            [t('records.field.course'), dash(r.courseOfStudy)],
            [t('records.field.programme'), dash(r.programme)],
            [t('records.field.level'), dash(r.level)],
            [t('records.field.entryMode'), dash(r.entryMode)],
            [t('records.field.admittedSession'), dash(r.admittedSession)],
            [t('records.field.matriculatedAt'), date(r.matriculatedAt)],
          ]}
        />
      </Section>
      <Section title={t('records.enquiry.payments')}>
        {r.payments.length === 0 ? (
          <Typography>{t('records.enquiry.noPayments')}</Typography>
        ) : (
          <SimpleTable
            label={t('records.enquiry.payments')}
            rows={r.payments}
            rowKey={(p) => p.reference}
            columns={[
              { header: t('records.field.reference'), cell: (p) => p.reference },
              { header: t('records.field.item'), cell: (p) => p.category },
              { header: t('records.field.session'), cell: (p) => dash(p.session) },
              {
                header: t('records.field.amount'),
                cell: (p) => formatNaira(intl, p.amountKobo / 100),
                numeric: true,
              },
              {
                header: t('records.field.status'),
                cell: (p) => (p.flag ? `${p.state} (${p.flag})` : p.state),
              },
              { header: t('records.field.date'), cell: (p) => date(p.paidAt ?? p.createdAt) },
            ]}
          />
        )}
      </Section>
      <Section title={t('records.field.documents')}>
        <DocumentButtons documents={r.documents} />
      </Section>
      <Section title={t('records.enquiry.olevel')}>
        {r.olevel.length === 0 ? (
          <Typography>{t('records.enquiry.noOlevel')}</Typography>
        ) : (
          <SimpleTable
            label={t('records.enquiry.olevel')}
            rows={r.olevel}
            rowKey={(o) => `${o.examType}-${o.subject}`}
            columns={[
              { header: t('records.field.examType'), cell: (o) => o.examType },
              { header: t('records.field.examYear'), cell: (o) => o.examYear },
              { header: t('records.field.subject'), cell: (o) => o.subject },
              { header: t('records.field.grade'), cell: (o) => o.grade },
            ]}
          />
        )}
      </Section>
      <Section title={t('records.enquiry.verifications')}>
        {r.verifications.length === 0 ? (
          <Typography>{t('records.enquiry.noVerifications')}</Typography>
        ) : (
          r.verifications.map((v) => (
            <Box key={v.id} sx={{ mb: 1.5 }}>
              <Chip
                size="small"
                color={v.outcome === 'verified' ? 'success' : 'warning'}
                label={v.outcome === 'verified' ? t('records.waec.verified') : t('records.waec.notVerified')}
                sx={{ mb: 0.5 }}
              />
              <DetailList
                rows={[
                  [t('records.field.examType'), `${v.examType} ${v.examYear} · ${v.examNumber}`],
                  [t('records.field.pin'), v.pinMasked],
                  [t('records.field.serial'), v.serialMasked],
                  [t('records.field.note'), dash(v.note)],
                  [t('records.field.verifiedBy'), `${v.verifiedBy} · ${date(v.verifiedAt)}`],
                ]}
              />
            </Box>
          ))
        )}
      </Section>
      <Section title={t('records.courses.title')}>
        {r.courseRegistrations.length === 0 ? (
          <Typography>{t('records.courses.none')}</Typography>
        ) : (
          r.courseRegistrations.map((c) => (
            <Box key={c.Registration.Id} sx={{ mb: 2 }}>
              <DetailList
                rows={[
                  [t('records.field.session'), c.Semester],
                  [t('records.field.status'), t(`records.courses.state.${c.Registration.State}`)],
                  [
                    t('records.courses.courses'),
                    t('records.courses.summary', {
                      codes: c.Registration.Courses.filter((x) => x.Requested)
                        .map((x) => x.Code)
                        .join(', '),
                      units: c.Registration.TotalUnits,
                    }),
                  ],
                ]}
              />
              <SimpleTable
                label={t('records.courses.history')}
                rows={c.History}
                rowKey={(h) => `${h.Version}-${h.Kind}-${h.Course ?? ''}`}
                columns={[
                  { header: t('records.field.date'), cell: (h) => date(h.At) },
                  {
                    header: t('records.courses.event'),
                    cell: (h) =>
                      [t(`records.courses.kind.${h.Kind}`), h.Course, h.Comment].filter(Boolean).join(' · '),
                  },
                  { header: t('records.courses.by'), cell: (h) => h.By },
                ]}
              />
            </Box>
          ))
        )}
      </Section>
      {r.siwesLetters.length > 0 && (
        <Section title={t('adminPage.siwes')}>
          <DetailList
            rows={r.siwesLetters.map((l) => [
              l.reference,
              t('records.siwes.issuedFor', { months: l.months, date: date(l.issuedAt) }),
            ])}
          />
        </Section>
      )}
    </Box>
  );
}
