import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId, type ReactNode } from 'react';
import { sxList } from '../../lib/sx';
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

/** The outline's colour at rest, as MUI's outlined fields draw it. */
const restingBorder = (theme: Theme) =>
  theme.palette.mode === 'light' ? 'rgba(0, 0, 0, 0.23)' : 'rgba(255, 255, 255, 0.23)';

/**
 * An outlined select with its label, on the browser's own <select>: the phone's picker, the keyboard
 * and screen readers work as everywhere else. It is drawn as the outlined text fields are (TextInput:
 * the label small in a gap of the outline, which turns the theme's colour while focused), from plain
 * elements: MUI's NativeSelect brings InputBase, OutlinedInput, FormControl and InputLabel (about
 * 10 KiB over the wire), which a student's page with no text field (the hostel choices) need not
 * download. The gap is a fieldset's legend, as MUI's, so the label sits on any background.
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
  const shownLabel = required ? `${label} *` : label;
  const accent = error ? 'error.main' : 'primary.main';
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
          '&:focus-within > label': { color: disabled ? undefined : accent },
          '&:focus-within fieldset': { borderColor: accent, borderWidth: 2 },
          '&:hover fieldset': disabled ? {} : { borderColor: error ? 'error.main' : 'text.primary' },
        },
        ...sxList(sx),
      ]}
    >
      <Box
        component="label"
        htmlFor={id}
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
        {shownLabel}
      </Box>
      <Box sx={{ position: 'relative', display: 'flex', borderRadius: 1 }}>
        <PlainSelect
          frame="none"
          fullWidth
          id={id}
          name={name}
          value={String(value)}
          disabled={disabled}
          required={required}
          aria-invalid={error || undefined}
          aria-describedby={helperId}
          onChange={(event) => {
            const chosen = options.find((option) => String(option.value) === event.target.value);
            onChange(chosen ? chosen.value : event.target.value);
          }}
          selectSx={{
            typography: 'body1',
            lineHeight: '1.4375em',
            minHeight: 0,
            py: size === 'small' ? '8.5px' : '16.5px',
            pl: '14px',
            pr: '32px',
            color: disabled ? 'text.disabled' : 'text.primary',
            cursor: disabled ? 'default' : 'pointer',
          }}
        >
          {options.map((option) => (
            <option key={String(option.value)} value={String(option.value)} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </PlainSelect>
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
            <span>{shownLabel}</span>
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
