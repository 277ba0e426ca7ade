import type { Locale, MessageId } from './locales';

/** Makes react-intl accept only message ids that exist in the English catalogue. */
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
    interface IntlConfig {
      locale: Locale;
    }
  }
}
