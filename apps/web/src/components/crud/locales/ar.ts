import 'dayjs/locale/ar';
import type { MuiXLocale } from './index';

const locale: MuiXLocale = {
  pickers: {},
  dayjs: 'ar',
};
export default locale;
