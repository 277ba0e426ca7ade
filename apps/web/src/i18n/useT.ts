import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from './locales';

export type MessageValues = Record<string, string | number>;

/** `const t = useT(); t('signin.password')`: a translated string for an attribute, a notification or a title. */
export function useT(): (id: MessageId, values?: MessageValues) => string {
  const intl = useIntl();
  return useCallback((id, values) => intl.formatMessage({ id }, values), [intl]);
}
