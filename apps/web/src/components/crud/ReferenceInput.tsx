import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useT } from '../../i18n/useT';
import { api } from '../../lib/api';
import { resourceKey } from './api';
import type { Option } from './types';
import { useDebounced } from './useDebounced';

/**
 * A choice of one record of another resource, searched on the server (GET <path>/options?search),
 * so lists of any length (774 LGAs, thousands of courses) stay light on a phone.
 */
export function useReferenceChoices(path: string, search: string, selected: number | null) {
  const term = useDebounced(search.trim());
  return useQuery({
    queryKey: [...resourceKey(path), 'options', term, selected],
    queryFn: ({ signal }) =>
      api<{ Data: { value: number; label: string }[] }>(`${path}/options`, {
        query: { search: term || undefined, ids: selected ? String(selected) : undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

interface Props {
  id: string;
  /** The API path of the referenced resource. */
  path: string;
  label: string;
  value: number | null;
  onChange: (value: number | null) => void;
  required?: boolean;
  error?: string | null;
  helper?: string;
  disabled?: boolean;
  size?: 'small' | 'medium';
  sx?: object;
}

export function ReferenceInput({
  id,
  path,
  label,
  value,
  onChange,
  required,
  error,
  helper,
  disabled,
  size,
  sx,
}: Props) {
  const t = useT();
  // What the user is typing (the search), or null: then the box shows the chosen record's name.
  const [typed, setTyped] = useState<string | null>(null);
  const choices = useReferenceChoices(path, typed ?? '', value);
  const options: Option[] = useMemo(() => choices.data?.Data ?? [], [choices.data]);
  const selected = options.find((o) => o.value === value) ?? null;
  return (
    <Autocomplete
      id={id}
      options={options}
      value={selected}
      onChange={(_event, option) => onChange(option ? Number(option.value) : null)}
      inputValue={typed ?? selected?.label ?? ''}
      onInputChange={(_event, text, reason) => setTyped(reason === 'input' ? text : null)}
      isOptionEqualToValue={(a, b) => a.value === b.value}
      getOptionLabel={(o) => o.label}
      filterOptions={(all) => all}
      loading={choices.isFetching}
      loadingText={t('common.loading')}
      noOptionsText={choices.isError ? t('crud.optionsUnavailable') : t('crud.none')}
      disabled={disabled}
      size={size}
      sx={sx}
      // The box fills its place: a form's width, or the width a filter bar gives it.
      fullWidth
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          error={!!error}
          helperText={error ?? helper}
          margin={size === 'small' ? undefined : 'dense'}
        />
      )}
    />
  );
}
