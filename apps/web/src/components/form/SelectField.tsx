import type { SxProps, Theme } from '@mui/material/styles';
import { useId, type ReactNode } from 'react';
import { OUTLINED_CONTROL_SX, OutlinedField, outlinedField } from './OutlinedField';
import { PlainSelect } from './PlainSelect';

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
 * and screen readers work as everywhere else, in the outlined frame the text fields have (TextInput).
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
  const { frame, control } = outlinedField({ id, label, helperText, required, error, disabled });
  return (
    <OutlinedField {...frame} fullWidth={fullWidth} sx={sx}>
      <PlainSelect
        frame="none"
        fullWidth
        {...control}
        name={name}
        value={String(value)}
        onChange={(event) => {
          const chosen = options.find((option) => String(option.value) === event.target.value);
          onChange(chosen ? chosen.value : event.target.value);
        }}
        selectSx={{
          ...OUTLINED_CONTROL_SX,
          minHeight: 0,
          py: size === 'small' ? '8.5px' : '16.5px',
          pl: '14px',
          pr: '32px',
          cursor: disabled ? 'default' : 'pointer',
        }}
      >
        {options.map((option) => (
          <option key={String(option.value)} value={String(option.value)} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </PlainSelect>
    </OutlinedField>
  );
}
