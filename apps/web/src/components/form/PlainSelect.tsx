import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode, SelectHTMLAttributes } from 'react';
import { sxList } from '../../lib/sx';

export interface PlainSelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'style'> {
  /**
   * The frame it draws: a ring while focused (the default); MUI's standard variant, an underline
   * thicker in the theme's colour while focused; or none, where the caller draws one (SelectField).
   */
  frame?: 'ring' | 'underline' | 'none';
  fullWidth?: boolean;
  /** The select element's own styles, after its defaults (its padding, for a caller's frame). */
  selectSx?: SxProps<Theme>;
  children: ReactNode;
}

/**
 * The browser's own select (easy on phones, and by keyboard), drawn as MUI's NativeSelect is: the
 * value and a drop-down arrow at its end, with or without the standard underline. Without MUI's input
 * components (InputBase and the rest), which a page with no text field need not download. Give it
 * a name: a <label htmlFor> for its id, or `aria-label`.
 */
export function PlainSelect({
  frame = 'ring',
  fullWidth = false,
  selectSx,
  children,
  ...select
}: PlainSelectProps) {
  const underline = frame === 'underline';
  return (
    <Box
      sx={{
        position: 'relative',
        display: fullWidth ? 'flex' : 'inline-flex',
        alignItems: 'center',
        minHeight: 40,
        ...(frame === 'none'
          ? {}
          : underline
            ? {
                borderBottom: 1,
                borderColor: 'text.secondary',
                '&:hover': { borderColor: 'text.primary' },
                '&:focus-within': { borderBottom: 2, borderColor: 'primary.main', mb: '-1px' },
              }
            : {
                borderRadius: 1,
                '&:focus-within': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
              }),
      }}
    >
      <Box
        component="select"
        {...select}
        sx={[
          {
            appearance: 'none',
            font: 'inherit',
            color: 'inherit',
            bgcolor: 'transparent',
            border: 0,
            borderRadius: 0,
            outline: 0,
            cursor: 'pointer',
            width: fullWidth ? '100%' : 'auto',
            minHeight: 40,
            py: 0.5,
            pl: underline ? 0 : 1,
            pr: 3,
            '& option': { bgcolor: 'background.paper', color: 'text.primary' },
          },
          ...sxList(selectSx),
        ]}
      >
        {children}
      </Box>
      <ArrowDropDown
        aria-hidden
        sx={{
          position: 'absolute',
          right: frame === 'none' ? 7 : 0,
          pointerEvents: 'none',
          color: select.disabled ? 'action.disabled' : 'action.active',
        }}
      />
    </Box>
  );
}
