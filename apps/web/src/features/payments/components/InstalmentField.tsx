import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { TextInput } from '../../../components/form/TextInput';

/**
 * The first instalment's amount. Its own chunk: MUI's text field parts download only when a student
 * chooses to pay by instalments, not with every visit to the school fees page.
 */
export default function InstalmentField({
  id,
  label,
  value,
  onChange,
  error,
  helperText,
  min,
  max,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: boolean;
  helperText: ReactNode;
  min: number;
  max: number;
}) {
  return (
    <Box sx={{ maxWidth: 320 }}>
      <TextInput
        id={id}
        label={label}
        type="number"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        error={error}
        helperText={helperText}
        inputProps={{ min, max, step: 1 }}
      />
    </Box>
  );
}
