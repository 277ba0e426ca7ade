import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ChangeEvent, InputHTMLAttributes, ReactNode } from 'react';
import { OUTLINED_CONTROL_SX, OutlinedField, outlinedField } from './OutlinedField';

type InputAttributes = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'size' | 'style'>;

export interface TextInputProps extends InputAttributes {
  id: string;
  label: string;
  value: string | number;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  helperText?: ReactNode;
  error?: boolean;
  /** A textarea, at least `minRows` high, growing with its text where the browser can (field-sizing). */
  multiline?: boolean;
  minRows?: number;
  /** More attributes of the <input> (a number's min, max and step). */
  inputProps?: InputAttributes;
  /** Drawn inside the frame after the text (a password's show button). */
  endAdornment?: ReactNode;
  sx?: SxProps<Theme>;
}

/**
 * An outlined text field, full width with room for its label: the browser's own <input> (or
 * <textarea>) in the outlined frame (OutlinedField) rather than MUI's TextField, which bundles Select
 * (and with it Menu, Popover and Modal), or its input components, which the sign-in pages and a
 * student's pages need not download. The label always sits small above the value: at full size a
 * long label ('Email or JAMB Registration Number') is cut off on a 360 px phone.
 */
export function TextInput({
  id,
  label,
  helperText,
  error,
  required,
  disabled,
  multiline,
  minRows = 1,
  inputProps,
  endAdornment,
  sx,
  ...control
}: TextInputProps) {
  const { frame, control: shared } = outlinedField({ id, label, helperText, required, error, disabled });
  const controlSx = {
    ...OUTLINED_CONTROL_SX,
    flex: 1,
    minWidth: 0,
    m: 0,
    border: 0,
    outline: 0,
    bgcolor: 'transparent',
    // The browser's autofill colour then fills the frame's rounded corners, not a square inside them.
    borderRadius: 'inherit',
    font: 'inherit',
    py: '16.5px',
    pl: '14px',
    pr: endAdornment ? 0 : '14px',
    '&::placeholder': { color: 'text.secondary', opacity: 0.6 },
  };
  return (
    <OutlinedField {...frame} fullWidth spaced sx={sx}>
      {multiline ? (
        <Box
          component="textarea"
          {...(control as Record<string, unknown>)}
          {...shared}
          rows={minRows}
          sx={{
            ...controlSx,
            resize: 'none',
            fieldSizing: 'content',
            minHeight: `calc(${minRows} * 1.4375em + 33px)`,
            boxSizing: 'border-box',
          }}
        />
      ) : (
        <Box component="input" {...control} {...inputProps} {...shared} sx={controlSx} />
      )}
      {endAdornment && (
        <Box sx={{ display: 'flex', alignItems: 'center', ml: 1, mr: '14px', maxHeight: '2em' }}>
          {endAdornment}
        </Box>
      )}
    </OutlinedField>
  );
}
