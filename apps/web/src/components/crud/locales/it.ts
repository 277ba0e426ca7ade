import { itIT as pickers } from '@mui/x-date-pickers/locales';
import 'dayjs/locale/it';
import type { MuiXLocale } from './index';

const locale: MuiXLocale = {
  pickers: pickers.components.MuiLocalizationProvider.defaultProps.localeText,
  dayjs: 'it',
};
export default locale;
