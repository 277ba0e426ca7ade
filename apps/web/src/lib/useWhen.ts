import { useIntl } from 'react-intl';

/** A date and time in the institution's zone (Africa/Lagos), as the reader's locale writes it; '—' for none. */
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
