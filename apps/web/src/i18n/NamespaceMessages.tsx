import { use, useEffect, useMemo, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { serverRender } from '../lib/serverRender';
import { activeNamespaces, loadCatalogue } from './catalogues';
import { DEFAULT_LOCALE, type Locale, type Messages, type Namespace } from './locales';

/**
 * Adds a namespace's strings to those above it for the part of the app inside. Each area wraps
 * itself in one, so its strings download with its code and never weigh on the sign-in pages.
 * Suspends (the route's skeleton shows) until the catalogue has arrived.
 */
export function NamespaceMessages({ namespace, children }: { namespace: Namespace; children: ReactNode }) {
  const intl = useIntl();
  const locale = intl.locale as Locale;
  // `use` on every render, never only on some: after suspending, React expects the retry to call
  // it again (skipping it once the catalogue is in mismatches the hooks, and React recovers with
  // a synchronous re-render, error #520). A downloaded catalogue's promise is marked fulfilled,
  // so `use` returns it without suspending.
  const own = use(loadCatalogue(locale, namespace));
  // Drawn by the server: the browser loads the same strings before taking the page over.
  serverRender()?.drawn.catalogues.add(namespace);

  useEffect(() => {
    activeNamespaces.add(namespace);
    return () => void activeNamespaces.delete(namespace);
  }, [namespace]);

  const messages = useMemo(() => ({ ...intl.messages, ...own }) as Messages, [intl.messages, own]);
  return (
    <IntlProvider locale={locale} defaultLocale={DEFAULT_LOCALE} messages={messages}>
      {children}
    </IntlProvider>
  );
}
