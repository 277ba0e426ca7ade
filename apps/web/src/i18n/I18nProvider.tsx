import { useEffect, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { useSettings } from '../app/settings';
import { activeNamespaces, loadCatalogue } from './catalogues';
import { DEFAULT_LOCALE, type Locale, type Messages } from './locales';

export interface Catalogue {
  locale: Locale;
  messages: Messages;
}

/**
 * Provides the chosen locale's main strings. The first catalogue is loaded before the first render
 * (see main.tsx). On a change of language the current strings stay until the new main catalogue
 * and the catalogues of the areas on screen have all arrived, then everything switches at once.
 */
export function I18nProvider({ initial, children }: { initial: Catalogue; children: ReactNode }) {
  const locale = useSettings((s) => s.locale);
  const [catalogue, setCatalogue] = useState(initial);

  useEffect(() => {
    if (catalogue.locale === locale) return;
    let current = true;
    const namespaces = [...activeNamespaces].map((namespace) => loadCatalogue(locale, namespace));
    Promise.all([loadCatalogue(locale), ...namespaces]).then(
      ([messages]) => current && setCatalogue({ locale, messages }),
      (error: unknown) => console.error(`Could not load the ${locale} strings`, error),
    );
    return () => {
      current = false;
    };
  }, [locale, catalogue.locale]);

  useEffect(() => {
    document.documentElement.lang = catalogue.locale;
  }, [catalogue.locale]);

  return (
    <IntlProvider locale={catalogue.locale} defaultLocale={DEFAULT_LOCALE} messages={catalogue.messages}>
      {children}
    </IntlProvider>
  );
}
