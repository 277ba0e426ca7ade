import Search from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { SEARCH_MAX } from '@portal/contracts';

/**
 * A list's search box: a magnifier, the server's length bound (a longer search is refused there),
 * and `onChange` with the text only — the list goes back to its first page itself.
 */
export function SearchField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{
        htmlInput: { maxLength: SEARCH_MAX },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Search />
            </InputAdornment>
          ),
        },
      }}
      sx={{ maxWidth: 360 }}
    />
  );
}
