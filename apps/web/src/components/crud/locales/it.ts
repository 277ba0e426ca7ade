import { itIT as grid } from '@mui/x-data-grid/locales';
import { itIT as pickers } from '@mui/x-date-pickers/locales';
import 'dayjs/locale/it';
import type { MuiXLocale } from './index';

const locale: MuiXLocale = {
  grid: grid.components.MuiDataGrid.defaultProps.localeText,
  pickers: pickers.components.MuiLocalizationProvider.defaultProps.localeText,
  dayjs: 'it',
};
export default locale;
