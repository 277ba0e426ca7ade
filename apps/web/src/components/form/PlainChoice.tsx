import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { sxList } from '../../lib/sx';

type PlainChoiceProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  type: 'checkbox' | 'radio';
  /** The text beside the box, which a tap on also chooses; without it, name the box with aria-label. */
  label?: ReactNode;
  sx?: SxProps<Theme>;
};

/**
 * The browser's own checkbox or radio button, drawn in the theme's primary colour, with its label.
 * For the student's pages, where MUI's Checkbox and Radio (with their ripple, SwitchBase and
 * FormControlLabel: 3–5 KiB over the wire and half a dozen files) would come only for this; the
 * browser's keeps its keyboard handling (arrow keys within a group of radios) and its semantics.
 * The box is 24 px, a tap target large enough on a phone on its own.
 */
export function PlainChoice({ type, label, sx, disabled, ...input }: PlainChoiceProps) {
  const box = (
    <Box
      component="input"
      type={type}
      disabled={disabled}
      {...input}
      sx={[
        {
          width: 24,
          height: 24,
          m: 1,
          flexShrink: 0,
          accentColor: (theme: Theme) => theme.palette.primary.main,
          cursor: disabled ? 'default' : 'pointer',
        },
        // The caller's styles go to the label where there is one (below), else to the box.
        ...(label ? [] : sxList(sx)),
      ]}
    />
  );
  if (!label) return box;
  return (
    <Box
      component="label"
      sx={[
        {
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          cursor: disabled ? 'default' : 'pointer',
          color: disabled ? 'text.disabled' : undefined,
        },
        ...sxList(sx),
      ]}
    >
      {box}
      <span>{label}</span>
    </Box>
  );
}

/**
 * One choice among a few, as the browser's own radio buttons (PlainChoice) sharing a name, in a
 * fieldset named by its legend (as MUI's FormControl and FormLabel draw them, without their weight:
 * FormControl brings InputBase with it).
 */
export function PlainRadioGroup<Value extends string>({
  legend,
  value,
  options,
  onChange,
  row = false,
  sx,
}: {
  legend: ReactNode;
  value: Value;
  options: readonly { value: Value; label: ReactNode }[];
  onChange: (value: Value) => void;
  /** Side by side, wrapping where the line is full, rather than one under another. */
  row?: boolean;
  sx?: SxProps<Theme>;
}) {
  const legendId = useId();
  return (
    <Box component="fieldset" sx={[{ border: 0, m: 0, p: 0, minWidth: 0 }, ...sxList(sx)]}>
      <Typography component="legend" id={legendId} color="text.secondary" sx={{ p: 0 }}>
        {legend}
      </Typography>
      <Box
        role="radiogroup"
        aria-labelledby={legendId}
        sx={row ? { display: 'flex', flexWrap: 'wrap', columnGap: 2 } : undefined}
      >
        {options.map((option) => (
          <PlainChoice
            key={option.value}
            type="radio"
            name={legendId}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
            label={option.label}
          />
        ))}
      </Box>
    </Box>
  );
}
