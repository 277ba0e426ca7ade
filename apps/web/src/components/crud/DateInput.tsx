import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useMuiXLocale } from './locales';

/** The date format the API takes and the spec's transaction filter shows. */
export const DATE_FORMAT = 'YYYY-MM-DD';

/** Today as YYYY-MM-DD. */
export const today = () => dayjs().format(DATE_FORMAT);

/** Date pickers below this speak the current language (dayjs' locale and MUI X's texts). */
export function PickersProvider({ children }: { children: ReactNode }) {
  const locale = useMuiXLocale();
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={locale.dayjs} localeText={locale.pickers}>
      {children}
    </LocalizationProvider>
  );
}

export interface DateInputProps {
  label: string;
  /** YYYY-MM-DD, or '' for none. */
  value: string;
  onChange: (value: string) => void;
  /** Refuse dates after today (the transaction filter, the audit trail). */
  disableFuture?: boolean;
  minDate?: string;
  name?: string;
}

/** A date picker that reads and writes YYYY-MM-DD strings. Use inside <PickersProvider>. */
export function DateInput({ label, value, onChange, disableFuture, minDate, name }: DateInputProps) {
  const parsed = value ? dayjs(value, DATE_FORMAT) : null;
  return (
    <DatePicker
      label={label}
      value={parsed && parsed.isValid() ? parsed : null}
      format={DATE_FORMAT}
      disableFuture={disableFuture}
      minDate={minDate ? dayjs(minDate, DATE_FORMAT) : undefined}
      onChange={(next) => onChange(next && next.isValid() ? next.format(DATE_FORMAT) : '')}
      slotProps={{ textField: { size: 'small', name, fullWidth: true }, field: { clearable: true } }}
    />
  );
}

/**
 * A from–to pair of dates (two cells of the caller's grid), none after today and the end not
 * before the start; `onChange` gets both, one of them changed. Use inside <PickersProvider>.
 */
export function DateRange({
  labels: [fromLabel, toLabel],
  names = [],
  value: [from, to],
  onChange,
}: {
  labels: readonly [string, string];
  names?: readonly [string, string] | [];
  value: readonly [string, string];
  onChange: (value: [from: string, to: string]) => void;
}) {
  return (
    <>
      <DateInput
        label={fromLabel}
        name={names[0]}
        value={from}
        onChange={(next) => onChange([next, to])}
        disableFuture
      />
      <DateInput
        label={toLabel}
        name={names[1]}
        value={to}
        onChange={(next) => onChange([from, next])}
        disableFuture
        minDate={from || undefined}
      />
    </>
  );
}
