import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { sxList } from '../../lib/sx';

export interface OutlinedFieldProps {
  /** The control's id, which the label names. */
  htmlFor: string;
  label: string;
  /** The helper text's id, which the control's aria-describedby names. */
  helperId?: string;
  helperText?: ReactNode;
  required?: boolean;
  error?: boolean;
  disabled?: boolean;
  fullWidth?: boolean;
  /** MUI's `margin="normal"`: space above for the label, a little below. */
  spaced?: boolean;
  sx?: SxProps<Theme>;
  /** The control (an <input>, <textarea> or <select> without a frame of its own) and what follows it in the frame. */
  children: ReactNode;
}

/** What a field says about itself: its label, its state and the message under it. */
export interface FieldFacts {
  id: string;
  label: string;
  helperText?: ReactNode;
  required?: boolean;
  error?: boolean;
  disabled?: boolean;
}

/**
 * A field's frame props and its control's attributes, from one description: the control named by the
 * label, described by the helper text, marked invalid with an error.
 */
export function outlinedField({ id, label, helperText, required, error, disabled }: FieldFacts) {
  const helperId = helperText ? `${id}-helper` : undefined;
  return {
    frame: { htmlFor: id, label, helperId, helperText, required, error, disabled },
    control: {
      id,
      required,
      disabled,
      'aria-invalid': error || undefined,
      'aria-describedby': helperId,
    },
  };
}

/** The outline's colour at rest, as MUI's outlined fields draw it. */
const restingBorder = (theme: Theme) =>
  theme.palette.mode === 'light' ? 'rgba(0, 0, 0, 0.23)' : 'rgba(255, 255, 255, 0.23)';

/** The type of a control inside the frame, as MUI's outlined input sets it. */
export const OUTLINED_CONTROL_SX = {
  typography: 'body1',
  lineHeight: '1.4375em',
  color: 'text.primary',
  '&:disabled': { color: 'text.disabled', WebkitTextFillColor: 'currentColor' },
} as const;

/**
 * The frame of an outlined field, as MUI draws its outlined inputs, from plain elements around the
 * browser's own control: the label small in a gap of the outline (a fieldset's legend, as MUI's, so it
 * sits on any background), the outline darker under the pointer and in the theme's colour while the
 * control has the focus, red with an error; the helper text below. MUI's FormControl, InputLabel,
 * InputBase and OutlinedInput (about 9 KiB over the wire) are then not needed by the pages whose
 * only fields these are: the sign-in pages and most of the student's.
 */
export function OutlinedField({
  htmlFor,
  label,
  helperId,
  helperText,
  required,
  error,
  disabled,
  fullWidth,
  spaced,
  sx,
  children,
}: OutlinedFieldProps) {
  const accent = error ? 'error.main' : 'primary.main';
  const asterisk = required ? <span aria-hidden> *</span> : null;
  return (
    <Box
      sx={[
        {
          position: 'relative',
          display: fullWidth ? 'flex' : 'inline-flex',
          flexDirection: 'column',
          minWidth: 0,
          verticalAlign: 'top',
          width: fullWidth ? '100%' : undefined,
          ...(spaced ? { mt: 2, mb: 1 } : {}),
          '&:focus-within > label': disabled ? {} : { color: accent },
          '&:focus-within fieldset': { borderColor: accent, borderWidth: 2 },
          '&:hover fieldset': disabled ? {} : { borderColor: error ? 'error.main' : 'text.primary' },
        },
        ...sxList(sx),
      ]}
    >
      <Box
        component="label"
        htmlFor={htmlFor}
        sx={{
          position: 'absolute',
          top: 0,
          left: 0,
          zIndex: 1,
          maxWidth: 'calc(133% - 32px)',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
          pointerEvents: 'none',
          typography: 'body1',
          lineHeight: '1.4375em',
          transform: 'translate(14px, -9px) scale(0.75)',
          transformOrigin: 'top left',
          color: disabled ? 'text.disabled' : error ? 'error.main' : 'text.secondary',
        }}
      >
        {label}
        {asterisk}
      </Box>
      <Box sx={{ position: 'relative', display: 'flex', alignItems: 'center', borderRadius: 1 }}>
        {children}
        <Box
          component="fieldset"
          aria-hidden
          sx={{
            position: 'absolute',
            inset: '-5px 0 0',
            m: 0,
            px: 1,
            py: 0,
            borderRadius: 'inherit',
            border: 1,
            borderColor: disabled ? 'action.disabled' : error ? 'error.main' : restingBorder,
            pointerEvents: 'none',
            overflow: 'hidden',
            minWidth: 0,
            textAlign: 'left',
          }}
        >
          <Box
            component="legend"
            sx={{
              float: 'unset',
              width: 'auto',
              maxWidth: '100%',
              overflow: 'hidden',
              display: 'block',
              p: 0,
              height: 11,
              fontSize: '0.75em',
              visibility: 'hidden',
              whiteSpace: 'nowrap',
              '& > span': { px: '5px', display: 'inline-block', opacity: 0, visibility: 'visible' },
            }}
          >
            <span>
              {label}
              {asterisk}
            </span>
          </Box>
        </Box>
      </Box>
      {helperText && (
        <Box
          component="p"
          id={helperId}
          sx={{
            typography: 'caption',
            m: 0,
            mt: '3px',
            mx: '14px',
            color: error ? 'error.main' : 'text.secondary',
          }}
        >
          {helperText}
        </Box>
      )}
    </Box>
  );
}
