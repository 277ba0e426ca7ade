import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { groupByMenu, usePageLabel } from './pages';

/** A role's (or an admin's) pages, grouped under their menus. */
export function PagesByMenu({
  pages,
}: {
  pages: readonly { Menu_Id: number; Menu_Name: string; Page: string }[];
}) {
  const pageLabel = usePageLabel();
  return (
    <Stack spacing={1}>
      {groupByMenu(pages).map((group) => (
        <Box key={group.menuId}>
          <Typography variant="caption" color="text.secondary" component="div">
            {group.menuName}
          </Typography>
          <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }} useFlexGap>
            {group.pages.map((page) => (
              <Chip key={page.Page} size="small" label={pageLabel(page.Page)} />
            ))}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}
