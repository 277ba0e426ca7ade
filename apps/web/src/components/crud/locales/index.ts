import type { PickersLocaleText } from '@mui/x-date-pickers/locales';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import type { Locale } from '../../../i18n/locales';

/** The built-in texts of the date pickers, and dayjs' locale name, for one language. */
export interface MuiXLocale {
  pickers: Partial<PickersLocaleText>;
  dayjs: string;
}

const ENGLISH: MuiXLocale = { pickers: {}, dayjs: 'en' };

/** One small chunk per language, downloaded when an admin list is first shown in that language. */
const LOADERS: Record<Exclude<Locale, 'en'>, () => Promise<{ default: MuiXLocale }>> = {
  zh: () => import('./zh'),
  ar: () => import('./ar'),
  it: () => import('./it'),
  es: () => import('./es'),
  fr: () => import('./fr'),
};

const loaded = new Map<Locale, MuiXLocale>([['en', ENGLISH]]);

/** The MUI X texts of the current language (English until its chunk has arrived). */
export function useMuiXLocale(): MuiXLocale {
  const locale = useIntl().locale as Locale;
  const [, setVersion] = useState(0);
  useEffect(() => {
    if (loaded.has(locale)) return;
    let live = true;
    void LOADERS[locale as Exclude<Locale, 'en'>]?.().then((module) => {
      loaded.set(locale, module.default);
      if (live) setVersion((v) => v + 1);
    });
    return () => {
      live = false;
    };
  }, [locale]);
  return loaded.get(locale) ?? ENGLISH;
}
