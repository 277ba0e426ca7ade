import Download from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { DOCUMENTS_PAGE_SIZE } from '@portal/contracts';
import type { ReactNode } from 'react';
import { useT } from '../../../i18n/useT';
import { notify } from '../../../lib/notify';
import { useAdmissionForms, useDownloadAdmissionForm } from '../api/get-admission-forms';
import { PagedTable, usePages } from './PagedTable';
import { LoadError, LoadingBlock } from './parts';

/**
 * 'My Results': the admission documents (GET api/listofforms?type=2), five a page, each
 * downloaded as formName.fileExt.
 */
export function AdmissionDocumentsTable({ extra }: { extra?: ReactNode }) {
  const t = useT();
  const forms = useAdmissionForms();
  const download = useDownloadAdmissionForm();
  const rows = forms.data?.Data ?? [];
  const pages = usePages(rows, DOCUMENTS_PAGE_SIZE);

  return (
    <Card variant="outlined" component="section" aria-labelledby="admission-documents-title">
      <CardContent>
        <Typography id="admission-documents-title" component="h2" variant="h6" sx={{ mb: 1 }}>
          {t('applicant.documentsTable.title')}
        </Typography>
        {forms.isPending ? (
          <LoadingBlock />
        ) : forms.isError ? (
          <LoadError error={forms.error} onRetry={() => void forms.refetch()} />
        ) : rows.length === 0 ? (
          <Alert severity="info">{forms.data.Message || t('applicant.documentsTable.empty')}</Alert>
        ) : (
          <PagedTable
            label={t('applicant.documentsTable.title')}
            pages={pages}
            columns={[
              {
                key: 'name',
                header: t('applicant.documentsTable.name'),
                priority: 0,
                cell: (form) => form.formName,
              },
              {
                key: 'description',
                header: t('applicant.documentsTable.description'),
                cell: (form) => form.formDescription,
              },
            ]}
            rowKey={(form) => form.formId}
            actions={{
              header: t('applicant.documentsTable.download'),
              cell: (form) => (
                <IconButton
                  color="primary"
                  aria-label={t('applicant.documentsTable.downloadOne', { name: form.formName })}
                  disabled={download.isPending && download.variables?.formId === form.formId}
                  onClick={() => {
                    notify.success(t('applicant.downloadStarting'));
                    download.mutate(form, { onError: () => notify.error(t('error.download')) });
                  }}
                >
                  <Download />
                </IconButton>
              ),
            }}
          />
        )}
        {extra}
      </CardContent>
    </Card>
  );
}
