import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import type { ReactNode } from 'react';

export interface TextInputProps extends Omit<OutlinedInputProps, 'label' | 'id'> {
  id: string;
  label: string;
  helperText?: ReactNode;
}

/**
 * An outlined text field built from MUI's parts. MUI's TextField also bundles Select (and with it
 * Menu, Popover and Modal), which the sign-in pages cannot afford; use this one on public pages.
 * The label always sits small above the value: at full size a long label ('Email or JAMB
 * Registration Number') is cut off on a 360 px phone.
 */
export function TextInput({ id, label, helperText, error, required, ...input }: TextInputProps) {
  const helperId = helperText ? `${id}-helper` : undefined;
  return (
    <FormControl fullWidth margin="normal" error={error} required={required}>
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        label={required ? `${label} *` : label}
        notched
        aria-describedby={helperId}
        {...input}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
