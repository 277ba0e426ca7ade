import { arSD as grid } from '@mui/x-data-grid/locales';

import 'dayjs/locale/ar';
import type { MuiXLocale } from './index';

const locale: MuiXLocale = {
  grid: grid.components.MuiDataGrid.defaultProps.localeText,
  pickers: {},
  dayjs: 'ar',
};
export default locale;
