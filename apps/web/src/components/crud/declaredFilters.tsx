import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Button from '@mui/material/Button';
import { lazy, Suspense, useMemo, useState } from 'react';
import type { MessageId } from '../../i18n/locales';
import { useT } from '../../i18n/useT';
import { AnySelect, FilterGrid, SearchField, type Choice } from './filters';
import type { ListState } from './types';
import { useDebounced } from './useDebounced';
import { useListFilters } from './useListFilters';

const DateRangeFilter = lazy(() => import('./DateRangeFilter'));

/**
 * One filter of a list, declared once: the same declaration draws its field and puts its value in
 * the API's query under its key (a search trimmed and debounced; an empty select left out, or sent
 * as `whenAny`). `more` ones sit behind the 'More filters' toggle.
 */
export type FilterDeclaration<Key extends string> =
  | { kind: 'search'; key: Key; label: MessageId }
  | {
      kind: 'select';
      key: Key;
      label: MessageId;
      /** Fixed choices; a list whose choices come from the server gets them through `choices`. */
      choices?: readonly { value: string; label: MessageId }[];
      /** The "any" entry's label ('Any' by default). */
      anyLabel?: MessageId;
      /** The query's value when nothing is chosen (otherwise the filter is left out). */
      whenAny?: string;
      /** Filters emptied when this one changes (an item belongs to its category). */
      resets?: readonly Key[];
      more?: boolean;
    }
  | { kind: 'dates'; key: Key; to: Key; labels: readonly [MessageId, MessageId]; more?: boolean };

export type FilterValues<Key extends string> = Record<Key, string>;

const keysOf = <Key extends string>(declared: readonly FilterDeclaration<Key>[]): Key[] =>
  declared.flatMap((filter) => (filter.kind === 'dates' ? [filter.key, filter.to] : [filter.key]));

/** The declared filters' values as the API's query; `search` is the (debounced) search text. */
export function declaredFilterQuery<Key extends string>(
  declared: readonly FilterDeclaration<Key>[],
  values: FilterValues<Key>,
  search: string,
): Partial<Record<Key, string>> {
  const query: Partial<Record<Key, string>> = {};
  for (const filter of declared) {
    if (filter.kind === 'search') {
      if (search.trim()) query[filter.key] = search.trim();
    } else if (filter.kind === 'dates') {
      if (values[filter.key]) query[filter.key] = values[filter.key];
      if (values[filter.to]) query[filter.to] = values[filter.to];
    } else if (values[filter.key] || filter.whenAny) {
      query[filter.key] = values[filter.key] || filter.whenAny;
    }
  }
  return query;
}

/**
 * A server list's paging with its declared filters: the values (`initial` overrides the empty
 * ones), `setFilter` (back to the first page) and the API's `query` of the filters.
 */
export function useDeclaredFilters<Key extends string>(
  declared: readonly FilterDeclaration<Key>[],
  initial: Partial<FilterValues<Key>> = {},
  initialState?: ListState,
) {
  const empty = Object.fromEntries(keysOf(declared).map((key) => [key, ''])) as FilterValues<Key>;
  const list = useListFilters<FilterValues<Key>>({ ...empty, ...initial }, initialState);
  const searchKey = declared.find((filter) => filter.kind === 'search')?.key;
  const search = useDebounced(searchKey ? list.filters[searchKey] : '');
  const query = useMemo(
    () => declaredFilterQuery(declared, list.filters, search),
    [declared, list.filters, search],
  );
  return { ...list, query };
}

/** The fields of a list's declared filters, in a grid; `more` ones behind a toggle counting those in use. */
export function DeclaredFilters<Key extends string>({
  declared,
  values,
  onChange,
  choices = {},
  sm,
  lg,
  toggle,
}: {
  declared: readonly FilterDeclaration<Key>[];
  values: FilterValues<Key>;
  onChange: (patch: Partial<FilterValues<Key>>) => void;
  /** The choices of selects whose choices come from the server. */
  choices?: Partial<Record<Key, readonly Choice[]>>;
  sm: number;
  lg: number;
  /** The toggle's labels ({count}: the hidden filters in use), when some filters are `more`. */
  toggle?: { more: MessageId; fewer: MessageId };
}) {
  const t = useT();
  const [more, setMore] = useState(false);
  const field = (filter: FilterDeclaration<Key>) => {
    if (filter.kind === 'search')
      return (
        <SearchField
          key={filter.key}
          label={t(filter.label)}
          name={filter.key}
          value={values[filter.key]}
          onChange={(value) => onChange({ [filter.key]: value } as Partial<FilterValues<Key>>)}
        />
      );
    if (filter.kind === 'dates')
      return (
        <Suspense key={filter.key} fallback={null}>
          <DateRangeFilter
            labels={[t(filter.labels[0]), t(filter.labels[1])]}
            names={[filter.key, filter.to]}
            value={[values[filter.key], values[filter.to]]}
            onChange={([from, to]) =>
              onChange({ [filter.key]: from, [filter.to]: to } as Partial<FilterValues<Key>>)
            }
          />
        </Suspense>
      );
    return (
      <AnySelect
        key={filter.key}
        label={t(filter.label)}
        value={values[filter.key]}
        onChange={(value) =>
          onChange({
            ...Object.fromEntries((filter.resets ?? []).map((key) => [key, ''])),
            [filter.key]: value,
          } as Partial<FilterValues<Key>>)
        }
        anyLabel={filter.anyLabel && t(filter.anyLabel)}
        choices={
          choices[filter.key] ??
          (filter.choices ?? []).map(({ value, label }) => ({ value, label: t(label) }))
        }
      />
    );
  };
  const shown = declared.filter((filter) => filter.kind === 'search' || !filter.more);
  const hidden = declared.filter((filter) => filter.kind !== 'search' && filter.more);
  const hiddenActive = hidden.flatMap((filter) => keysOf([filter])).filter((key) => values[key]).length;
  return (
    <>
      <FilterGrid sm={sm} lg={lg}>
        {shown.map(field)}
      </FilterGrid>
      {toggle && hidden.length > 0 && (
        <>
          <Button
            size="small"
            onClick={() => setMore((open) => !open)}
            aria-expanded={more}
            startIcon={more ? <ExpandLess /> : <ExpandMore />}
            sx={{ mt: -1, mb: 1.5 }}
          >
            {more ? t(toggle.fewer) : t(toggle.more, { count: hiddenActive })}
          </Button>
          {more && (
            <FilterGrid sm={sm} lg={lg}>
              {hidden.map(field)}
            </FilterGrid>
          )}
        </>
      )}
    </>
  );
}
