import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId, type ReactNode } from 'react';

export interface SelectOption {
  value: string | number;
  label: string;
  disabled?: boolean;
}

export interface SelectFieldProps {
  label: string;
  value: string | number;
  options: readonly SelectOption[];
  /** The chosen option's value, as the option declares it (a number stays a number). */
  onChange: (value: string | number) => void;
  id?: string;
  name?: string;
  disabled?: boolean;
  required?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
}

/**
 * An outlined select with its label, on the browser's own <select>: the phone's picker, the keyboard
 * and screen readers work as everywhere else. MUI's `TextField select` (Select, with Menu, Popover,
 * Modal and the roving focus behind it) adds about 13 KiB over the wire to a page; this is light enough
 * for the student's pages and looks the same at rest.
 */
export function SelectField({
  label,
  value,
  options,
  onChange,
  id: idOverride,
  name,
  disabled,
  required,
  error,
  helperText,
  size,
  fullWidth,
  sx,
}: SelectFieldProps) {
  const generated = useId();
  const id = idOverride ?? `select-${generated}`;
  const helperId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl
      size={size}
      fullWidth={fullWidth}
      disabled={disabled}
      required={required}
      error={error}
      sx={sx}
    >
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <NativeSelect
        value={String(value)}
        onChange={(event) => {
          const chosen = options.find((option) => String(option.value) === event.target.value);
          onChange(chosen ? chosen.value : event.target.value);
        }}
        input={<OutlinedInput label={required ? `${label} *` : label} notched />}
        inputProps={{ id, name, 'aria-describedby': helperId }}
      >
        {options.map((option) => (
          <option key={String(option.value)} value={String(option.value)} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
