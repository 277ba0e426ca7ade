import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { useT } from '../../../i18n/useT';

/** An outlined text field of the applicant's forms (full width, error text under it). */
export function Field({ error, ...props }: Omit<TextFieldProps, 'error'> & { id: string; error?: string }) {
  return (
    <TextField fullWidth margin="dense" {...props} error={!!error} helperText={error ?? props.helperText} />
  );
}

export interface Option {
  value: string;
  label: string;
}

/**
 * A native select (the phone's own picker; typing a letter jumps to it), with an empty first
 * option that reads 'Select…'.
 */
export function SelectField({
  id,
  label,
  value,
  options,
  onChange,
  error,
  required,
  disabled,
  children,
}: {
  id: string;
  label: string;
  value: string;
  options: readonly Option[];
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <TextField
      id={id}
      select
      fullWidth
      margin="dense"
      label={label}
      value={value}
      required={required}
      disabled={disabled}
      error={!!error}
      helperText={error}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="">{t('applicant.select')}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
      {children}
    </TextField>
  );
}

/**
 * Splits a server validation message ('FirstName: First name may only contain letters…') into
 * the field it names and the text, so it can sit under that field.
 */
export function fieldOfMessage(message: string, fields: readonly string[]): { field?: string; text: string } {
  const match = /^([A-Za-z]+): (.+)$/.exec(message);
  if (match && fields.includes(match[1]!)) return { field: match[1]!, text: match[2]! };
  return { text: message };
}
