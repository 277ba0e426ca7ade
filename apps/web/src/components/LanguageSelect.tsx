import NativeSelect from '@mui/material/NativeSelect';
import { setLocale, useSettings } from '../app/settings';
import { LOCALES, LOCALE_NAMES, type Locale } from '../i18n/locales';
import { useT } from '../i18n/useT';

/** The language picker: a native select, light enough for the sign-in pages and easy on phones. */
export function LanguageSelect({ fullWidth = false }: { fullWidth?: boolean }) {
  const t = useT();
  const locale = useSettings((s) => s.locale);
  return (
    <NativeSelect
      value={locale}
      fullWidth={fullWidth}
      onChange={(event) => setLocale(event.target.value as Locale)}
      inputProps={{ name: 'locale', 'aria-label': t('settings.language') }}
      sx={{ minHeight: 40 }}
    >
      {LOCALES.map((id) => (
        <option key={id} value={id} lang={id}>
          {LOCALE_NAMES[id]}
        </option>
      ))}
    </NativeSelect>
  );
}
