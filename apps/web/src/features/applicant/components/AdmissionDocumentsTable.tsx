import Download from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { DOCUMENTS_PAGE_SIZE } from '@portal/contracts';
import { useState, type ReactNode } from 'react';
import { useT } from '../../../i18n/useT';
import { notify } from '../../../lib/notify';
import { useAdmissionForms, useDownloadAdmissionForm } from '../api/get-admission-forms';
import { clampPage, LoadError, LoadingBlock, TableFrame, TablePager } from './parts';

/**
 * 'My Results': the admission documents (GET api/listofforms?type=2), five a page, each
 * downloaded as formName.fileExt.
 */
export function AdmissionDocumentsTable({ extra }: { extra?: ReactNode }) {
  const t = useT();
  const forms = useAdmissionForms();
  const download = useDownloadAdmissionForm();
  const [page, setPage] = useState(0);
  const rows = forms.data?.Data ?? [];
  const current = clampPage(page, rows.length, DOCUMENTS_PAGE_SIZE);
  const shown = rows.slice(current * DOCUMENTS_PAGE_SIZE, (current + 1) * DOCUMENTS_PAGE_SIZE);

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
          <>
            <TableFrame label={t('applicant.documentsTable.title')}>
              <Table size="small" sx={{ minWidth: 480 }}>
                <TableHead>
                  <TableRow>
                    <TableCell scope="col">{t('applicant.documentsTable.sn')}</TableCell>
                    <TableCell scope="col">{t('applicant.documentsTable.name')}</TableCell>
                    <TableCell scope="col">{t('applicant.documentsTable.description')}</TableCell>
                    <TableCell scope="col" align="center">
                      {t('applicant.documentsTable.download')}
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {shown.map((form, index) => (
                    <TableRow key={form.formId}>
                      <TableCell>{current * DOCUMENTS_PAGE_SIZE + index + 1}</TableCell>
                      <TableCell>{form.formName}</TableCell>
                      <TableCell>{form.formDescription}</TableCell>
                      <TableCell align="center">
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
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableFrame>
            <TablePager
              count={rows.length}
              page={current}
              pageSize={DOCUMENTS_PAGE_SIZE}
              onPageChange={setPage}
            />
          </>
        )}
        {extra}
      </CardContent>
    </Card>
  );
}
