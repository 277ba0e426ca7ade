import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Button from '@mui/material/Button';
import type { BursaryOptions } from '@portal/contracts';
import { useState } from 'react';
import { DateRange, PickersProvider } from '../../../components/crud/DateInput';
import { AnySelect, FilterGrid, SearchField } from '../../../components/crud/filters';
import { useT } from '../../../i18n/useT';
import type { QueryValue } from '../../../lib/api';
import { FLAG_KINDS, PAYMENT_STATES, providerName } from './parts';

export interface PaymentFilterValues {
  search: string;
  state: string;
  sessionId: string;
  categoryId: string;
  itemId: string;
  departmentId: string;
  levelId: string;
  payerStateId: string;
  payerKind: string;
  provider: string;
  flag: string;
  from: string;
  to: string;
}

export const NO_PAYMENT_FILTERS: PaymentFilterValues = {
  search: '',
  state: 'paid',
  sessionId: '',
  categoryId: '',
  itemId: '',
  departmentId: '',
  levelId: '',
  payerStateId: '',
  payerKind: '',
  provider: '',
  flag: '',
  from: '',
  to: '',
};

/** The filters behind 'More filters' (the search, state, session and category are always shown). */
const MORE_FILTERS = [
  'itemId',
  'departmentId',
  'levelId',
  'payerStateId',
  'payerKind',
  'provider',
  'flag',
  'from',
  'to',
] as const;

/** The filters as the API's query (empty ones left out; the debounced search given apart). */
export function paymentFilterQuery(f: PaymentFilterValues, search: string): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = { state: f.state || 'all' };
  for (const key of [
    'sessionId',
    'categoryId',
    'itemId',
    'departmentId',
    'levelId',
    'payerStateId',
    'payerKind',
    'provider',
    'flag',
    'from',
    'to',
  ] as const) {
    if (f[key]) query[key] = f[key];
  }
  if (search.trim()) query.search = search.trim();
  return query;
}

/** Every filter of the payments list: search, state, session, category and item, payer, provider, flag, dates. */
export function PaymentFilters({
  value,
  onChange,
  options,
}: {
  value: PaymentFilterValues;
  onChange: (patch: Partial<PaymentFilterValues>) => void;
  options: BursaryOptions | undefined;
}) {
  const t = useT();
  const choices = (list: { id: number; name: string }[] | undefined) =>
    (list ?? []).map((o) => ({ value: o.id, label: o.name }));
  const items = (options?.items ?? []).filter(
    (item) => !value.categoryId || item.categoryId === Number(value.categoryId),
  );
  const [more, setMore] = useState(false);
  const hiddenActive = MORE_FILTERS.filter((key) => value[key]).length;
  return (
    <PickersProvider>
      <FilterGrid sm={2} lg={4}>
        <SearchField
          label={t('bursary.search')}
          name="search"
          value={value.search}
          onChange={(search) => onChange({ search })}
        />
        <AnySelect
          label={t('bursary.state')}
          value={value.state}
          onChange={(state) => onChange({ state })}
          anyLabel={t('bursary.state.all')}
          choices={PAYMENT_STATES.map(([state, label]) => ({ value: state, label: t(label) }))}
        />
        <AnySelect
          label={t('bursary.session')}
          value={value.sessionId}
          onChange={(sessionId) => onChange({ sessionId })}
          choices={choices(options?.sessions)}
        />
        <AnySelect
          label={t('bursary.category')}
          value={value.categoryId}
          onChange={(categoryId) => onChange({ categoryId, itemId: '' })}
          choices={choices(options?.categories)}
        />
      </FilterGrid>
      <Button
        size="small"
        onClick={() => setMore((shown) => !shown)}
        aria-expanded={more}
        startIcon={more ? <ExpandLess /> : <ExpandMore />}
        sx={{ mt: -1, mb: 1.5 }}
      >
        {more ? t('bursary.filters.fewer') : t('bursary.filters.more', { count: hiddenActive })}
      </Button>
      {more && (
        <FilterGrid sm={2} lg={4}>
          <AnySelect
            label={t('bursary.item')}
            value={value.itemId}
            onChange={(itemId) => onChange({ itemId })}
            choices={choices(items)}
          />
          <AnySelect
            label={t('bursary.department')}
            value={value.departmentId}
            onChange={(departmentId) => onChange({ departmentId })}
            choices={choices(options?.departments)}
          />
          <AnySelect
            label={t('bursary.level')}
            value={value.levelId}
            onChange={(levelId) => onChange({ levelId })}
            choices={choices(options?.levels)}
          />
          <AnySelect
            label={t('bursary.payerState')}
            value={value.payerStateId}
            onChange={(payerStateId) => onChange({ payerStateId })}
            choices={choices(options?.states)}
          />
          <AnySelect
            label={t('bursary.payerKind')}
            value={value.payerKind}
            onChange={(payerKind) => onChange({ payerKind })}
            choices={[
              { value: 'student', label: t('bursary.payerKind.student') },
              { value: 'applicant', label: t('bursary.payerKind.applicant') },
            ]}
          />
          <AnySelect
            label={t('bursary.provider')}
            value={value.provider}
            onChange={(provider) => onChange({ provider })}
            choices={(options?.providers ?? []).map((p) => ({ value: p, label: providerName(p) }))}
          />
          <AnySelect
            label={t('bursary.flag')}
            value={value.flag}
            onChange={(flag) => onChange({ flag })}
            choices={[
              { value: 'any', label: t('bursary.flag.any') },
              { value: 'none', label: t('bursary.flag.none') },
              ...FLAG_KINDS.map(([kind, label]) => ({ value: kind, label: t(label) })),
            ]}
          />
          <DateRange
            labels={[t('bursary.from'), t('bursary.to')]}
            names={['from', 'to']}
            value={[value.from, value.to]}
            onChange={([from, to]) => onChange({ from, to })}
          />
        </FilterGrid>
      )}
    </PickersProvider>
  );
}
