import { setLocale, useSettings } from '../app/settings';
import { LOCALES, LOCALE_NAMES, type Locale } from '../i18n/locales';
import { useT } from '../i18n/useT';
import { PlainSelect } from './form/PlainSelect';

/** The language picker: the browser's own select, light enough for the landing page and easy on phones. */
export function LanguageSelect({ fullWidth = false }: { fullWidth?: boolean }) {
  const t = useT();
  const locale = useSettings((s) => s.locale);
  return (
    <PlainSelect
      frame="underline"
      fullWidth={fullWidth}
      name="locale"
      aria-label={t('settings.language')}
      value={locale}
      onChange={(event) => setLocale(event.target.value as Locale)}
    >
      {LOCALES.map((id) => (
        <option key={id} value={id} lang={id}>
          {LOCALE_NAMES[id]}
        </option>
      ))}
    </PlainSelect>
  );
}
