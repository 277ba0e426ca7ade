import { esES as grid } from '@mui/x-data-grid/locales';
import { esES as pickers } from '@mui/x-date-pickers/locales';
import 'dayjs/locale/es';
import type { MuiXLocale } from './index';

const locale: MuiXLocale = {
  grid: grid.components.MuiDataGrid.defaultProps.localeText,
  pickers: pickers.components.MuiLocalizationProvider.defaultProps.localeText,
  dayjs: 'es',
};
export default locale;
