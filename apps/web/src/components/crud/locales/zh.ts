import { zhCN as pickers } from '@mui/x-date-pickers/locales';
import 'dayjs/locale/zh-cn';
import type { MuiXLocale } from './index';

const locale: MuiXLocale = {
  pickers: pickers.components.MuiLocalizationProvider.defaultProps.localeText,
  dayjs: 'zh-cn',
};
export default locale;
