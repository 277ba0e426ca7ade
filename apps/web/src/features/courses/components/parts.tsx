import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import {
  REGISTRATION_STATES,
  type RegistrationDetail,
  type RegistrationHistoryEntry,
  type RegistrationState,
} from '@portal/contracts';
import { useId, type ReactNode } from 'react';
import { serverMessage } from '../../../components/crud/errors';
import { AnySelect, SearchField } from '../../../components/crud/filters';
import { ReferenceInput } from '../../../components/crud/ReferenceInput';
import { DetailList } from '../../../components/DetailList';
import { SimpleTable } from '../../../components/SimpleTable';
import { useT } from '../../../i18n/useT';
import { useWhen } from '../../../lib/useWhen';
import { useRegistration } from '../api/courses';

export interface RegistrationFilterValues {
  semesterId: number | null;
  departmentId: number | null;
  levelId: number | null;
  state: string;
  search: string;
}

const STATE_COLOR = { approved: 'success', submitted: 'info', returned: 'warning' } as const;

export function StateChip({ state }: { state: RegistrationState }) {
  const t = useT();
  return <Chip size="small" color={STATE_COLOR[state]} label={t(`courses.state.${state}`)} />;
}

/** Semester, department, level, state and a search box: the filters of the registration lists. */
export function RegistrationFilters({
  values,
  onChange,
  search = true,
}: {
  values: RegistrationFilterValues;
  onChange: (patch: Partial<RegistrationFilterValues>) => void;
  search?: boolean;
}) {
  const t = useT();
  const id = useId();
  return (
    <>
      <ReferenceInput
        id={`${id}-semester`}
        path="/api/admin/semesters"
        label={t('courses.field.semester')}
        value={values.semesterId}
        onChange={(semesterId) => onChange({ semesterId })}
        size="small"
      />
      <ReferenceInput
        id={`${id}-department`}
        path="/api/admin/departments"
        label={t('courses.field.department')}
        value={values.departmentId}
        onChange={(departmentId) => onChange({ departmentId })}
        size="small"
      />
      <ReferenceInput
        id={`${id}-level`}
        path="/api/admin/levels"
        label={t('courses.field.level')}
        value={values.levelId}
        onChange={(levelId) => onChange({ levelId })}
        size="small"
      />
      <AnySelect
        label={t('courses.field.state')}
        value={values.state}
        onChange={(state) => onChange({ state })}
        choices={REGISTRATION_STATES.map((s) => ({ value: s, label: t(`courses.state.${s}`) }))}
      />
      {search && (
        <SearchField
          label={t('courses.field.search')}
          value={values.search}
          onChange={(value) => onChange({ search: value })}
        />
      )}
    </>
  );
}

/** A registration: the student, its courses (an add/drop request marked), the limits and the history. */
export function RegistrationView({ detail }: { detail: RegistrationDetail }) {
  const t = useT();
  const when = useWhen();
  const reg = detail.Registration;
  const mark = (c: RegistrationDetail['Registration']['Courses'][number]) =>
    !c.Requested
      ? t('courses.mark.dropping')
      : reg.ApprovedAt && !c.Approved
        ? t('courses.mark.adding')
        : c.CarryOver
          ? t('courses.mark.carryOver')
          : '';
  const limits = detail.Limits;
  const outside = limits && (reg.TotalUnits < limits.MinUnits || reg.TotalUnits > limits.MaxUnits);
  return (
    <Box>
      <DetailList
        rows={[
          [t('courses.field.student'), `${detail.Student.Name} (${detail.Student.MatricNo})`],
          [t('courses.field.programme'), detail.Student.Programme ?? '—'],
          [t('courses.field.department'), detail.Student.Department ?? '—'],
          [t('courses.field.level'), detail.Student.Level ?? '—'],
          [t('courses.field.semester'), `${detail.Semester} (${detail.Session})`],
          [t('courses.field.state'), <StateChip key="state" state={reg.State} />],
          [t('courses.field.submittedAt'), when(reg.SubmittedAt)],
          ...(reg.DecidedBy
            ? ([[t('courses.field.decided'), `${reg.DecidedBy} · ${when(reg.DecidedAt)}`]] as [
                string,
                string,
              ][])
            : []),
          ...(reg.Comment ? ([[t('courses.field.comment'), reg.Comment]] as [string, string][]) : []),
        ]}
      />
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mt: 2, mb: 1 }}>
        {t('courses.courses')}
      </Typography>
      <SimpleTable
        label={t('courses.courses')}
        rows={reg.Courses}
        rowKey={(c) => c.CourseId}
        columns={[
          { header: t('courses.field.code'), cell: (c) => c.Code },
          { header: t('courses.field.title'), cell: (c) => c.Title },
          { header: t('courses.field.units'), cell: (c) => c.Units, numeric: true },
          { header: t('courses.field.remark'), cell: mark },
        ]}
      />
      <Typography sx={{ fontWeight: 600, mt: 1 }} color={outside ? 'error' : 'text.primary'}>
        {limits
          ? t('courses.totalWithLimits', {
              total: reg.TotalUnits,
              min: limits.MinUnits,
              max: limits.MaxUnits,
            })
          : t('courses.total', { total: reg.TotalUnits })}
      </Typography>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mt: 2, mb: 1 }}>
        {t('courses.history')}
      </Typography>
      <HistoryTable entries={detail.History} />
    </Box>
  );
}

export function HistoryTable({ entries }: { entries: RegistrationHistoryEntry[] }) {
  const t = useT();
  const when = useWhen();
  return (
    <SimpleTable
      label={t('courses.history')}
      rows={entries}
      rowKey={(h) => `${h.Version}-${h.Kind}-${h.Course ?? ''}`}
      columns={[
        { header: t('courses.field.when'), cell: (h) => when(h.At) },
        {
          header: t('courses.field.what'),
          cell: (h) => [t(`courses.kind.${h.Kind}`), h.Course, h.Comment].filter(Boolean).join(' · '),
        },
        { header: t('courses.field.by'), cell: (h) => h.By },
      ]}
    />
  );
}

/** One registration in a dialog (full screen on a phone), with the actions the page allows. */
export function RegistrationDialog({
  id,
  onClose,
  actions,
}: {
  id: number | null;
  onClose: () => void;
  actions?: (detail: RegistrationDetail) => ReactNode;
}) {
  const t = useT();
  const titleId = useId();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const registration = useRegistration(id);
  const detail = registration.data?.Data;
  return (
    <Dialog
      open={id !== null}
      onClose={onClose}
      fullWidth
      maxWidth="md"
      fullScreen={phone}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{detail?.Student.MatricNo ?? t('courses.registration')}</DialogTitle>
      <DialogContent dividers>
        {registration.isLoading && <LinearProgress aria-label={t('common.loading')} />}
        {registration.isError && (
          <Alert severity="error">{serverMessage(registration.error) || t('error.generic')}</Alert>
        )}
        {detail && <RegistrationView detail={detail} />}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {detail && actions?.(detail)}
        <Button onClick={onClose}>{t('courses.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** The query of the registration lists from their filters. */
export function registrationQuery(values: RegistrationFilterValues, search: string) {
  return {
    semesterId: values.semesterId ?? undefined,
    departmentId: values.departmentId ?? undefined,
    levelId: values.levelId ?? undefined,
    state: values.state || undefined,
    search: search.trim() || undefined,
  };
}
