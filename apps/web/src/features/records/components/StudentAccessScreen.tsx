import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import type { StudentItem } from '@portal/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/crud/ConfirmDialog';
import { DeclaredFilters } from '../../../components/crud/declaredFilters';
import { QueryTable } from '../../../components/crud/ServerTable';
import { PageHeading } from '../../../components/PageHeading';
import { useT } from '../../../i18n/useT';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useSendReset, useSetAccess } from '../api/records';
import { reportOutcome } from './shared';
import { STUDENT_FILTERS, studentColumns, useStudentSearch } from './StudentEnquiryScreen';

type Pending = { action: 'toggle' | 'reset'; student: StudentItem } | null;

/** studentAccess: switch a student's sign-in off or on, or e-mail them a password-reset link. */
export default function StudentAccessScreen() {
  const t = useT();
  const title = t('adminPage.studentAccess');
  useDocumentTitle(`${title} · ${t('portal.name')}`);
  const { state, setState, filters, setFilter, students } = useStudentSearch(STUDENT_FILTERS);
  const access = useSetAccess();
  const reset = useSendReset();
  const [pending, setPending] = useState<Pending>(null);
  const close = () => setPending(null);
  const s = pending?.student;
  return (
    <>
      <PageHeading title={title} />
      <Card variant="outlined">
        <CardContent>
          <DeclaredFilters declared={STUDENT_FILTERS} values={filters} onChange={setFilter} sm={2} lg={3} />
          <QueryTable<StudentItem>
            label={title}
            query={students}
            getRowId={(row) => row.id}
            state={state}
            onStateChange={setState}
            emptyText={t('records.students.empty')}
            columns={studentColumns(t)}
            actionsHeader={t('records.field.actions')}
            rowActions={(row) => (
              <Stack direction="row" spacing={1}>
                <Button
                  size="small"
                  variant="outlined"
                  color={row.isActive ? 'error' : 'success'}
                  onClick={() => setPending({ action: 'toggle', student: row })}
                >
                  {row.isActive ? t('records.access.disable') : t('records.access.enable')}
                </Button>
                <Button size="small" onClick={() => setPending({ action: 'reset', student: row })}>
                  {t('records.access.sendReset')}
                </Button>
              </Stack>
            )}
          />
        </CardContent>
      </Card>
      <ConfirmDialog
        open={pending?.action === 'toggle'}
        title={s?.isActive ? t('records.access.disableTitle') : t('records.access.enableTitle')}
        message={
          s?.isActive
            ? t('records.access.disableConfirm', { name: s.name, matricNo: s.matricNo })
            : t('records.access.enableConfirm', { name: s?.name ?? '', matricNo: s?.matricNo ?? '' })
        }
        confirmLabel={s?.isActive ? t('records.access.disable') : t('records.access.enable')}
        danger={s?.isActive}
        pending={access.isPending}
        onClose={close}
        onConfirm={() => s && access.mutate({ id: s.id, isActive: !s.isActive }, reportOutcome(t, close))}
      />
      <ConfirmDialog
        open={pending?.action === 'reset'}
        title={t('records.access.sendReset')}
        message={t('records.access.resetConfirm', { email: s?.email ?? '' })}
        confirmLabel={t('records.access.send')}
        pending={reset.isPending}
        onClose={close}
        onConfirm={() => s && reset.mutate(s.id, reportOutcome(t, close))}
      />
    </>
  );
}
