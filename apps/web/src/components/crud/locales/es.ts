import { esES as pickers } from '@mui/x-date-pickers/locales';
import 'dayjs/locale/es';
import type { MuiXLocale } from './index';

const locale: MuiXLocale = {
  pickers: pickers.components.MuiLocalizationProvider.defaultProps.localeText,
  dayjs: 'es',
};
export default locale;
