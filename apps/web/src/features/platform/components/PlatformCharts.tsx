import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import type { PlatformFigures } from '@portal/contracts';
import { useIntl } from 'react-intl';
import { useT } from '../../../i18n/useT';

/**
 * The dashboard's charts, a chunk of their own (MUI X Charts is large): the figures' words show at
 * once, the charts when this has loaded. Every chart names its axes and writes its values.
 */
type Figures = PlatformFigures;

const useFormats = () => {
  const intl = useIntl();
  /** A day of the series as "26 Nov" in the user's language. */
  const day = (iso: string) =>
    intl.formatDate(new Date(`${iso}T12:00:00Z`), { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const count = (item: { value: number | null }) => (item.value ? intl.formatNumber(item.value) : null);
  return { intl, day, count };
};

export function ActiveStudentsChart({ data }: { data: Figures['ActiveStudents'] }) {
  const t = useT();
  const { count } = useFormats();
  return (
    <BarChart
      height={200}
      layout="horizontal"
      xAxis={[{ tickMinStep: 1, label: t('platform.students') }]}
      yAxis={[
        {
          scaleType: 'band',
          data: [t('platform.last7Days'), t('platform.last30Days'), t('platform.allStudents')],
          width: 110,
        },
      ]}
      series={[
        {
          data: [data.Last7Days, data.Last30Days, data.Total],
          label: t('platform.students'),
          barLabel: count,
        },
      ]}
      hideLegend
      margin={{ left: 0, right: 16 }}
    />
  );
}

export function ContentChart({ data }: { data: NonNullable<Figures['Content']> }) {
  const t = useT();
  const { day } = useFormats();
  return (
    <LineChart
      height={260}
      xAxis={[{ scaleType: 'point', data: data.Opened.map((d) => day(d.Date)), label: t('platform.day') }]}
      yAxis={[{ tickMinStep: 1, label: t('platform.lessons'), width: 56 }]}
      series={[
        { data: data.Opened.map((d) => d.Count), label: t('platform.opened'), showMark: false },
        { data: data.Completed.map((d) => d.Count), label: t('platform.completed'), showMark: false },
      ]}
      margin={{ right: 16 }}
    />
  );
}

export function AssignmentsChart({ data }: { data: NonNullable<Figures['Assignments']> }) {
  const t = useT();
  const { count } = useFormats();
  const missing = Math.max(0, data.Expected - data.OnTime - data.Late);
  return (
    <BarChart
      height={200}
      layout="horizontal"
      xAxis={[{ tickMinStep: 1, label: t('platform.submissions') }]}
      yAxis={[
        {
          scaleType: 'band',
          data: [t('platform.onTime'), t('platform.late'), t('platform.notSubmitted')],
          width: 110,
        },
      ]}
      series={[
        { data: [data.OnTime, data.Late, missing], label: t('platform.submissions'), barLabel: count },
      ]}
      hideLegend
      margin={{ left: 0, right: 16 }}
    />
  );
}

export function LiveClassesChart({ data }: { data: NonNullable<Figures['LiveClasses']> }) {
  const t = useT();
  const { day } = useFormats();
  return (
    <BarChart
      height={260}
      xAxis={[{ scaleType: 'band', data: data.Days.map((d) => day(d.Date)), label: t('platform.day') }]}
      yAxis={[{ tickMinStep: 1, label: t('platform.students'), width: 56 }]}
      series={[
        { data: data.Days.map((d) => d.Held), label: t('platform.classesHeld') },
        { data: data.Days.map((d) => d.Attended), label: t('platform.attended') },
      ]}
      margin={{ right: 16 }}
    />
  );
}

export function PaymentsChart({ data }: { data: NonNullable<Figures['PaymentsToday']> }) {
  const t = useT();
  const { intl, count } = useFormats();
  return (
    <BarChart
      height={220}
      xAxis={[
        {
          scaleType: 'band',
          data: data.ByHour.map((h) => intl.formatNumber(h.Hour, { minimumIntegerDigits: 2 })),
          label: t('platform.hour'),
        },
      ]}
      yAxis={[{ tickMinStep: 1, label: t('platform.payments'), width: 56 }]}
      series={[{ data: data.ByHour.map((h) => h.Count), label: t('platform.payments'), barLabel: count }]}
      hideLegend
      margin={{ right: 16 }}
    />
  );
}
