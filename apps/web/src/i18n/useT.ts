import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { isRtlLocale, type Locale, type MessageId } from './locales';

export type MessageValues = Record<string, string | number>;

/** First-strong isolate … pop directional isolate: text inside keeps its own direction. */
const isolate = (text: string) => `\u2068${text}\u2069`;

/**
 * `const t = useT(); t('signin.password')`: a translated string for an attribute, a notification or a title.
 * In a right-to-left language, text put into a message (a name, an e-mail, a reference) is isolated
 * with its own direction, so 'Welcome, Emmanuel Udoh.' does not move its punctuation.
 */
export function useT(): (id: MessageId, values?: MessageValues) => string {
  const intl = useIntl();
  const rtl = isRtlLocale(intl.locale.split('-')[0] as Locale);
  return useCallback(
    (id, values) =>
      intl.formatMessage(
        { id },
        rtl && values
          ? Object.fromEntries(
              Object.entries(values).map(([key, value]) => [
                key,
                typeof value === 'string' ? isolate(value) : value,
              ]),
            )
          : values,
      ),
    [intl, rtl],
  );
}
