import Button from '@mui/material/Button';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useState, type ReactNode } from 'react';
import type { MessageId } from '../../../i18n/locales';
import { useT } from '../../../i18n/useT';
import { ApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { EMAIL_PATTERN, NIGERIAN_PHONE_PATTERN } from '../../../lib/validation';

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

/**
 * The choices of a select from a table of choice → message id, in the table's order. Typed by
 * the contract's list (`Record<(typeof GENDERS)[number], MessageId>`), the table names each
 * choice exactly once.
 */
export function choiceOptions(labels: Record<string, MessageId>, t: ReturnType<typeof useT>): Option[] {
  return Object.entries(labels).map(([value, id]) => ({ value, label: t(id) }));
}

/** The submit button under an applicant's form, busy while its request runs. */
export function FormButton({ icon, pending, label }: { icon: ReactNode; pending: boolean; label: string }) {
  return (
    <Button
      type="submit"
      variant="contained"
      startIcon={icon}
      disabled={pending}
      aria-busy={pending}
      sx={{ mt: 2 }}
    >
      {label}
    </Button>
  );
}

type Errors<F extends string> = Partial<Record<F, string>>;

/**
 * The state of one of the applicant's forms, its values all text: each field's value and error,
 * its label, and its `Field` or `SelectField` (id `${idPrefix}-${field}`).
 */
export function useFormFields<F extends string>({
  idPrefix,
  labels,
  order,
  initial,
  disabled = false,
  clears = {},
  name = (field) => field,
}: {
  idPrefix: string;
  labels: Record<F, MessageId>;
  /** The fields in the form's order: the first with an error gets the focus. */
  order: readonly F[];
  initial: () => Record<F, string>;
  disabled?: boolean;
  /** Fields that depend on another and are emptied when it changes (a country's states). */
  clears?: Partial<Record<F, readonly F[]>>;
  name?: (field: F) => string;
}) {
  const t = useT();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors<F>>({});
  const label = (field: F) => t(labels[field]);

  const set = (field: F) => (value: string) => {
    setValues((previous) => {
      const next: Record<F, string> = { ...previous, [field]: value };
      for (const dependent of clears[field] ?? []) next[dependent] = '';
      return next;
    });
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  /** 'First name is required.' for each of these fields left empty. */
  const missing = (fields: readonly F[]): Errors<F> => {
    const found: Errors<F> = {};
    for (const field of fields)
      if (!values[field].trim()) found[field] = t('applicant.required', { field: label(field) });
    return found;
  };

  /** Shows these errors, focusing the first field with one; true when there are none. */
  const report = (found: Errors<F>): boolean => {
    setErrors(found);
    const first = order.find((field) => found[field]);
    if (first) document.getElementById(`${idPrefix}-${first}`)?.focus();
    return !first;
  };

  /** A refused save: the server's message under the field it names, and as a notification. */
  const refused = (error: unknown) => {
    const message = error instanceof ApiError && error.message ? error.message : t('error.generic');
    const { field, text } = fieldOfMessage(message, order);
    if (field) setErrors({ [field]: text } as Errors<F>);
    notify.error(text);
  };

  const text = (field: F, extra: Partial<Parameters<typeof Field>[0]> = {}) => (
    <Field
      id={`${idPrefix}-${field}`}
      name={name(field)}
      label={label(field)}
      value={values[field]}
      onChange={(event) => set(field)(event.target.value)}
      error={errors[field]}
      disabled={disabled}
      {...extra}
    />
  );

  /** A required select; `value` stands in for a default the form shows but has not stored. */
  const select = (
    field: F,
    options: readonly Option[],
    extra: { value?: string; disabled?: boolean } = {},
  ) => (
    <SelectField
      id={`${idPrefix}-${field}`}
      label={label(field)}
      required
      disabled={disabled || !!extra.disabled}
      value={extra.value ?? values[field]}
      onChange={set(field)}
      error={errors[field]}
      options={options}
    />
  );

  return { values, setValues, errors, setErrors, set, label, missing, report, refused, text, select };
}

/** The e-mail (when given) and the Nigerian mobile number of a person on a form. */
export function contactErrors(
  values: { Email: string; PhoneNumber: string },
  t: ReturnType<typeof useT>,
): { Email?: string; PhoneNumber?: string } {
  const found: { Email?: string; PhoneNumber?: string } = {};
  if (values.Email.trim() && !EMAIL_PATTERN.test(values.Email.trim())) found.Email = t('email.invalid');
  if (values.PhoneNumber.trim() && !NIGERIAN_PHONE_PATTERN.test(values.PhoneNumber.replace(/[\s-]/g, '')))
    found.PhoneNumber = t('applicant.phoneInvalid');
  return found;
}
