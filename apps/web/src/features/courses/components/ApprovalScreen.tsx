import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { RowId } from '../../../components/crud/ServerTable';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/crud/ConfirmDialog';
import { serverMessage } from '../../../components/crud/errors';
import { FilterGrid } from '../../../components/crud/filters';
import { PageHeading } from '../../../components/PageHeading';
import { useT } from '../../../i18n/useT';
import { notify } from '../../../lib/notify';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useDecide } from '../api/courses';
import { RegistrationDialog, RegistrationFilters } from './parts';
import { RegistrationTable, useRegistrationList } from './RegistrationTable';

type Decision = { kind: 'approve' | 'return'; rows: { Id: number; Version: number }[] } | null;

/**
 * courseRegistration: the registrations of the departments and levels the adviser advises,
 * awaiting approval first; open one, approve or return it with a comment, or many at once
 * (confirmed). Each decision holds only if the registration is still as the adviser saw it.
 */
export default function ApprovalScreen() {
  const t = useT();
  const title = t('adminPage.courseRegistration');
  useDocumentTitle(`${title} · ${t('portal.name')}`);
  const registrations = useRegistrationList('submitted');
  const { filters, setFilter, list } = registrations;
  const rows = list.data?.Data ?? [];
  const [selection, setSelection] = useState<Set<RowId>>(new Set());
  const [open, setOpen] = useState<number | null>(null);
  const [decision, setDecision] = useState<Decision>(null);
  const [comment, setComment] = useState('');
  const decide = useDecide();
  const chosen = rows.filter((r) => selection.has(r.Id) && r.State === 'submitted');
  const ask = (kind: 'approve' | 'return', picked: { Id: number; Version: number }[]) => {
    setComment('');
    setDecision({ kind, rows: picked });
  };
  const confirm = () => {
    if (!decision) return;
    decide.mutate(
      {
        Decision: decision.kind,
        Registrations: decision.rows,
        ...(comment.trim() ? { Comment: comment.trim() } : {}),
      },
      {
        onSuccess: (answer) => {
          const skipped = answer.Data.Skipped.map((s) => s.Reason);
          if (answer.Data.Decided.length) notify.success(answer.Message);
          else notify.warning(answer.Message);
          if (skipped.length && answer.Data.Decided.length) notify.warning([...new Set(skipped)].join(' '));
          setDecision(null);
          setOpen(null);
          setSelection(new Set());
        },
        onError: (error) => notify.error(serverMessage(error) || t('error.generic')),
      },
    );
  };
  const returning = decision?.kind === 'return';
  return (
    <>
      <PageHeading title={title} intro={t('courses.approval.intro')} />
      <Card variant="outlined">
        <CardContent>
          <FilterGrid sm={2} lg={5}>
            <RegistrationFilters values={filters} onChange={setFilter} />
          </FilterGrid>
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ flexWrap: 'wrap', mb: 2, alignItems: 'center' }}
          >
            <Typography variant="body2" color="text.secondary">
              {t('courses.approval.selected', { count: chosen.length })}
            </Typography>
            <Button
              variant="contained"
              color="success"
              disabled={chosen.length === 0}
              onClick={() =>
                ask(
                  'approve',
                  chosen.map((r) => ({ Id: r.Id, Version: r.Version })),
                )
              }
            >
              {t('courses.approval.approveSelected')}
            </Button>
            <Button
              variant="outlined"
              color="warning"
              disabled={chosen.length === 0}
              onClick={() =>
                ask(
                  'return',
                  chosen.map((r) => ({ Id: r.Id, Version: r.Version })),
                )
              }
            >
              {t('courses.approval.returnSelected')}
            </Button>
          </Stack>
          <RegistrationTable
            label={title}
            emptyText={t('courses.approval.empty')}
            registrations={registrations}
            onOpen={setOpen}
            selection={selection}
            onSelectionChange={setSelection}
          />
        </CardContent>
      </Card>
      <RegistrationDialog
        id={open}
        onClose={() => setOpen(null)}
        actions={(detail) =>
          detail.Registration.State === 'submitted' ? (
            <>
              <Button
                color="warning"
                variant="outlined"
                onClick={() =>
                  ask('return', [{ Id: detail.Registration.Id, Version: detail.Registration.Version }])
                }
              >
                {t('courses.approval.return')}
              </Button>
              <Button
                color="success"
                variant="contained"
                onClick={() =>
                  ask('approve', [{ Id: detail.Registration.Id, Version: detail.Registration.Version }])
                }
              >
                {t('courses.approval.approve')}
              </Button>
            </>
          ) : null
        }
      />
      <ConfirmDialog
        open={decision !== null}
        title={returning ? t('courses.approval.returnTitle') : t('courses.approval.approveTitle')}
        message={t(returning ? 'courses.approval.returnConfirm' : 'courses.approval.approveConfirm', {
          count: decision?.rows.length ?? 0,
        })}
        confirmLabel={returning ? t('courses.approval.return') : t('courses.approval.approve')}
        confirmDisabled={returning && comment.trim().length === 0}
        pending={decide.isPending}
        onClose={() => setDecision(null)}
        onConfirm={confirm}
      >
        <TextField
          label={returning ? t('courses.approval.commentRequired') : t('courses.approval.commentOptional')}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          multiline
          minRows={2}
          fullWidth
          required={returning}
          slotProps={{ htmlInput: { maxLength: 500 } }}
          sx={{ mt: 2 }}
        />
      </ConfirmDialog>
    </>
  );
}
