import type { BursaryOptions } from '@portal/contracts';
import {
  DeclaredFilters,
  type FilterDeclaration,
  type FilterValues,
} from '../../../components/crud/declaredFilters';
import { FLAG_KINDS, PAYMENT_STATES, providerName } from './parts';

/**
 * Every filter of the payments list, declared once for its fields and the API's query: search,
 * state (paid unless another is chosen; none chosen asks for all), session and category always
 * shown; item, payer, provider, flag and dates behind 'More filters'.
 */
export const PAYMENT_FILTERS = [
  { kind: 'search', key: 'search', label: 'bursary.search' },
  {
    kind: 'select',
    key: 'state',
    label: 'bursary.state',
    anyLabel: 'bursary.state.all',
    whenAny: 'all',
    choices: PAYMENT_STATES.map(([value, label]) => ({ value, label })),
  },
  { kind: 'select', key: 'sessionId', label: 'bursary.session' },
  { kind: 'select', key: 'categoryId', label: 'bursary.category', resets: ['itemId'] },
  { kind: 'select', key: 'itemId', label: 'bursary.item', more: true },
  { kind: 'select', key: 'departmentId', label: 'bursary.department', more: true },
  { kind: 'select', key: 'levelId', label: 'bursary.level', more: true },
  { kind: 'select', key: 'payerStateId', label: 'bursary.payerState', more: true },
  {
    kind: 'select',
    key: 'payerKind',
    label: 'bursary.payerKind',
    more: true,
    choices: [
      { value: 'student', label: 'bursary.payerKind.student' },
      { value: 'applicant', label: 'bursary.payerKind.applicant' },
    ],
  },
  { kind: 'select', key: 'provider', label: 'bursary.provider', more: true },
  {
    kind: 'select',
    key: 'flag',
    label: 'bursary.flag',
    more: true,
    choices: [
      { value: 'any', label: 'bursary.flag.any' },
      { value: 'none', label: 'bursary.flag.none' },
      ...FLAG_KINDS.map(([value, label]) => ({ value, label })),
    ],
  },
  { kind: 'dates', key: 'from', to: 'to', labels: ['bursary.from', 'bursary.to'], more: true },
] as const satisfies readonly FilterDeclaration<string>[];

export type PaymentFilterKey = (typeof PAYMENT_FILTERS)[number]['key'] | 'to';
export type PaymentFilterValues = FilterValues<PaymentFilterKey>;

/** The list opens on paid payments. */
export const PAYMENT_FILTERS_INITIAL = { state: 'paid' } as const;

/** The payments list's filters, with the choices the server offers. */
export function PaymentFilters({
  value,
  onChange,
  options,
}: {
  value: PaymentFilterValues;
  onChange: (patch: Partial<PaymentFilterValues>) => void;
  options: BursaryOptions | undefined;
}) {
  const choices = (list: { id: number; name: string }[] | undefined) =>
    (list ?? []).map((o) => ({ value: o.id, label: o.name }));
  const items = (options?.items ?? []).filter(
    (item) => !value.categoryId || item.categoryId === Number(value.categoryId),
  );
  return (
    <DeclaredFilters
      declared={PAYMENT_FILTERS}
      values={value}
      onChange={onChange}
      sm={2}
      lg={4}
      toggle={{ more: 'bursary.filters.more', fewer: 'bursary.filters.fewer' }}
      choices={{
        sessionId: choices(options?.sessions),
        categoryId: choices(options?.categories),
        itemId: choices(items),
        departmentId: choices(options?.departments),
        levelId: choices(options?.levels),
        payerStateId: choices(options?.states),
        provider: (options?.providers ?? []).map((p) => ({ value: p, label: providerName(p) })),
      }}
    />
  );
}
