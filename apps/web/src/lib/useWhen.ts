import { useIntl } from 'react-intl';

/** A date and time as the institution reads it (Lagos time), or '—'. */
export function useWhen() {
  const intl = useIntl();
  return (value: string | null) =>
    value
      ? intl.formatDate(new Date(value), {
          dateStyle: 'medium',
          timeStyle: 'short',
          timeZone: 'Africa/Lagos',
        })
      : '—';
}
