import { frFR as pickers } from '@mui/x-date-pickers/locales';
import 'dayjs/locale/fr';
import type { MuiXLocale } from './index';

const locale: MuiXLocale = {
  pickers: pickers.components.MuiLocalizationProvider.defaultProps.localeText,
  dayjs: 'fr',
};
export default locale;
