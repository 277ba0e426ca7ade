import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AnalysisQuestion, ExamView } from '@portal/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/crud/ConfirmDialog';
import { serverMessage } from '../../../components/crud/errors';
import { SimpleTable } from '../../../components/SimpleTable';
import { useT } from '../../../i18n/useT';
import { notify } from '../../../lib/notify';
import { useAnalysis, useWithdraw } from '../api';
import { CbtError } from './CbtError';

/** Below this facility an item is very hard, above the other very easy; below this discrimination, poor. */
const HARD = 0.2;
const EASY = 0.9;
const POOR = 0.2;

const fixed = (value: number | null) => (value === null ? '—' : value.toFixed(2));

/** Item analysis of the submitted attempts: facility, discrimination, option counts; withdraw a bad question. */
export function AnalysisPanel({ exam }: { exam: ExamView }) {
  const t = useT();
  const analysis = useAnalysis(exam.Id);
  const withdraw = useWithdraw(exam.Id);
  const [withdrawing, setWithdrawing] = useState<AnalysisQuestion | null>(null);
  const [reason, setReason] = useState('');
  const data = analysis.data;
  const flag = (q: AnalysisQuestion) => {
    if (q.Withdrawn) return t('cbt.analysis.withdrawn');
    if (q.Discrimination !== null && q.Discrimination < 0) return t('cbt.analysis.negative');
    if (q.Discrimination !== null && q.Discrimination < POOR) return t('cbt.analysis.poor');
    if (q.Facility !== null && q.Facility < HARD) return t('cbt.analysis.hard');
    if (q.Facility !== null && q.Facility > EASY) return t('cbt.analysis.easy');
    return '';
  };
  return (
    <Stack spacing={2} component="section" aria-label={t('cbt.analysis.title', { title: exam.Title })}>
      {analysis.isLoading && <LinearProgress aria-label={t('cbt.loading')} />}
      {analysis.isError && <CbtError error={analysis.error} />}
      {data && (
        <>
          <Typography variant="body2">
            {t('cbt.analysis.summary', {
              submitted: data.Submitted,
              mean: data.MeanPercent ?? 0,
              passed: data.Passed,
            })}
          </Typography>
          <SimpleTable
            label={t('cbt.analysis.table')}
            rows={data.Questions}
            rowKey={(q) => q.QuestionId}
            columns={[
              {
                header: t('cbt.bank.question'),
                priority: 0,
                cell: (q) => (q.Text.length > 90 ? `${q.Text.slice(0, 87)}…` : q.Text),
              },
              {
                header: t('cbt.analysis.facility'),
                cell: (q) => fixed(q.Facility),
                numeric: true,
                priority: 1,
              },
              {
                header: t('cbt.analysis.discrimination'),
                cell: (q) => fixed(q.Discrimination),
                numeric: true,
                priority: 1,
              },
              {
                header: t('cbt.analysis.options'),
                priority: 3,
                cell: (q) =>
                  q.Options.length === 0
                    ? '—'
                    : q.Options.map(
                        (o) => `${String.fromCharCode(65 + o.Id)}${o.Correct ? '✓' : ''}: ${o.Count}`,
                      ).join(' · '),
              },
              {
                header: t('cbt.analysis.note'),
                priority: 2,
                cell: (q) => {
                  const note = flag(q);
                  return note ? (
                    <Chip size="small" color={q.Withdrawn ? 'default' : 'warning'} label={note} />
                  ) : (
                    ''
                  );
                },
              },
              {
                header: t('cbt.staff.actions'),
                controls: true,
                priority: 2,
                cell: (q) =>
                  q.Withdrawn ? null : (
                    <Button
                      size="small"
                      color="error"
                      onClick={() => {
                        setReason('');
                        setWithdrawing(q);
                      }}
                      aria-label={t('cbt.analysis.withdrawOne', { id: q.QuestionId })}
                    >
                      {t('cbt.analysis.withdraw')}
                    </Button>
                  ),
              },
            ]}
          />
        </>
      )}
      <ConfirmDialog
        open={withdrawing !== null}
        title={t('cbt.analysis.withdrawTitle')}
        message={t('cbt.analysis.withdrawMessage', { n: data?.Submitted ?? 0 })}
        confirmLabel={t('cbt.analysis.withdraw')}
        danger
        pending={withdraw.isPending}
        confirmDisabled={!reason.trim()}
        onClose={() => setWithdrawing(null)}
        onConfirm={() =>
          withdrawing &&
          withdraw.mutate(
            { QuestionId: withdrawing.QuestionId, Reason: reason },
            {
              onSuccess: (answer) => {
                notify.success(answer.Message);
                setWithdrawing(null);
              },
              onError: (error) => notify.error(serverMessage(error) || t('error.generic')),
            },
          )
        }
      >
        <TextField
          required
          fullWidth
          sx={{ mt: 2 }}
          label={t('cbt.invigilate.reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </ConfirmDialog>
    </Stack>
  );
}
