import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import { TRANSCRIPT_STATES, type TranscriptRequestRow, type TranscriptState } from '@portal/contracts';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { ConfirmDialog } from '../../../components/crud/ConfirmDialog';
import { serverMessage } from '../../../components/crud/errors';
import { AnySelect, FilterGrid } from '../../../components/crud/filters';
import { QueryTable } from '../../../components/crud/ServerTable';
import { useListFilters } from '../../../components/crud/useListFilters';
import { PageHeading } from '../../../components/PageHeading';
import { useT } from '../../../i18n/useT';
import { formatNaira } from '../../../lib/money';
import { notify } from '../../../lib/notify';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useWhen } from '../../../lib/useWhen';
import { useTranscriptAction, useTranscriptRequests } from '../api/results';
import { StudentLookup } from './ViewResultScreen';

const STATE_COLOR: Record<TranscriptState, 'default' | 'info' | 'warning' | 'success'> = {
  awaiting_payment: 'default',
  paid: 'warning',
  processing: 'info',
  sent: 'success',
};

/**
 * Transcript: the requests of students and graduates (awaiting payment, paid, processing, sent) —
 * take a paid one in hand, release it (the recipient is e-mailed the link to the transcript's
 * verification page) — and any student's transcript by matric number.
 */
export default function TranscriptScreen() {
  const t = useT();
  const when = useWhen();
  const intl = useIntl();
  const title = t('adminPage.Transcript');
  useDocumentTitle(`${title} · ${t('portal.name')}`);
  const { state, setState, filters, setFilter } = useListFilters<{ state: string }>({ state: 'paid' });
  const query = useMemo(
    () => ({ page: state.page, pageSize: state.pageSize, state: filters.state || undefined }),
    [state, filters],
  );
  const list = useTranscriptRequests(query);
  const act = useTranscriptAction();
  const [asking, setAsking] = useState<{ row: TranscriptRequestRow; action: 'process' | 'release' } | null>(
    null,
  );
  return (
    <>
      <PageHeading title={title} intro={t('results.transcripts.intro')} />
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent>
          <FilterGrid sm={2} lg={3}>
            <AnySelect
              label={t('results.field.state')}
              value={filters.state}
              onChange={(value) => setFilter({ state: value })}
              choices={TRANSCRIPT_STATES.map((s) => ({ value: s, label: t(`results.transcriptState.${s}`) }))}
            />
          </FilterGrid>
          <QueryTable<TranscriptRequestRow>
            label={t('results.transcripts.requests')}
            query={list}
            getRowId={(row) => row.Id}
            state={state}
            onStateChange={setState}
            emptyText={t('results.transcripts.empty')}
            columns={[
              { field: 'MatricNo', header: t('results.field.matricNo') },
              { field: 'Name', header: t('results.field.name'), priority: 2 },
              { field: 'RecipientName', header: t('results.field.recipient') },
              { field: 'RecipientEmail', header: t('results.field.email'), priority: 3 },
              {
                field: 'AmountKobo',
                header: t('results.field.amount'),
                render: (r) => formatNaira(intl, r.AmountKobo / 100),
              },
              {
                field: 'State',
                header: t('results.field.state'),
                render: (r) => (
                  <Chip
                    size="small"
                    variant="outlined"
                    color={STATE_COLOR[r.State]}
                    label={t(`results.transcriptState.${r.State}`)}
                  />
                ),
              },
              {
                field: 'OpenedAt',
                header: t('results.field.openedAt'),
                priority: 4,
                render: (r) => when(r.OpenedAt),
              },
            ]}
            rowActions={(row) =>
              row.State === 'paid' || row.State === 'processing' ? (
                <>
                  {row.State === 'paid' && (
                    <Button size="small" onClick={() => setAsking({ row, action: 'process' })}>
                      {t('results.transcripts.process')}
                    </Button>
                  )}
                  <Button size="small" onClick={() => setAsking({ row, action: 'release' })}>
                    {t('results.transcripts.release')}
                  </Button>
                </>
              ) : null
            }
          />
        </CardContent>
      </Card>
      <StudentLookup />
      <ConfirmDialog
        open={asking !== null}
        title={asking ? t(`results.transcripts.${asking.action}Title`) : ''}
        message={
          asking
            ? t(`results.transcripts.${asking.action}Message`, {
                name: asking.row.Name,
                recipient: asking.row.RecipientName,
                email: asking.row.RecipientEmail,
              })
            : ''
        }
        confirmLabel={asking ? t(`results.transcripts.${asking.action}`) : ''}
        pending={act.isPending}
        onClose={() => setAsking(null)}
        onConfirm={() =>
          asking &&
          act.mutate(
            { id: asking.row.Id, action: asking.action },
            {
              onSuccess: (answer) => {
                notify.success(answer.Message);
                setAsking(null);
              },
              onError: (error) => notify.error(serverMessage(error) || t('error.generic')),
            },
          )
        }
      />
    </>
  );
}
