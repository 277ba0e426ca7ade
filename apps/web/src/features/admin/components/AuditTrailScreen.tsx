import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { DateRange, PickersProvider } from '../../../components/crud/DateInput';
import { FilterGrid, SearchField } from '../../../components/crud/filters';
import { QueryTable } from '../../../components/crud/ServerTable';
import { useDebounced } from '../../../components/crud/useDebounced';
import { useListFilters } from '../../../components/crud/useListFilters';
import { ViewDialog } from '../../../components/crud/ViewDialog';
import { PageHeading } from '../../../components/PageHeading';
import { SimpleTable } from '../../../components/SimpleTable';
import { useT } from '../../../i18n/useT';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useAuditTrail } from '../api/get-audit-trail';
import type { AuditItem } from '../api/types';

const show = (value: unknown): string =>
  value === undefined
    ? ''
    : value === null
      ? 'null'
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);

/** AuditTrail: who changed what through which page, when; before and after values viewable. */
export default function AuditTrailScreen() {
  const t = useT();
  const intl = useIntl();
  const title = t('admin.audit.title');
  useDocumentTitle(`${title} · ${t('portal.name')}`);
  const { state, setState, filters, setFilter } = useListFilters({
    actor: '',
    pageName: '',
    action: '',
    from: '',
    to: '',
  });
  const typed = useDebounced(`${filters.actor}\u0000${filters.pageName}\u0000${filters.action}`);
  const [actor = '', pageName = '', action = ''] = typed.split('\u0000');
  const query = useMemo(
    () => ({
      page: state.page,
      pageSize: state.pageSize,
      actor: actor.trim() || undefined,
      pageName: pageName.trim() || undefined,
      action: action.trim() || undefined,
      from: filters.from || undefined,
      to: filters.to || undefined,
    }),
    [state, actor, pageName, action, filters.from, filters.to],
  );
  const audit = useAuditTrail(query);
  const [viewing, setViewing] = useState<AuditItem | null>(null);

  return (
    <>
      <PageHeading title={title} />
      <Card variant="outlined">
        <CardContent>
          <PickersProvider>
            <FilterGrid sm={3} lg={5}>
              <SearchField
                label={t('admin.audit.person')}
                value={filters.actor}
                onChange={(actor) => setFilter({ actor })}
              />
              <TextField
                size="small"
                label={t('admin.audit.page')}
                value={filters.pageName}
                onChange={(event) => setFilter({ pageName: event.target.value })}
              />
              <TextField
                size="small"
                label={t('admin.audit.action')}
                value={filters.action}
                onChange={(event) => setFilter({ action: event.target.value })}
              />
              <DateRange
                labels={[t('admin.audit.from'), t('admin.audit.to')]}
                value={[filters.from, filters.to]}
                onChange={([from, to]) => setFilter({ from, to })}
              />
            </FilterGrid>
          </PickersProvider>
          <QueryTable<AuditItem>
            label={title}
            columns={[
              {
                field: 'at',
                header: t('admin.audit.when'),
                render: (a) => intl.formatDate(a.at, { dateStyle: 'medium', timeStyle: 'medium' }),
              },
              { field: 'actorEmail', header: t('admin.audit.person') },
              { field: 'page', header: t('admin.audit.page') },
              { field: 'action', header: t('admin.audit.action') },
              {
                field: 'entity',
                header: t('admin.audit.record'),
                render: (a) => (a.entityId ? `${a.entity} #${a.entityId}` : a.entity),
              },
            ]}
            query={audit}
            getRowId={(a) => a.id}
            state={state}
            onStateChange={setState}
            emptyText={t('admin.audit.empty')}
            rowActions={(a) => (
              <Button
                size="small"
                onClick={() => setViewing(a)}
                // The name starts with the visible word, so speech input can say what it sees.
                aria-label={`${t('admin.audit.viewChanges')}: ${a.entity} #${a.entityId ?? ''}`}
              >
                {t('admin.audit.viewChanges')}
              </Button>
            )}
          />
        </CardContent>
      </Card>
      {viewing && <ChangesDialog entry={viewing} onClose={() => setViewing(null)} />}
    </>
  );
}

/** The record before and after the change, field by field, changed fields first and marked. */
function ChangesDialog({ entry, onClose }: { entry: AuditItem; onClose: () => void }) {
  const t = useT();
  const intl = useIntl();
  const before = (entry.before && typeof entry.before === 'object' ? entry.before : {}) as Record<
    string,
    unknown
  >;
  const after = (entry.after && typeof entry.after === 'object' ? entry.after : {}) as Record<
    string,
    unknown
  >;
  const scalar =
    (typeof entry.before !== 'object' && entry.before !== undefined) ||
    (typeof entry.after !== 'object' && entry.after !== undefined);
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const changed = (key: string) => show(before[key]) !== show(after[key]);
  keys.sort((a, b) => Number(changed(b)) - Number(changed(a)));

  return (
    <ViewDialog title={t('admin.audit.changesTitle')} onClose={onClose} fullScreenBelow="sm">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
        {t('admin.audit.summary', {
          person: entry.actorEmail,
          action: entry.action,
          record: entry.entityId ? `${entry.entity} #${entry.entityId}` : entry.entity,
          page: entry.page,
          when: intl.formatDate(entry.at, { dateStyle: 'medium', timeStyle: 'medium' }),
        })}
      </Typography>
      {scalar ? (
        <Box component="pre" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', m: 0 }}>
          {`${t('admin.audit.before')}: ${show(entry.before)}\n${t('admin.audit.after')}: ${show(entry.after)}`}
        </Box>
      ) : keys.length === 0 ? (
        <Typography color="text.secondary">{t('admin.audit.noValues')}</Typography>
      ) : (
        <SimpleTable
          label={t('admin.audit.changesTitle')}
          rows={keys}
          rowKey={(key) => key}
          columns={[
            {
              header: t('admin.audit.field'),
              priority: 0,
              cell: (key) =>
                changed(key) ? (
                  <strong>
                    {key} ({t('admin.audit.changed')})
                  </strong>
                ) : (
                  key
                ),
            },
            {
              header: t('admin.audit.before'),
              priority: 0,
              cell: (key) => <Box component="code">{key in before ? show(before[key]) : '—'}</Box>,
            },
            {
              header: t('admin.audit.after'),
              priority: 0,
              cell: (key) => <Box component="code">{key in after ? show(after[key]) : '—'}</Box>,
            },
          ]}
        />
      )}
    </ViewDialog>
  );
}
