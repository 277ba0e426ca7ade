import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { AppThemeProvider } from '../app/providers/AppThemeProvider';
import { settingsStore } from '../app/settings';
import { I18nProvider } from '../i18n/I18nProvider';
import { loadCatalogue } from '../i18n/catalogues';
import type { Namespace } from '../i18n/locales';
import { NamespaceMessages } from '../i18n/NamespaceMessages';

/**
 * Renders a part of the app inside the providers the app gives it: the stored settings' catalogues
 * (the main one and the namespaces named), the theme and a router at `path`.
 */
export async function renderWithProviders(
  ui: ReactNode,
  { namespaces = [], path = '/' }: { namespaces?: Namespace[]; path?: string } = {},
) {
  const { locale } = settingsStore.get();
  const messages = await loadCatalogue(locale);
  await Promise.all(namespaces.map((namespace) => loadCatalogue(locale, namespace)));
  const wrapped = namespaces.reduceRight<ReactNode>(
    (inner, namespace) => <NamespaceMessages namespace={namespace}>{inner}</NamespaceMessages>,
    ui,
  );
  return render(
    <I18nProvider initial={{ locale, messages }}>
      <AppThemeProvider initialRtlCache={null}>
        <MemoryRouter initialEntries={[path]}>{wrapped}</MemoryRouter>
      </AppThemeProvider>
    </I18nProvider>,
  );
}
