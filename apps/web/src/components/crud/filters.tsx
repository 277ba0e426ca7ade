import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/useT';

/** The list filters' parts: a search box, a select with "any" first, and their grid. */

export function SearchField({
  label,
  value,
  onChange,
  name,
  sx,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  name?: string;
  sx?: SxProps<Theme>;
}) {
  return (
    <TextField
      size="small"
      type="search"
      name={name}
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={sx}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Search fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

export interface Choice {
  value: string | number;
  label: ReactNode;
}

/** A filter select whose empty value means no filter ("Any" unless `anyLabel` says otherwise). */
export function AnySelect({
  label,
  value,
  onChange,
  choices,
  anyLabel,
  disabled,
  sx,
  slotProps,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  choices: readonly Choice[];
  anyLabel?: string;
  disabled?: boolean;
  sx?: SxProps<Theme>;
  slotProps?: TextFieldProps['slotProps'];
}) {
  const t = useT();
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      disabled={disabled}
      sx={sx}
      slotProps={slotProps}
    >
      <MenuItem value="">{anyLabel ?? t('crud.any')}</MenuItem>
      {choices.map((choice) => (
        <MenuItem key={choice.value} value={String(choice.value)}>
          {choice.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The filters above a list: one column on a phone, `sm` columns from 600 px, `lg` from 1200 px. */
export function FilterGrid({ sm, lg, children }: { sm: number; lg: number; children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        mb: 2,
        gridTemplateColumns: {
          xs: 'minmax(0, 1fr)',
          sm: `repeat(${sm}, minmax(0, 1fr))`,
          lg: `repeat(${lg}, minmax(0, 1fr))`,
        },
      }}
    >
      {children}
    </Box>
  );
}
