import { frFR as grid } from '@mui/x-data-grid/locales';
import { frFR as pickers } from '@mui/x-date-pickers/locales';
import 'dayjs/locale/fr';
import type { MuiXLocale } from './index';

const locale: MuiXLocale = {
  grid: grid.components.MuiDataGrid.defaultProps.localeText,
  pickers: pickers.components.MuiLocalizationProvider.defaultProps.localeText,
  dayjs: 'fr',
};
export default locale;
