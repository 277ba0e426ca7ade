import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { REVENUE_MAX_DAYS } from '@portal/contracts';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { DATE_FORMAT, DateRange, PickersProvider, today } from '../../../components/crud/DateInput';
import { AnySelect, FilterGrid } from '../../../components/crud/filters';
import { QueryStatus } from '../../../components/crud/QueryStatus';
import { PageHeading } from '../../../components/PageHeading';
import { SectionCard } from '../../../components/SectionCard';
import { SimpleTable } from '../../../components/SimpleTable';
import { useT } from '../../../i18n/useT';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useBursaryOptions } from '../api/get-bursary-options';
import { useRevenue } from '../api/get-revenue';
import { Figures, useNaira } from './parts';

/**
 * revenue: what was credited (paid payments, at their amounts due) over a range of days — by
 * category, by department and by day, each a bar chart over the same figures in a table.
 */
export default function RevenueScreen() {
  const t = useT();
  const intl = useIntl();
  const naira = useNaira();
  const title = t('adminPage.revenue');
  useDocumentTitle(`${title} · ${t('portal.name')}`);
  const options = useBursaryOptions();
  const [range, setRange] = useState<[string, string]>(() => [
    dayjs().subtract(29, 'day').format(DATE_FORMAT),
    today(),
  ]);
  const [sessionId, setSessionId] = useState('');
  const [categoryId, setCategoryId] = useState('');
  const [from, to] = range;
  const days = from && to ? dayjs(to).diff(dayjs(from), 'day') + 1 : 0;
  const problem =
    !from || !to
      ? t('bursary.revenue.chooseRange')
      : days > REVENUE_MAX_DAYS
        ? t('bursary.revenue.tooLong', { days: REVENUE_MAX_DAYS })
        : null;
  const query = useMemo(
    () => ({ from, to, sessionId: sessionId || undefined, categoryId: categoryId || undefined }),
    [from, to, sessionId, categoryId],
  );
  const revenue = useRevenue(query, !problem);
  const data = revenue.data;
  const choices = (list: { id: number; name: string }[] | undefined) =>
    (list ?? []).map((o) => ({ value: o.id, label: o.name }));
  const amountColumn = { header: t('bursary.amount'), numeric: true };
  const countColumn = { header: t('bursary.totals.count'), numeric: true };
  const shortDay = (day: string) => intl.formatDate(`${day}T12:00:00`, { day: 'numeric', month: 'short' });

  return (
    <>
      <PageHeading title={title} intro={t('bursary.revenue.intro')} />
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent>
          <PickersProvider>
            <FilterGrid sm={2} lg={4}>
              <DateRange
                labels={[t('bursary.from'), t('bursary.to')]}
                names={['from', 'to']}
                value={range}
                onChange={setRange}
              />
              <AnySelect
                label={t('bursary.session')}
                value={sessionId}
                onChange={setSessionId}
                choices={choices(options.data?.sessions)}
              />
              <AnySelect
                label={t('bursary.category')}
                value={categoryId}
                onChange={setCategoryId}
                choices={choices(options.data?.categories)}
              />
            </FilterGrid>
          </PickersProvider>
          {problem && (
            <Typography color="error" role="alert" variant="body2">
              {problem}
            </Typography>
          )}
        </CardContent>
      </Card>
      {!problem && <QueryStatus query={revenue} sx={{ mb: 2 }} />}
      {data && !problem && (
        <>
          <Figures
            label={t('bursary.totals')}
            figures={[
              [t('bursary.revenue.total'), naira(data.total.amountKobo)],
              [t('bursary.revenue.payments'), intl.formatNumber(data.total.count)],
            ]}
          />
          {data.total.count === 0 && (
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {t('bursary.revenue.empty')}
            </Typography>
          )}
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
            }}
          >
            <SectionCard title={t('bursary.revenue.byDay')} sx={{ gridColumn: '1 / -1' }}>
              <BarChart
                height={280}
                xAxis={[{ scaleType: 'band', data: data.byDay.map((d) => shortDay(d.day)) }]}
                yAxis={[
                  { width: 72, valueFormatter: (v: number) => intl.formatNumber(v, { notation: 'compact' }) },
                ]}
                series={[
                  {
                    data: data.byDay.map((d) => d.amountNaira),
                    label: t('bursary.amount'),
                    valueFormatter: (v) => naira((v ?? 0) * 100),
                  },
                ]}
                hideLegend
                margin={{ left: 0, right: 8 }}
              />
              <SimpleTable
                label={t('bursary.revenue.byDay')}
                sx={{ mt: 2, maxHeight: 320 }}
                rows={data.byDay.filter((d) => d.count > 0)}
                rowKey={(d) => d.day}
                columns={[
                  {
                    header: t('bursary.date'),
                    cell: (d) => intl.formatDate(`${d.day}T12:00:00`, { dateStyle: 'medium' }),
                  },
                  { ...countColumn, cell: (d) => intl.formatNumber(d.count) },
                  { ...amountColumn, cell: (d) => naira(d.amountKobo) },
                ]}
              />
            </SectionCard>
            <SectionCard title={t('bursary.revenue.byCategory')}>
              {data.byCategory.length > 0 && (
                <BarChart
                  height={Math.max(160, data.byCategory.length * 56)}
                  layout="horizontal"
                  yAxis={[
                    { scaleType: 'band', data: data.byCategory.map((c) => c.categoryName), width: 110 },
                  ]}
                  xAxis={[{ valueFormatter: (v: number) => intl.formatNumber(v, { notation: 'compact' }) }]}
                  series={[
                    {
                      data: data.byCategory.map((c) => c.amountNaira),
                      label: t('bursary.amount'),
                      valueFormatter: (v) => naira((v ?? 0) * 100),
                    },
                  ]}
                  hideLegend
                  margin={{ left: 0, right: 16 }}
                />
              )}
              <SimpleTable
                label={t('bursary.revenue.byCategory')}
                sx={{ mt: 2 }}
                rows={data.byCategory}
                rowKey={(c) => c.categoryId}
                columns={[
                  { header: t('bursary.category'), cell: (c) => c.categoryName },
                  { ...countColumn, cell: (c) => intl.formatNumber(c.count) },
                  { ...amountColumn, cell: (c) => naira(c.amountKobo) },
                ]}
              />
            </SectionCard>
            <SectionCard title={t('bursary.revenue.byDepartment')}>
              {data.byDepartment.length > 0 && (
                <BarChart
                  height={Math.max(160, data.byDepartment.length * 56)}
                  layout="horizontal"
                  yAxis={[
                    {
                      scaleType: 'band',
                      data: data.byDepartment.map((d) => d.departmentName ?? t('bursary.noDepartment')),
                      width: 110,
                    },
                  ]}
                  xAxis={[{ valueFormatter: (v: number) => intl.formatNumber(v, { notation: 'compact' }) }]}
                  series={[
                    {
                      data: data.byDepartment.map((d) => d.amountNaira),
                      label: t('bursary.amount'),
                      valueFormatter: (v) => naira((v ?? 0) * 100),
                    },
                  ]}
                  hideLegend
                  margin={{ left: 0, right: 16 }}
                />
              )}
              <SimpleTable
                label={t('bursary.revenue.byDepartment')}
                sx={{ mt: 2 }}
                rows={data.byDepartment}
                rowKey={(d) => d.departmentId ?? 0}
                columns={[
                  {
                    header: t('bursary.department'),
                    cell: (d) => d.departmentName ?? t('bursary.noDepartment'),
                  },
                  { ...countColumn, cell: (d) => intl.formatNumber(d.count) },
                  { ...amountColumn, cell: (d) => naira(d.amountKobo) },
                ]}
              />
            </SectionCard>
          </Box>
        </>
      )}
    </>
  );
}
