import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SummaryLine } from '@portal/contracts';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { AnySelect } from '../../../components/crud/filters';
import { QueryStatus } from '../../../components/crud/QueryStatus';
import { PageHeading } from '../../../components/PageHeading';
import { SectionCard } from '../../../components/SectionCard';
import { SimpleTable, type SimpleColumn } from '../../../components/SimpleTable';
import { useT } from '../../../i18n/useT';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useBursaryOptions } from '../api/get-bursary-options';
import { usePaymentsSummary } from '../api/get-payments-summary';
import { ExportButtons, Figures, providerName, useNaira } from './parts';

/**
 * SummaryofPayments: one session's payments (the current session unless another is chosen) by
 * category and by provider — attempts, paid and credited, and the flagged (underpaid, overpaid,
 * duplicate) apart — exportable as CSV or Excel.
 */
export default function SummaryOfPaymentsScreen() {
  const t = useT();
  const intl = useIntl();
  const naira = useNaira();
  const title = t('adminPage.SummaryofPayments');
  useDocumentTitle(`${title} · ${t('portal.name')}`);
  const options = useBursaryOptions();
  const [sessionId, setSessionId] = useState('');
  const summary = usePaymentsSummary(sessionId ? Number(sessionId) : undefined);
  const data = summary.data;
  const n = (value: number) => intl.formatNumber(value);

  function lineColumns<Row extends SummaryLine>(): SimpleColumn<Row>[] {
    return [
      { header: t('bursary.summary.attempts'), numeric: true, cell: (r) => n(r.attempts) },
      { header: t('bursary.summary.paid'), numeric: true, cell: (r) => n(r.paidCount) },
      { header: t('bursary.summary.credited'), numeric: true, cell: (r) => naira(r.paidKobo) },
      { header: t('bursary.summary.received'), numeric: true, cell: (r) => naira(r.receivedKobo) },
      { header: t('bursary.totals.charges'), numeric: true, cell: (r) => naira(r.chargesKobo) },
      { header: t('bursary.state.pending'), numeric: true, cell: (r) => n(r.pendingCount) },
      { header: t('bursary.state.failed'), numeric: true, cell: (r) => n(r.failedCount) },
      { header: t('bursary.state.expired'), numeric: true, cell: (r) => n(r.expiredCount) },
      {
        header: t('bursary.flag.underpaid'),
        numeric: true,
        cell: (r) => `${n(r.underpaidCount)} · ${naira(r.underpaidKobo)}`,
      },
      {
        header: t('bursary.flag.overpaid'),
        numeric: true,
        cell: (r) => `${n(r.overpaidCount)} · ${naira(r.overpaidExcessKobo)}`,
      },
      {
        header: t('bursary.flag.duplicate'),
        numeric: true,
        cell: (r) => `${n(r.duplicateCount)} · ${naira(r.duplicateKobo)}`,
      },
      { header: t('bursary.flag.other'), numeric: true, cell: (r) => n(r.otherFlaggedCount) },
    ];
  }

  return (
    <>
      <PageHeading title={title} intro={t('bursary.summary.intro')} />
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
          >
            <AnySelect
              label={t('bursary.session')}
              value={sessionId}
              onChange={setSessionId}
              anyLabel={t('bursary.summary.current')}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              choices={(options.data?.sessions ?? []).map((s) => ({ value: s.id, label: s.name }))}
              sx={{ minWidth: 220 }}
            />
            <ExportButtons what="summary" query={{ sessionId: sessionId || undefined }} disabled={!data} />
          </Stack>
        </CardContent>
      </Card>
      <QueryStatus query={summary} sx={{ mb: 2 }} />
      {data && (
        <>
          <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
            {t('bursary.summary.session', { session: data.sessionName })}
          </Typography>
          <Figures
            label={t('bursary.totals')}
            figures={[
              [t('bursary.summary.paid'), n(data.total.paidCount)],
              [t('bursary.summary.credited'), naira(data.total.paidKobo)],
              [t('bursary.summary.flagged'), n(data.total.flaggedCount)],
              [t('bursary.state.pending'), n(data.total.pendingCount)],
            ]}
          />
          <Typography variant="body2" color="text.secondary" sx={{ mt: -1, mb: 2 }}>
            {t('bursary.totals.chargesNote')}
          </Typography>
          {data.total.attempts === 0 ? (
            <Typography color="text.secondary">{t('bursary.summary.empty')}</Typography>
          ) : (
            <Box sx={{ display: 'grid', gap: 2 }}>
              <SectionCard title={t('bursary.summary.byCategory')}>
                <SimpleTable
                  label={t('bursary.summary.byCategory')}
                  rows={[
                    ...data.byCategory,
                    { ...data.total, categoryId: 0, categoryName: t('bursary.summary.total') },
                  ]}
                  rowKey={(r) => r.categoryId}
                  columns={[{ header: t('bursary.category'), cell: (r) => r.categoryName }, ...lineColumns()]}
                />
              </SectionCard>
              <SectionCard title={t('bursary.summary.byProvider')}>
                <SimpleTable
                  label={t('bursary.summary.byProvider')}
                  rows={data.byProvider}
                  rowKey={(r) => r.provider}
                  columns={[
                    { header: t('bursary.provider'), cell: (r) => providerName(r.provider) },
                    ...lineColumns(),
                  ]}
                />
              </SectionCard>
              <SectionCard title={t('bursary.summary.byBoth')}>
                <SimpleTable
                  label={t('bursary.summary.byBoth')}
                  rows={data.rows}
                  rowKey={(r) => `${r.categoryName}-${r.provider}`}
                  columns={[
                    { header: t('bursary.category'), cell: (r) => r.categoryName },
                    { header: t('bursary.provider'), cell: (r) => providerName(r.provider) },
                    ...lineColumns(),
                  ]}
                />
              </SectionCard>
            </Box>
          )}
        </>
      )}
    </>
  );
}
