import Close from '@mui/icons-material/Close';
import Download from '@mui/icons-material/Download';
import Visibility from '@mui/icons-material/Visibility';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ApplicantDocumentEntry } from '@portal/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { QueryStatus } from '../../../components/crud/QueryStatus';
import { ViewDialog } from '../../../components/crud/ViewDialog';
import { DetailList } from '../../../components/DetailList';
import { SimpleTable } from '../../../components/SimpleTable';
import { useT } from '../../../i18n/useT';
import { saveFile } from '../../../lib/download';
import { useApplicantDocument } from '../api/get-applicant-document';
import { useApplicantFullRecord } from '../api/get-applicant-record';
import { STATUS_LABELS } from './ApplicationFilters';

/** An applicant's full record for the admissions office: biodata, O'level, documents viewable inline. */
export function ApplicantRecordDialog({
  applicantId,
  onClose,
}: {
  applicantId: number;
  onClose: () => void;
}) {
  const t = useT();
  const intl = useIntl();
  const record = useApplicantFullRecord(applicantId);
  const [viewing, setViewing] = useState<ApplicantDocumentEntry | null>(null);
  const data = record.data?.Data;
  const r = data?.Record;
  const name = r ? [r.LastName, r.FirstName, r.OtherName].filter(Boolean).join(' ') : '';
  const date = (value: string | null | undefined) =>
    value ? intl.formatDate(value, { dateStyle: 'medium' }) : '—';

  return (
    <ViewDialog title={t('admissions.record.title')} onClose={onClose} fullScreenBelow="md">
      <QueryStatus query={record} />
      {data && r && (
        <Stack spacing={3}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Avatar
              src={r.Passport ?? undefined}
              alt={t('admissions.record.passportOf', { name })}
              sx={{ width: 72, height: 72 }}
            >
              {(r.LastName ?? r.JambRegNo).charAt(0)}
            </Avatar>
            <Box sx={{ minWidth: 0 }}>
              <Typography component="h2" variant="h6" sx={{ overflowWrap: 'anywhere' }}>
                {name || r.JambRegNo}
              </Typography>
              <Typography color="text.secondary">{r.JambRegNo}</Typography>
              <Stack direction="row" spacing={1} sx={{ mt: 0.5, flexWrap: 'wrap' }} useFlexGap>
                <Chip
                  size="small"
                  label={
                    STATUS_LABELS[data.Admission.admissionStatus]
                      ? t(STATUS_LABELS[data.Admission.admissionStatus]!)
                      : data.Admission.admissionStatus
                  }
                />
                <Chip
                  size="small"
                  variant="outlined"
                  label={t('admissions.record.level', { level: r.AdmissionLevel })}
                />
                {r.RegComplete && (
                  <Chip size="small" color="success" label={t('admissions.record.registered')} />
                )}
              </Stack>
            </Box>
          </Stack>
          {data.Admission.rejectionReason && (
            <Alert severity="warning">
              {t('admissions.record.rejected', { reason: data.Admission.rejectionReason })}
            </Alert>
          )}

          <Section title={t('admissions.record.biodata')}>
            <Details
              rows={[
                [t('admissions.field.email'), r.Email],
                [t('admissions.field.phone'), r.PhoneNumber],
                [t('admissions.field.dateOfBirth'), r.DateOfBirth],
                [t('admissions.field.gender'), r.Gender],
                [t('admissions.field.maritalStatus'), r.Applicant.MaritalStatusName],
                [t('admissions.field.address'), r.Address],
                [t('admissions.field.country'), r.Applicant.CountryName],
                [t('admissions.field.state'), r.Applicant.StateName],
                [t('admissions.field.lga'), r.Applicant.LGAName],
              ]}
            />
          </Section>

          <Section title={t('admissions.record.application')}>
            <Details
              rows={[
                [t('admissions.field.category'), r.Applicant.CategoryName],
                [t('admissions.field.department'), r.Applicant.DepartmentName],
                [t('admissions.field.course'), r.CourseofStudy],
                [t('admissions.field.entryMode'), r.EntryModeName],
                [t('admissions.field.level'), r.LevelName],
                [t('admissions.field.admissionSession'), r.SessionName],
                [t('admissions.field.score'), data.Admission.utmeScore],
                [t('admissions.field.capsStatus'), data.Admission.capsStatus],
                [t('admissions.field.registered'), date(r.DateRegistered)],
                [t('admissions.field.admitted'), date(r.AdmittedAt)],
                [t('admissions.field.acceptancePaid'), date(r.AcceptancePaidAt)],
              ]}
            />
            {r.RegistrationMissing.length > 0 && (
              <Alert severity="info" sx={{ mt: 1 }}>
                {t('admissions.record.missing', { items: r.RegistrationMissing.join('; ') })}
              </Alert>
            )}
          </Section>

          <Section title={t('admissions.record.olevel')}>
            {data.Olevel.length === 0 ? (
              <Typography color="text.secondary">{t('admissions.record.noOlevel')}</Typography>
            ) : (
              <SimpleTable
                label={t('admissions.record.olevel')}
                rows={data.Olevel}
                rowKey={(row) => row.OLevelResultID}
                columns={[
                  { header: t('admissions.olevel.examNumber'), cell: (row) => row.ExamNumber },
                  { header: t('admissions.olevel.year'), cell: (row) => row.ExamYear },
                  { header: t('admissions.olevel.type'), cell: (row) => row.OLevelTypeName },
                  { header: t('admissions.olevel.subject'), cell: (row) => row.OLevelSubjectName },
                  { header: t('admissions.olevel.grade'), cell: (row) => row.GradeName },
                ]}
              />
            )}
          </Section>

          <Section title={t('admissions.record.documents')}>
            <Stack divider={<Divider flexItem />} spacing={1}>
              {data.Documents.map((doc) => (
                <Stack
                  key={doc.Kind}
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={1}
                  sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
                >
                  <Box sx={{ minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 500 }}>{doc.Label}</Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {doc.Uploaded
                        ? t('admissions.record.uploadedOn', {
                            file: doc.Uploaded.FileName,
                            date: date(doc.Uploaded.UploadedAt),
                          })
                        : t('admissions.record.notUploaded')}
                    </Typography>
                  </Box>
                  {doc.Uploaded && (
                    <Button
                      size="small"
                      startIcon={<Visibility />}
                      onClick={() => setViewing(doc)}
                      aria-label={t('admissions.record.viewDocument', { document: doc.Label })}
                    >
                      {t('admissions.record.view')}
                    </Button>
                  )}
                </Stack>
              ))}
            </Stack>
            {viewing?.Uploaded && (
              <DocumentViewer key={viewing.Kind} document={viewing} onClose={() => setViewing(null)} />
            )}
          </Section>
        </Stack>
      )}
    </ViewDialog>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section">
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** The record's fields, a dash for those left empty. */
function Details({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <DetailList
      rows={rows.map(([label, value]) => [
        label,
        value === null || value === undefined || value === '' ? '—' : value,
      ])}
    />
  );
}

/** A document shown inline from its bytes: an image in an <img>, a PDF in an <iframe>. */
function DocumentViewer({ document, onClose }: { document: ApplicantDocumentEntry; onClose: () => void }) {
  const t = useT();
  const uploaded = document.Uploaded!;
  const blob = useApplicantDocument(uploaded.DownloadUrl);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob.data) return;
    const objectUrl = URL.createObjectURL(blob.data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob.data]);
  const type = blob.data?.type || uploaded.ContentType;

  return (
    <Box sx={{ mt: 2, border: 1, borderColor: 'divider', borderRadius: 1, p: 1 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1, gap: 1 }}>
        <Typography sx={{ fontWeight: 500, minWidth: 0, overflowWrap: 'anywhere' }}>
          {document.Label}
        </Typography>
        <Stack direction="row">
          {blob.data && (
            <IconButton
              aria-label={t('admissions.record.downloadDocument', { document: document.Label })}
              onClick={() => saveFile(blob.data!, uploaded.FileName)}
            >
              <Download />
            </IconButton>
          )}
          <IconButton aria-label={t('admissions.record.closeDocument')} onClick={onClose}>
            <Close />
          </IconButton>
        </Stack>
      </Stack>
      <QueryStatus query={blob} />
      {url &&
        (type.startsWith('image/') ? (
          <Box
            component="img"
            src={url}
            alt={document.Label}
            sx={{ display: 'block', maxWidth: '100%', maxHeight: '70vh', mx: 'auto' }}
          />
        ) : (
          <Box
            component="iframe"
            src={url}
            title={document.Label}
            sx={{ width: '100%', height: '70vh', border: 0 }}
          />
        ))}
    </Box>
  );
}
