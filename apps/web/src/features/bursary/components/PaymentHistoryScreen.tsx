import ArrowBack from '@mui/icons-material/ArrowBack';
import History from '@mui/icons-material/History';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import type { BursaryStudent } from '@portal/contracts';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { SearchField } from '../../../components/crud/filters';
import { QueryTable } from '../../../components/crud/ServerTable';
import type { ListState } from '../../../components/crud/types';
import { useDebounced } from '../../../components/crud/useDebounced';
import { DetailList } from '../../../components/DetailList';
import { PageHeading } from '../../../components/PageHeading';
import { SectionCard } from '../../../components/SectionCard';
import { useT } from '../../../i18n/useT';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useBursaryStudents } from '../api/get-students';
import { useStudentPayments } from '../api/get-student-payments';
import { Figures, useNaira, usePaymentTableColumns } from './parts';

/**
 * PaymentHistory: find a student by matric number or name, then every payment attempt of theirs
 * with its state, flag and receipt, newest first.
 */
export default function PaymentHistoryScreen() {
  const t = useT();
  const title = t('adminPage.PaymentHistory');
  useDocumentTitle(`${title} · ${t('portal.name')}`);
  const [student, setStudent] = useState<BursaryStudent | null>(null);

  return (
    <>
      <PageHeading title={title} intro={t('bursary.history.intro')} />
      {student ? (
        <StudentHistory student={student} onBack={() => setStudent(null)} />
      ) : (
        <FindStudent onPick={setStudent} />
      )}
    </>
  );
}

function FindStudent({ onPick }: { onPick: (student: BursaryStudent) => void }) {
  const t = useT();
  const [text, setText] = useState('');
  const search = useDebounced(text).trim();
  const [state, setState] = useState<ListState>({ page: 1, pageSize: 10 });
  const students = useBursaryStudents(search, state.page, state.pageSize);
  return (
    <Card variant="outlined">
      <CardContent>
        <SearchField
          label={t('bursary.history.search')}
          name="student"
          value={text}
          onChange={(value) => {
            setText(value);
            setState((s) => ({ ...s, page: 1 }));
          }}
          sx={{ mb: 2, width: { xs: '100%', sm: 420 } }}
        />
        {search && (
          <QueryTable<BursaryStudent>
            label={t('bursary.history.students')}
            columns={[
              { field: 'matricNo', header: t('bursary.regNo') },
              { field: 'name', header: t('bursary.name') },
              {
                field: 'departmentName',
                header: t('bursary.department'),
                render: (s) => s.departmentName ?? '—',
              },
              {
                field: 'levelName',
                header: t('bursary.level'),
                render: (s) => s.levelName ?? '—',
              },
            ]}
            query={students}
            getRowId={(s) => s.id}
            state={state}
            onStateChange={setState}
            emptyText={t('bursary.history.noStudents')}
            rowActions={(s) => (
              <Button size="small" startIcon={<History />} onClick={() => onPick(s)}>
                {t('bursary.history.show')}
              </Button>
            )}
          />
        )}
      </CardContent>
    </Card>
  );
}

function StudentHistory({ student, onBack }: { student: BursaryStudent; onBack: () => void }) {
  const t = useT();
  const intl = useIntl();
  const naira = useNaira();
  const [state, setState] = useState<ListState>({ page: 1, pageSize: 20 });
  const payments = useStudentPayments(student.id, state.page, state.pageSize);
  const columns = usePaymentTableColumns({ payer: false });
  const totals = payments.data?.Totals;
  return (
    <>
      <Button startIcon={<ArrowBack />} onClick={onBack} sx={{ mb: 2 }}>
        {t('bursary.history.back')}
      </Button>
      <SectionCard title={student.name} sx={{ mb: 2 }} contentSx={{ pt: 0 }}>
        <DetailList
          rows={[
            [t('bursary.regNo'), student.matricNo],
            [t('bursary.email'), student.email],
            [t('bursary.department'), student.departmentName ?? '—'],
            [t('bursary.level'), student.levelName ?? '—'],
            [t('bursary.payerState'), student.stateName ?? '—'],
          ]}
        />
      </SectionCard>
      <Figures
        label={t('bursary.totals')}
        figures={[
          [t('bursary.history.attempts'), payments.data ? intl.formatNumber(payments.data.Total) : '…'],
          [t('bursary.history.paidCount'), totals ? intl.formatNumber(totals.count) : '…'],
          [t('bursary.history.paidAmount'), totals ? naira(totals.amountPaidKobo) : '…'],
        ]}
      />
      <Card variant="outlined">
        <CardContent>
          <QueryTable
            label={t('bursary.history.payments', { name: student.name })}
            columns={columns}
            query={payments}
            getRowId={(p) => p.id}
            state={state}
            onStateChange={setState}
            emptyText={t('bursary.history.empty')}
          />
        </CardContent>
      </Card>
    </>
  );
}
