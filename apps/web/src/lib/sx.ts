import type { SxProps, Theme } from '@mui/material/styles';

type SxItem = Extract<SxProps<Theme>, ReadonlyArray<unknown>>[number];

/**
 * A component's `sx` prop as a list, to follow its own styles (`sx={[own, ...sxList(sx)]}`): MUI's
 * way of merging a caller's styles over a component's, whether the caller gave one or a list.
 */
export function sxList(sx: SxProps<Theme> | undefined): readonly SxItem[] {
  if (sx === undefined) return [];
  return Array.isArray(sx) ? (sx as readonly SxItem[]) : [sx as SxItem];
}
