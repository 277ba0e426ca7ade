import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import { useState } from 'react';
import { useT } from '../../i18n/useT';
import { TextInput, type TextInputProps } from './TextInput';

/** A password field with a show/hide button: typing a password on a phone keyboard is error-prone. */
export function PasswordInput(props: Omit<TextInputProps, 'type' | 'endAdornment'>) {
  const t = useT();
  const [visible, setVisible] = useState(false);
  return (
    <TextInput
      {...props}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <IconButton
          edge="end"
          onClick={() => setVisible((v) => !v)}
          aria-label={t(visible ? 'form.hidePassword' : 'form.showPassword')}
          aria-pressed={visible}
        >
          {visible ? <VisibilityOff /> : <Visibility />}
        </IconButton>
      }
    />
  );
}
