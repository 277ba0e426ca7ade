import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useT } from '../../i18n/useT';
import type { AnyField } from './resource';
import { ReferenceInput } from './ReferenceInput';
import type { Option, OptionsHook } from './types';

export type FormValues = Record<string, unknown>;

/** The value a field starts with on an empty form. */
export function initialValue(field: AnyField): unknown {
  if (field.initial !== undefined) return field.initial;
  if (field.type === 'boolean') return false;
  if (field.type === 'multiselect') return [];
  if (field.type === 'reference') return null;
  return '';
}

/** '1, 2,3' → [1, 2, 3]; null when something is not a whole number. */
export function parseIds(text: string): number[] | null {
  const parts = text
    .split(/[,\s]+/)
    .map((part) => part.trim())
    .filter(Boolean);
  const ids = parts.map(Number);
  return ids.every((id) => Number.isInteger(id) && id > 0) ? ids : null;
}

/** The value of a field as the API takes it. */
export function toApiValue(field: AnyField, value: unknown): unknown {
  switch (field.type) {
    case 'number':
      return value === '' || value === null || value === undefined ? undefined : Number(value);
    case 'select':
      // A declared choice travels as its text ('Latest attempt'), a numbered option as its number.
      return value === '' || value === null || value === undefined ? undefined : value;
    case 'reference':
      return value === '' || value === null || value === undefined ? null : Number(value);
    case 'money':
      // Naira on screen, kobo in the API.
      return value === '' || value === null || value === undefined
        ? undefined
        : Math.round(Number(value) * 100);
    case 'date':
    case 'time':
      return value === '' || value === null || value === undefined ? null : value;
    case 'boolean':
      return !!value;
    case 'multiselect':
      return Array.isArray(value) ? value.map(Number) : [];
    case 'ids':
      return parseIds(String(value ?? '')) ?? [];
    default:
      return typeof value === 'string' ? value.trim() : value;
  }
}

/** The first problem with a field's value, translated, or null. */
export function useFieldCheck() {
  const t = useT();
  return (field: AnyField, value: unknown): string | null => {
    const name = t(field.label);
    const empty =
      value === '' || value === null || value === undefined || (Array.isArray(value) && value.length === 0);
    if (empty) return field.required ? t('crud.required', { field: name }) : null;
    if (field.type === 'text' || field.type === 'textarea') {
      const text = String(value).trim();
      if (field.required && !text) return t('crud.required', { field: name });
      if (field.minLength && text.length < field.minLength)
        return t('crud.tooShort', { field: name, min: field.minLength });
      if (field.maxLength && text.length > field.maxLength)
        return t('crud.tooLong', { field: name, max: field.maxLength });
      if (field.pattern && !field.pattern.test(text))
        return field.patternMessage ? t(field.patternMessage) : t('crud.invalid', { field: name });
    }
    if (field.type === 'money' && (!Number.isFinite(Number(value)) || Number(value) < 0))
      return t('crud.invalid', { field: name });
    // A select of a declared choice holds its text ('Latest attempt'); only a number's is checked as one.
    if (field.type === 'number' || (field.type === 'select' && typeof value === 'number')) {
      const number = Number(value);
      if (!Number.isFinite(number)) return t('crud.invalid', { field: name });
      if ((field.min !== undefined && number < field.min) || (field.max !== undefined && number > field.max))
        return t('crud.outOfRange', { field: name, min: field.min ?? 0, max: field.max ?? 0 });
    }
    if (field.type === 'ids' && parseIds(String(value)) === null)
      return t('crud.idsInvalid', { field: name });
    return null;
  };
}

interface FieldInputProps {
  field: AnyField;
  value: unknown;
  error: string | null;
  onChange: (value: unknown) => void;
  disabled?: boolean;
}

/** One form field of a declared resource. */
export function FieldInput({ field, value, error, onChange, disabled }: FieldInputProps) {
  const t = useT();
  const label = t(field.label);
  const preview =
    field.preview && typeof value === 'string' && value
      ? t('crud.preview', { example: field.preview(value) })
      : undefined;
  const helper =
    error ??
    preview ??
    (field.helper ? t(field.helper) : field.type === 'money' ? t('crud.nairaHint') : undefined);
  const id = `field-${field.key}`;

  if (field.type === 'reference' && field.reference) {
    return (
      <ReferenceInput
        id={id}
        path={field.reference}
        label={label}
        value={value === '' || value === null || value === undefined ? null : Number(value)}
        onChange={onChange}
        required={field.required}
        error={error}
        helper={helper}
        disabled={disabled}
      />
    );
  }

  if (field.type === 'boolean') {
    // A switch's hint (what turning it off does) sits under it and describes it.
    const helperId = helper ? `${id}-helper` : undefined;
    const control = (
      <FormControlLabel
        // Wrapped with its hint, it keeps the place the form gives a switch on its own.
        sx={helper ? { ml: 0 } : undefined}
        control={
          <Switch
            id={id}
            checked={!!value}
            onChange={(event) => onChange(event.target.checked)}
            disabled={disabled}
            slotProps={{ input: { 'aria-describedby': helperId } }}
          />
        }
        label={label}
      />
    );
    if (!helper) return control;
    return (
      <Box>
        {control}
        <FormHelperText id={helperId} sx={{ mt: 0, mx: 0 }}>
          {helper}
        </FormHelperText>
      </Box>
    );
  }
  if ((field.type === 'select' || field.type === 'multiselect') && field.options) {
    return (
      <OptionsInput
        useOptions={field.options}
        id={id}
        label={label}
        multiple={field.type === 'multiselect'}
        required={field.required}
        value={value}
        error={error}
        helper={helper}
        onChange={onChange}
        disabled={disabled}
      />
    );
  }
  return (
    <TextField
      id={id}
      label={label}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value)}
      required={field.required}
      error={!!error}
      helperText={helper}
      type={INPUT_TYPES[field.type] ?? 'text'}
      multiline={field.type === 'textarea'}
      minRows={field.type === 'textarea' ? 4 : undefined}
      fullWidth
      margin="dense"
      disabled={disabled}
      slotProps={{
        // A colour field shows the colour it holds (once it is one) at its start.
        input:
          field.swatch && typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value.trim())
            ? {
                startAdornment: (
                  <InputAdornment position="start">
                    <Box
                      aria-hidden
                      sx={{
                        width: 20,
                        height: 20,
                        borderRadius: 0.5,
                        border: 1,
                        borderColor: 'divider',
                        bgcolor: value.trim(),
                      }}
                    />
                  </InputAdornment>
                ),
              }
            : undefined,
        // Date and time inputs draw their own placeholder: keep the label above it.
        inputLabel: field.type === 'date' || field.type === 'time' ? { shrink: true } : undefined,
        htmlInput: {
          maxLength: field.maxLength,
          min: field.min ?? (field.type === 'money' ? 0 : undefined),
          max: field.max,
          step: field.step ?? (field.type === 'money' ? 0.01 : undefined),
          inputMode: field.type === 'ids' ? 'numeric' : undefined,
        },
      }}
    />
  );
}

const INPUT_TYPES: Partial<Record<AnyField['type'], string>> = {
  number: 'number',
  money: 'number',
  date: 'date',
  time: 'time',
};

interface OptionsInputProps {
  useOptions: OptionsHook;
  id: string;
  label: string;
  multiple: boolean;
  required?: boolean;
  value: unknown;
  error: string | null;
  helper?: string;
  onChange: (value: unknown) => void;
  disabled?: boolean;
}

/** A select whose options come from a hook; a plain id input when they cannot be loaded. */
function OptionsInput({
  useOptions,
  id,
  label,
  multiple,
  required,
  value,
  error,
  helper,
  onChange,
  disabled,
}: OptionsInputProps) {
  const t = useT();
  const { options, loading, failed } = useOptions();
  if (failed) {
    return (
      <TextField
        id={id}
        label={label}
        value={multiple ? (Array.isArray(value) ? value.join(', ') : '') : (value ?? '')}
        onChange={(event) => onChange(multiple ? (parseIds(event.target.value) ?? []) : event.target.value)}
        required={required}
        error={!!error}
        helperText={error ?? t('crud.optionsUnavailable')}
        fullWidth
        margin="dense"
        disabled={disabled}
      />
    );
  }
  const labelOf = (v: unknown) =>
    options.find((o: Option) => String(o.value) === String(v))?.label ?? String(v);
  return (
    <TextField
      id={id}
      select
      label={label}
      value={multiple ? (Array.isArray(value) ? value : []) : (value ?? '')}
      onChange={(event) => onChange(event.target.value)}
      required={required}
      error={!!error}
      helperText={helper ?? (loading ? t('common.loading') : undefined)}
      fullWidth
      margin="dense"
      disabled={disabled}
      slotProps={{
        select: {
          multiple,
          renderValue: multiple ? (selected) => (selected as unknown[]).map(labelOf).join(', ') : undefined,
          MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } },
        },
      }}
    >
      {!multiple && !required && (
        <MenuItem value="">
          <em>{t('crud.none')}</em>
        </MenuItem>
      )}
      {options.map((option) =>
        multiple ? (
          <MenuItem key={option.value} value={option.value}>
            <Checkbox
              checked={Array.isArray(value) && value.map(String).includes(String(option.value))}
              size="small"
            />
            <ListItemText primary={option.label} />
          </MenuItem>
        ) : (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ),
      )}
    </TextField>
  );
}
