import Download from '@mui/icons-material/Download';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { IssuedDocument } from '@portal/contracts';
import { Fragment } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import { PageHeading } from '../../../components/PageHeading';
import { SectionCard } from '../../../components/SectionCard';
import { useT } from '../../../i18n/useT';
import { notify } from '../../../lib/notify';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useStudentDocuments } from '../api/student-documents';
import { useDownload } from '../../../lib/useDownload';
import { LoadError, LoadingBlock, formatDay } from '../../../components/LoadState';

/** /student/documentdownload: every document issued to the student, and the school's forms for their level. */
export default function DocumentDownloadScreen() {
  const t = useT();
  const documents = useStudentDocuments();
  useDocumentTitle(`${t('student.nav.documentDownload')} · ${t('portal.name')}`);
  return (
    <>
      <PageHeading title={t('student.nav.documentDownload')} intro={t('student.documents.intro')} />
      {documents.isPending && <LoadingBlock rows={5} />}
      {documents.isError && <LoadError error={documents.error} onRetry={() => void documents.refetch()} />}
      {documents.data && (
        <Stack spacing={2}>
          <SectionCard title={t('student.documents.issued')}>
            <DocumentList items={documents.data.Data.Issued} empty={t('student.documents.noneIssued')} />
          </SectionCard>
          <SectionCard title={t('student.documents.forms')}>
            <DocumentList items={documents.data.Data.Forms} empty={t('student.documents.noForms')} />
          </SectionCard>
        </Stack>
      )}
    </>
  );
}

function DocumentList({ items, empty }: { items: IssuedDocument[]; empty: string }) {
  const t = useT();
  const intl = useIntl();
  const download = useDownload();
  if (items.length === 0) return <Typography color="text.secondary">{empty}</Typography>;
  return (
    <Stack
      component="ul"
      sx={{ listStyle: 'none', p: 0, m: 0 }}
      divider={<Divider component="li" aria-hidden />}
    >
      {items.map((doc) => (
        <Fragment key={doc.Key}>
          <Box
            component="li"
            sx={{ py: 1.5, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
            data-document={doc.Kind}
          >
            <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
              <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography
                  component="h3"
                  variant="subtitle1"
                  sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                >
                  <bdi>{doc.Name}</bdi>
                </Typography>
                {doc.MustSubmit && (
                  <Chip size="small" color="warning" label={t('student.documents.mustSubmit')} />
                )}
              </Stack>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                <bdi>{doc.Description}</bdi>
                {doc.IssuedAt && ` · ${formatDay(intl.locale, doc.IssuedAt)}`}
              </Typography>
            </Box>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {doc.ViewUrl && (
                <Button
                  component={RouterLink}
                  to={doc.ViewUrl}
                  variant="text"
                  startIcon={<OpenInNew />}
                  aria-label={t('student.documents.viewOne', { name: doc.Name })}
                >
                  {t('student.documents.view')}
                </Button>
              )}
              <Button
                variant="outlined"
                startIcon={<Download />}
                disabled={download.isPending}
                aria-label={t('student.documents.downloadOne', { name: doc.Name })}
                onClick={() =>
                  download.mutate(
                    { url: doc.DownloadUrl, fileName: doc.FileName },
                    {
                      onSuccess: () => notify.success(t('student.documents.downloadStarted')),
                      onError: () => notify.error(t('error.download')),
                    },
                  )
                }
              >
                {t('student.documents.download')}
              </Button>
            </Stack>
          </Box>
        </Fragment>
      ))}
    </Stack>
  );
}
