import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import CastForEducation from '@mui/icons-material/CastForEducation';
import Folder from '@mui/icons-material/Folder';
import Grading from '@mui/icons-material/Grading';
import Groups from '@mui/icons-material/Groups';
import Hotel from '@mui/icons-material/Hotel';
import HowToReg from '@mui/icons-material/HowToReg';
import MenuBook from '@mui/icons-material/MenuBook';
import Payments from '@mui/icons-material/Payments';
import School from '@mui/icons-material/School';
import Settings from '@mui/icons-material/Settings';
import type { SvgIconComponent } from '@mui/icons-material';

/**
 * The admin menus' icons, named by Material icon ligature (Menu_Icon) and drawn as SVG: no icon
 * web font to download. A name not listed here shows a folder; add new menus' icons here.
 */
const ICONS: Record<string, SvgIconComponent> = {
  admin_panel_settings: AdminPanelSettings,
  how_to_reg: HowToReg,
  school: School,
  menu_book: MenuBook,
  payments: Payments,
  groups: Groups,
  hotel: Hotel,
  grading: Grading,
  cast_for_education: CastForEducation,
  settings: Settings,
};

export function AdminMenuIcon({ name }: { name: string }) {
  const Icon = ICONS[name] ?? Folder;
  return <Icon />;
}
