import SwapHoriz from '@mui/icons-material/SwapHoriz';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { BursaryPaymentItem, SessionMove } from '@portal/contracts';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { ConfirmDialog } from '../../../components/crud/ConfirmDialog';
import { serverMessage } from '../../../components/crud/errors';
import { AnySelect, FilterGrid, SearchField } from '../../../components/crud/filters';
import { QueryTable } from '../../../components/crud/ServerTable';
import type { ListState } from '../../../components/crud/types';
import { useDebounced } from '../../../components/crud/useDebounced';
import { useListFilters } from '../../../components/crud/useListFilters';
import { DetailList } from '../../../components/DetailList';
import { PageHeading } from '../../../components/PageHeading';
import { SectionCard } from '../../../components/SectionCard';
import { useT } from '../../../i18n/useT';
import { notify } from '../../../lib/notify';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useBursaryOptions } from '../api/get-bursary-options';
import { useBursaryPayments } from '../api/get-bursary-payments';
import { useSessionMoves } from '../api/get-session-moves';
import { useMovePaymentSession } from '../api/move-payment-session';
import { useNaira } from './parts';

const MIN_REASON = 5;

/**
 * UpdatePaymentSession: find a paid payment and move it to another academic session, giving a
 * reason and confirming; the moves made are listed under it (each one is in the audit trail too).
 */
export default function UpdatePaymentSessionScreen() {
  const t = useT();
  const naira = useNaira();
  const title = t('adminPage.UpdatePaymentSession');
  useDocumentTitle(`${title} · ${t('portal.name')}`);
  const options = useBursaryOptions();
  const { state, setState, filters, setFilter } = useListFilters(
    { search: '', sessionId: '' },
    { page: 1, pageSize: 10 },
  );
  const search = useDebounced(filters.search).trim();
  const payments = useBursaryPayments({
    state: 'paid',
    page: state.page,
    pageSize: state.pageSize,
    search: search || undefined,
    sessionId: filters.sessionId || undefined,
  });
  const [moving, setMoving] = useState<BursaryPaymentItem | null>(null);
  const sessions = options.data?.sessions ?? [];

  return (
    <>
      <PageHeading title={title} intro={t('bursary.move.intro')} />
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent>
          <FilterGrid sm={2} lg={3}>
            <SearchField
              label={t('bursary.search')}
              name="search"
              value={filters.search}
              onChange={(value) => setFilter({ search: value })}
            />
            <AnySelect
              label={t('bursary.session')}
              value={filters.sessionId}
              onChange={(sessionId) => setFilter({ sessionId })}
              choices={sessions.map((s) => ({ value: s.id, label: s.name }))}
            />
          </FilterGrid>
          <QueryTable<BursaryPaymentItem>
            label={t('bursary.move.payments')}
            columns={[
              { field: 'reference', header: t('bursary.reference') },
              { field: 'payerName', header: t('bursary.payer') },
              { field: 'regNo', header: t('bursary.regNo'), render: (p) => p.regNo ?? '—' },
              { field: 'categoryName', header: t('bursary.category') },
              {
                field: 'amount',
                header: t('bursary.amount'),
                render: (p) => naira(p.amountPaidKobo ?? p.amountKobo),
              },
              { field: 'sessionName', header: t('bursary.session'), render: (p) => p.sessionName ?? '—' },
            ]}
            query={payments}
            getRowId={(p) => p.id}
            state={state}
            onStateChange={setState}
            emptyText={t('bursary.payments.empty')}
            rowActions={(p) => (
              <Button size="small" startIcon={<SwapHoriz />} onClick={() => setMoving(p)}>
                {t('bursary.move.action')}
              </Button>
            )}
          />
        </CardContent>
      </Card>
      <MovesList />
      {moving && <MoveDialog payment={moving} sessions={sessions} onClose={() => setMoving(null)} />}
    </>
  );
}

function MoveDialog({
  payment,
  sessions,
  onClose,
}: {
  payment: BursaryPaymentItem;
  sessions: { id: number; name: string }[];
  onClose: () => void;
}) {
  const t = useT();
  const naira = useNaira();
  const [toSessionId, setToSessionId] = useState('');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const mutation = useMovePaymentSession();
  const targets = sessions.filter((s) => s.id !== payment.sessionId);
  const reasonShort = reason.trim().length < MIN_REASON;
  const target = targets.find((s) => String(s.id) === toSessionId);

  const confirm = () => {
    setTouched(true);
    if (!target || reasonShort) return;
    mutation.mutate(
      {
        paymentId: payment.id,
        fromSessionId: payment.sessionId,
        toSessionId: target.id,
        reason: reason.trim(),
      },
      {
        onSuccess: (answer) => {
          notify.success(answer.Message);
          onClose();
        },
        onError: (error) => {
          notify.error(serverMessage(error) || t('error.generic'));
          onClose();
        },
      },
    );
  };

  return (
    <ConfirmDialog
      open
      title={t('bursary.move.title')}
      message={
        <DetailList
          rows={[
            [t('bursary.reference'), payment.reference],
            [t('bursary.payer'), [payment.payerName, payment.regNo].filter(Boolean).join(' · ')],
            [t('bursary.category'), payment.categoryName],
            [t('bursary.amount'), naira(payment.amountPaidKobo ?? payment.amountKobo)],
            [t('bursary.move.from'), payment.sessionName ?? '—'],
          ]}
        />
      }
      confirmLabel={
        target ? t('bursary.move.confirmTo', { session: target.name }) : t('bursary.move.confirm')
      }
      confirmDisabled={!target || reasonShort}
      pending={mutation.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      <Box sx={{ display: 'grid', gap: 2, mt: 2 }}>
        <TextField
          select
          size="small"
          required
          label={t('bursary.move.to')}
          value={toSessionId}
          onChange={(event) => setToSessionId(event.target.value)}
        >
          {targets.map((s) => (
            <MenuItem key={s.id} value={String(s.id)}>
              {s.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          required
          multiline
          minRows={2}
          size="small"
          name="reason"
          label={t('bursary.move.reason')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          onBlur={() => setTouched(true)}
          error={touched && reasonShort}
          helperText={touched && reasonShort ? t('bursary.move.reasonHelp', { min: MIN_REASON }) : ' '}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
        {target && (
          <Typography variant="body2" color="warning.main">
            {t('bursary.move.warning', { from: payment.sessionName ?? '—', to: target.name })}
          </Typography>
        )}
      </Box>
    </ConfirmDialog>
  );
}

function MovesList() {
  const t = useT();
  const intl = useIntl();
  const [text, setText] = useState('');
  const search = useDebounced(text).trim();
  const [state, setState] = useState<ListState>({ page: 1, pageSize: 10 });
  const query = useMemo(
    () => ({ page: state.page, pageSize: state.pageSize, search: search || undefined }),
    [state, search],
  );
  const moves = useSessionMoves(query);
  return (
    <SectionCard title={t('bursary.move.history')}>
      <SearchField
        label={t('bursary.search')}
        name="moves-search"
        value={text}
        onChange={(value) => {
          setText(value);
          setState((s) => ({ ...s, page: 1 }));
        }}
        sx={{ mb: 2, width: { xs: '100%', sm: 360 } }}
      />
      <QueryTable<SessionMove>
        label={t('bursary.move.history')}
        columns={[
          { field: 'reference', header: t('bursary.reference') },
          {
            field: 'payerName',
            header: t('bursary.payer'),
            render: (m) => [m.payerName, m.regNo].filter(Boolean).join(' · '),
          },
          {
            field: 'fromSessionName',
            header: t('bursary.move.from'),
            render: (m) => m.fromSessionName ?? '—',
          },
          { field: 'toSessionName', header: t('bursary.move.to') },
          { field: 'reason', header: t('bursary.move.reason') },
          { field: 'movedBy', header: t('bursary.move.by'), priority: 3 },
          {
            field: 'movedAt',
            header: t('bursary.date'),
            render: (m) => intl.formatDate(m.movedAt, { dateStyle: 'medium', timeStyle: 'short' }),
          },
        ]}
        query={moves}
        getRowId={(m) => m.id}
        state={state}
        onStateChange={setState}
        emptyText={t('bursary.move.noMoves')}
      />
    </SectionCard>
  );
}
