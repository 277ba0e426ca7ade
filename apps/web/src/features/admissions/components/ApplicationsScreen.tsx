import CheckCircle from '@mui/icons-material/CheckCircle';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ApplicationItem, ApplicationView } from '@portal/contracts';
import type { RowId } from '../../../components/crud/ServerTable';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { ConfirmDialog } from '../../../components/crud/ConfirmDialog';
import { serverMessage } from '../../../components/crud/errors';
import { ServerTable, type TableColumn } from '../../../components/crud/ServerTable';
import type { ListState } from '../../../components/crud/types';
import { useDebounced } from '../../../components/crud/useDebounced';
import type { MessageId } from '../../../i18n/locales';
import { useT } from '../../../i18n/useT';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useApplications } from '../api/get-applications';
import { useBulkAction, type BulkAction } from '../api/post-bulk-action';
import { ApplicantRecordDialog } from './ApplicantRecordDialog';
import {
  ApplicationFilters,
  EMPTY_FILTERS,
  filterQuery,
  type ApplicationFilterValues,
} from './ApplicationFilters';
import { PublicationCard } from './PublicationCard';

export type ApplicationsPage =
  | 'allapplications'
  | 'inprogress'
  | 'completed'
  | 'ScreenAdmission'
  | 'verifyadmission'
  | 'confirmadmission'
  | 'rejected'
  | 'admissionlist'
  | 'ProspectiveStudent';

interface PageConfig {
  view: ApplicationView;
  title: MessageId;
  intro: MessageId;
  actions: readonly BulkAction[];
  showStatus: boolean;
}

/** Each processing page: the list it shows and the bulk actions it offers. */
const PAGES: Record<ApplicationsPage, PageConfig> = {
  allapplications: {
    view: 'all',
    title: 'admissions.list.all',
    intro: 'admissions.list.allIntro',
    actions: [],
    showStatus: true,
  },
  inprogress: {
    view: 'inprogress',
    title: 'admissions.list.inprogress',
    intro: 'admissions.list.inprogressIntro',
    actions: [],
    showStatus: false,
  },
  completed: {
    view: 'completed',
    title: 'admissions.list.completed',
    intro: 'admissions.list.completedIntro',
    actions: [],
    showStatus: true,
  },
  ScreenAdmission: {
    view: 'screening',
    title: 'admissions.list.screening',
    intro: 'admissions.list.screeningIntro',
    actions: ['screen', 'reject'],
    showStatus: false,
  },
  verifyadmission: {
    view: 'verification',
    title: 'admissions.list.verification',
    intro: 'admissions.list.verificationIntro',
    actions: ['verify', 'reject'],
    showStatus: false,
  },
  confirmadmission: {
    view: 'confirmation',
    title: 'admissions.list.confirmation',
    intro: 'admissions.list.confirmationIntro',
    actions: ['admit', 'reject'],
    showStatus: false,
  },
  rejected: {
    view: 'rejected',
    title: 'admissions.list.rejected',
    intro: 'admissions.list.rejectedIntro',
    actions: [],
    showStatus: false,
  },
  admissionlist: {
    view: 'admitted',
    title: 'admissions.list.admitted',
    intro: 'admissions.list.admittedIntro',
    actions: [],
    showStatus: false,
  },
  ProspectiveStudent: {
    view: 'all',
    title: 'admissions.list.prospective',
    intro: 'admissions.list.prospectiveIntro',
    actions: [],
    showStatus: true,
  },
};

const ACTION_LABELS: Record<BulkAction, { button: MessageId; confirm: MessageId; done: MessageId }> = {
  screen: {
    button: 'admissions.action.screen',
    confirm: 'admissions.confirm.screen',
    done: 'admissions.done.screen',
  },
  verify: {
    button: 'admissions.action.verify',
    confirm: 'admissions.confirm.verify',
    done: 'admissions.done.verify',
  },
  admit: {
    button: 'admissions.action.admit',
    confirm: 'admissions.confirm.admit',
    done: 'admissions.done.admit',
  },
  reject: {
    button: 'admissions.action.reject',
    confirm: 'admissions.confirm.reject',
    done: 'admissions.done.reject',
  },
};

const STAGE_LABELS: Record<string, MessageId> = {
  new: 'admissions.stage.new',
  biodata: 'admissions.stage.biodata',
  olevel: 'admissions.stage.olevel',
  documents: 'admissions.stage.documents',
  registered: 'admissions.stage.registered',
  screened: 'admissions.stage.screened',
  verified: 'admissions.stage.verified',
  admitted: 'admissions.stage.admitted',
  accepted: 'admissions.stage.accepted',
  rejected: 'admissions.stage.rejected',
};

export const fullName = (a: Pick<ApplicationItem, 'lastName' | 'firstName' | 'otherName'>) =>
  [a.lastName, a.firstName, a.otherName].filter(Boolean).join(' ');

type Outcome =
  | { ok: true; action: BulkAction; message: string; items: { id: number; label: string }[] }
  | { ok: false; action: BulkAction; message: string };

/**
 * The admissions office's lists (all applications, in progress, completed, screening,
 * verification, confirmation, rejected, admitted, prospective students): filters, search, server
 * paging and sorting, row selection with bulk actions each confirmed first, and each applicant's
 * full record.
 */
export default function ApplicationsScreen({ page }: { page: ApplicationsPage }) {
  const config = PAGES[page];
  const t = useT();
  const intl = useIntl();
  const title = t(config.title);
  useDocumentTitle(`${title} · ${t('portal.name')}`);

  const [state, setState] = useState<ListState>({ page: 1, pageSize: 20, sort: 'createdAt', order: 'desc' });
  const [filters, setFilters] = useState<ApplicationFilterValues>(EMPTY_FILTERS);
  const search = useDebounced(filters.search);
  const query = useMemo(
    () => ({
      ...filterQuery(filters, search),
      page: state.page,
      pageSize: state.pageSize,
      sort: state.sort ?? 'createdAt',
      order: state.order ?? 'desc',
    }),
    [filters, search, state],
  );
  const list = useApplications(config.view, query);
  const [selected, setSelected] = useState<Map<number, ApplicationItem>>(new Map());
  const [pending, setPending] = useState<BulkAction | null>(null);
  const [reason, setReason] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const bulk = useBulkAction();

  const rows = list.data?.Data ?? [];
  const selection = useMemo(() => new Set<RowId>(selected.keys()), [selected]);
  const onSelectionChange = (ids: Set<RowId>) => {
    const next = new Map<number, ApplicationItem>();
    for (const id of ids) {
      const row = selected.get(Number(id)) ?? rows.find((r) => r.id === Number(id));
      if (row) next.set(row.id, row);
    }
    setSelected(next);
  };

  const columns: TableColumn<ApplicationItem>[] = [
    // Every column, Status and the record button too, fits beside the sidebar on a 1280 px screen:
    // course and state (filters above, and in the record) join them on wider screens.
    { field: 'jambRegNo', header: t('admissions.field.jambNumber'), sortable: true },
    {
      field: 'name',
      header: t('admissions.field.name'),
      sortable: true,
      render: (a) => fullName(a) || '—',
    },
    {
      field: 'department',
      header: t('admissions.field.department'),
      sortable: true,
      render: (a) => a.departmentName ?? '—',
    },
    {
      field: 'courseOfStudy',
      header: t('admissions.field.course'),
      priority: 4,
      render: (a) => a.courseOfStudy ?? '—',
    },
    {
      field: 'stateName',
      header: t('admissions.field.state'),
      priority: 4,
      render: (a) => a.stateName ?? '—',
    },
    {
      field: 'score',
      header: t('admissions.field.score'),
      sortable: true,
      render: (a) => a.utmeScore ?? '—',
    },
    {
      field: 'stage',
      header: t('admissions.field.status'),
      render: (a) => (
        <Chip
          size="small"
          label={STAGE_LABELS[a.stage] ? t(STAGE_LABELS[a.stage]!) : a.stage}
          color={
            a.stage === 'rejected'
              ? 'error'
              : a.stage === 'admitted' || a.stage === 'accepted'
                ? 'success'
                : 'default'
          }
          title={a.rejectionReason ?? undefined}
        />
      ),
    },
    {
      field: 'registeredAt',
      header: t('admissions.field.registered'),
      sortable: true,
      render: (a) => (a.registeredAt ? intl.formatDate(a.registeredAt, { dateStyle: 'medium' }) : '—'),
    },
  ];

  const run = () => {
    if (!pending) return;
    const action = pending;
    const items = [...selected.values()];
    bulk.mutate(
      { action, ids: items.map((a) => a.id), reason: action === 'reject' ? reason.trim() : undefined },
      {
        onSuccess: (answer) => {
          const changed = new Set(answer.Data.ids);
          setOutcome({
            ok: true,
            action,
            message: answer.Message,
            items: items
              .filter((a) => changed.has(a.id))
              .map((a) => ({ id: a.id, label: `${a.jambRegNo} — ${fullName(a)}` })),
          });
          setSelected(new Map());
          setPending(null);
          setReason('');
        },
        onError: (error) => {
          setOutcome({ ok: false, action, message: serverMessage(error) || t('error.generic') });
          setPending(null);
        },
      },
    );
  };

  const reasonShort = reason.trim().length < 3;

  return (
    <>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" variant="body2" sx={{ mb: 2 }}>
        {t(config.intro)}
      </Typography>
      {page === 'admissionlist' && <PublicationCard />}
      {outcome && (
        <Alert
          severity={outcome.ok ? 'success' : 'error'}
          onClose={() => setOutcome(null)}
          sx={{ mb: 2, overflowWrap: 'anywhere' }}
          role="status"
        >
          <AlertTitle>{outcome.message}</AlertTitle>
          {outcome.ok ? (
            <List dense disablePadding aria-label={t('admissions.results')}>
              {outcome.items.map((item) => (
                <ListItem key={item.id} disableGutters>
                  <ListItemIcon sx={{ minWidth: 32 }}>
                    <CheckCircle fontSize="small" color="success" />
                  </ListItemIcon>
                  <ListItemText primary={t(ACTION_LABELS[outcome.action].done, { name: item.label })} />
                </ListItem>
              ))}
            </List>
          ) : (
            t('admissions.nothingChanged')
          )}
        </Alert>
      )}
      <Card variant="outlined">
        <CardContent>
          <ApplicationFilters
            values={filters}
            showStatus={config.showStatus}
            onChange={(next) => {
              setFilters(next);
              setState((s) => ({ ...s, page: 1 }));
            }}
          />
          {config.actions.length > 0 && (
            <Paper
              variant="outlined"
              sx={{
                p: 1.5,
                mb: 2,
                display: 'flex',
                gap: 1,
                alignItems: 'center',
                flexWrap: 'wrap',
                bgcolor: 'action.hover',
              }}
            >
              <Typography variant="body2" sx={{ mr: 1 }} aria-live="polite">
                {t('admissions.selected', { count: selected.size })}
              </Typography>
              {config.actions.map((action) => (
                <Button
                  key={action}
                  size="small"
                  variant={action === 'reject' ? 'outlined' : 'contained'}
                  color={action === 'reject' ? 'error' : 'primary'}
                  disabled={selected.size === 0}
                  onClick={() => setPending(action)}
                >
                  {t(ACTION_LABELS[action].button)}
                </Button>
              ))}
              {selected.size > 0 && (
                <Button size="small" onClick={() => setSelected(new Map())}>
                  {t('admissions.clearSelection')}
                </Button>
              )}
            </Paper>
          )}
          <ServerTable<ApplicationItem>
            label={title}
            columns={columns}
            rows={rows}
            getRowId={(a) => a.id}
            total={list.data?.Total ?? 0}
            loading={list.isFetching}
            state={state}
            onStateChange={setState}
            emptyText={
              list.isError ? serverMessage(list.error) || t('error.generic') : t('admissions.list.empty')
            }
            selection={config.actions.length > 0 ? selection : undefined}
            onSelectionChange={onSelectionChange}
            rowActions={(a) => (
              <Button
                size="small"
                onClick={() => setViewing(a.id)}
                aria-label={t('admissions.viewRecordOf', { name: fullName(a) || a.jambRegNo })}
              >
                {t('admissions.viewRecord')}
              </Button>
            )}
          />
        </CardContent>
      </Card>

      <ConfirmDialog
        open={pending !== null}
        title={t('admissions.confirm.title')}
        message={
          pending ? (
            <>
              {t(ACTION_LABELS[pending].confirm, { count: selected.size })}
              <Box component="ul" sx={{ pl: 2.5, mb: 0, maxHeight: 160, overflowY: 'auto' }}>
                {[...selected.values()].slice(0, 20).map((a) => (
                  <li key={a.id}>{`${a.jambRegNo} — ${fullName(a)}`}</li>
                ))}
              </Box>
              {selected.size > 20 && t('admissions.andMore', { count: selected.size - 20 })}
            </>
          ) : (
            ''
          )
        }
        confirmLabel={pending ? t(ACTION_LABELS[pending].button) : ''}
        danger={pending === 'reject'}
        pending={bulk.isPending}
        confirmDisabled={pending === 'reject' && reasonShort}
        onClose={() => setPending(null)}
        onConfirm={run}
      >
        {pending === 'reject' && (
          <TextField
            autoFocus
            required
            fullWidth
            multiline
            minRows={2}
            margin="normal"
            label={t('admissions.rejectReason')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={reason !== '' && reasonShort}
            helperText={t('admissions.rejectReasonHelp')}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        )}
      </ConfirmDialog>
      {viewing !== null && <ApplicantRecordDialog applicantId={viewing} onClose={() => setViewing(null)} />}
    </>
  );
}
