import { useState } from 'react';
import { useT } from '../../i18n/useT';
import { notify } from '../../lib/notify';
import { passwordLengthOk } from '../../lib/validation';
import { PasswordInput } from '../form/PasswordInput';

type PairField = 'password' | 'confirmation';

/** A new password typed twice (password reset, change of password): its values and its checks. */
export function useNewPassword() {
  const t = useT();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Partial<Record<PairField, string>>>({});
  const clear = () => {
    setPassword('');
    setConfirmation('');
  };

  /**
   * Whether the new password may be sent; if not, shows why. `othersMissing`: another required
   * field of the form is empty, so this time only the empty fields are reported.
   */
  const check = (othersMissing = false): boolean => {
    if (!password || othersMissing) {
      setErrors(password ? {} : { password: t('password.required') });
      return false;
    }
    if (!passwordLengthOk(password)) {
      // The server enforces the rule; a refused password is cleared so it is typed afresh.
      clear();
      setErrors({});
      notify.warning(t('password.rule'));
      return false;
    }
    if (confirmation !== password) {
      setErrors({ confirmation: t('password.mismatch') });
      return false;
    }
    setErrors({});
    return true;
  };

  return { password, confirmation, errors, setPassword, setConfirmation, clear, check };
}

export type NewPassword = ReturnType<typeof useNewPassword>;

/** The new password and its confirmation, as `useNewPassword` holds them. */
export function NewPasswordFields({
  state,
  ids,
  names,
  hint,
}: {
  state: NewPassword;
  ids: Record<PairField, string>;
  names: Record<PairField, string>;
  /** Under the new password while it has no error. */
  hint?: string;
}) {
  const t = useT();
  const fields = [
    {
      field: 'password',
      label: t('password.new'),
      value: state.password,
      onChange: state.setPassword,
      helperText: state.errors.password ?? hint,
    },
    {
      field: 'confirmation',
      label: t('password.confirm'),
      value: state.confirmation,
      onChange: state.setConfirmation,
      helperText: state.errors.confirmation,
    },
  ] as const;
  return fields.map(({ field, label, value, onChange, helperText }) => (
    <PasswordInput
      key={field}
      id={ids[field]}
      name={names[field]}
      label={label}
      autoComplete="new-password"
      required
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={!!state.errors[field]}
      helperText={helperText}
    />
  ));
}
