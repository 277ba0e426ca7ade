import Delete from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { FEE_RULES, type HostelRound, type HostelRoundInput } from '@portal/contracts';
import { useState } from 'react';
import { serverMessage } from '../../../components/crud/errors';
import { useT } from '../../../i18n/useT';
import { notify } from '../../../lib/notify';
import { useOptions, useSaveRound } from '../api/hostels';

/** An ISO instant as a datetime-local value (the browser's zone), and back. */
const toLocal = (iso: string) => {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
const fromLocal = (value: string) => new Date(value).toISOString();

interface QuotaDraft {
  Name: string;
  Percent: string;
  LevelIds: number[];
}

/** A round set up on screen: session, window, payment days, eligibility, quotas and a fee per hostel. */
export function RoundDialog({ round, onClose }: { round: HostelRound | null; onClose: () => void }) {
  const t = useT();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const sessions = useOptions('academic-sessions');
  const levels = useOptions('levels');
  const hostels = useOptions('hostels');
  const save = useSaveRound();
  const week = Date.now() + 7 * 86_400_000;
  const [sessionId, setSessionId] = useState<number | ''>(round?.SessionId ?? '');
  const [name, setName] = useState(round?.Name ?? '');
  const [opensAt, setOpensAt] = useState(toLocal(round?.OpensAt ?? new Date(week).toISOString()));
  const [closesAt, setClosesAt] = useState(
    toLocal(round?.ClosesAt ?? new Date(week + 21 * 86_400_000).toISOString()),
  );
  const [paymentDays, setPaymentDays] = useState(String(round?.PaymentDays ?? 14));
  const [feeRule, setFeeRule] = useState<string>(round?.FeeRule ?? 'full');
  const [levelIds, setLevelIds] = useState<number[]>(round?.LevelIds ?? []);
  const [quotas, setQuotas] = useState<QuotaDraft[]>(
    round?.Quotas.map((q) => ({ ...q, Percent: String(q.Percent) })) ?? [],
  );
  const [fees, setFees] = useState<Record<number, string>>(
    Object.fromEntries(round?.Fees.map((f) => [f.HostelId, String(f.Amount)]) ?? []),
  );
  const levelOptions = levels.data?.Data ?? [];

  const submit = () => {
    const input: HostelRoundInput = {
      SessionId: Number(sessionId),
      Name: name.trim(),
      OpensAt: fromLocal(opensAt),
      ClosesAt: fromLocal(closesAt),
      PaymentDays: Number(paymentDays),
      FeeRule: feeRule as HostelRoundInput['FeeRule'],
      LevelIds: levelIds,
      Quotas: quotas.map((q) => ({ Name: q.Name.trim(), Percent: Number(q.Percent), LevelIds: q.LevelIds })),
      Fees: Object.entries(fees)
        .filter(([, amount]) => amount.trim() !== '')
        .map(([id, amount]) => ({ HostelId: Number(id), Amount: Number(amount) })),
    };
    save.mutate(
      { id: round?.Id ?? null, input },
      {
        onSuccess: (answer) => {
          notify.success(answer.Message ?? t('hostels.saved'));
          onClose();
        },
        onError: (error) => notify.error(serverMessage(error) || t('error.generic')),
      },
    );
  };

  const levelSelect = (value: number[], onChange: (ids: number[]) => void, label: string) => (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => {
        const v = event.target.value as unknown as number[] | string;
        onChange(typeof v === 'string' ? v.split(',').map(Number) : v);
      }}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (selected) =>
            (selected as number[]).length === 0
              ? t('hostels.allLevels')
              : (selected as number[])
                  .map((id) => levelOptions.find((l) => l.value === id)?.label ?? id)
                  .join(', '),
          displayEmpty: true,
        },
        inputLabel: { shrink: true },
      }}
      sx={{ minWidth: 160, flex: 1 }}
    >
      {levelOptions.map((l) => (
        <MenuItem key={l.value} value={l.value}>
          {l.label}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} maxWidth="md" fullWidth>
      <DialogTitle>{round ? t('hostels.editRound') : t('hostels.newRound')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            size="small"
            label={t('hostels.session')}
            value={sessionId}
            onChange={(e) => setSessionId(Number(e.target.value))}
          >
            {(sessions.data?.Data ?? []).map((s) => (
              <MenuItem key={s.value} value={s.value}>
                {s.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label={t('hostels.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            {(
              [
                [t('hostels.opensAt'), opensAt, setOpensAt],
                [t('hostels.closesAt'), closesAt, setClosesAt],
              ] as const
            ).map(([label, value, set]) => (
              <TextField
                key={label}
                size="small"
                type="datetime-local"
                label={label}
                value={value}
                onChange={(e) => set(e.target.value)}
                slotProps={{ inputLabel: { shrink: true } }}
                sx={{ flex: 1, minWidth: 200 }}
              />
            ))}
          </Box>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <TextField
              size="small"
              type="number"
              label={t('hostels.paymentDays')}
              value={paymentDays}
              onChange={(e) => setPaymentDays(e.target.value)}
              sx={{ width: 160 }}
            />
            <TextField
              select
              size="small"
              label={t('hostels.feeRule')}
              value={feeRule}
              onChange={(e) => setFeeRule(e.target.value)}
              sx={{ minWidth: 220 }}
            >
              {FEE_RULES.map((rule) => (
                <MenuItem key={rule} value={rule}>
                  {t(`hostels.feeRule.${rule}`)}
                </MenuItem>
              ))}
            </TextField>
            {levelSelect(levelIds, setLevelIds, t('hostels.levels'))}
          </Box>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {t('hostels.quotas')}
          </Typography>
          {quotas.map((q, i) => (
            <Box key={i} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
              <TextField
                size="small"
                label={t('hostels.quotaName')}
                value={q.Name}
                onChange={(e) =>
                  setQuotas(quotas.map((x, j) => (j === i ? { ...x, Name: e.target.value } : x)))
                }
                sx={{ flex: 1, minWidth: 140 }}
              />
              <TextField
                size="small"
                type="number"
                label={t('hostels.percent')}
                value={q.Percent}
                onChange={(e) =>
                  setQuotas(quotas.map((x, j) => (j === i ? { ...x, Percent: e.target.value } : x)))
                }
                sx={{ width: 100 }}
              />
              {levelSelect(
                q.LevelIds,
                (ids) => setQuotas(quotas.map((x, j) => (j === i ? { ...x, LevelIds: ids } : x))),
                t('hostels.levels'),
              )}
              <IconButton
                aria-label={t('hostels.removeQuota')}
                onClick={() => setQuotas(quotas.filter((_, j) => j !== i))}
              >
                <Delete />
              </IconButton>
            </Box>
          ))}
          <Box>
            <Button
              size="small"
              onClick={() => setQuotas([...quotas, { Name: '', Percent: '0', LevelIds: [] }])}
            >
              {t('hostels.addQuota')}
            </Button>
          </Box>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {t('hostels.fees')}
          </Typography>
          {(hostels.data?.Data ?? []).map((h) => (
            <TextField
              key={h.value}
              size="small"
              type="number"
              label={t('hostels.feeOf', { hostel: h.label })}
              value={fees[h.value] ?? ''}
              onChange={(e) => setFees({ ...fees, [h.value]: e.target.value })}
              helperText={t('hostels.feeHelp')}
            />
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('hostels.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending || !sessionId || !name.trim()}>
          {t('hostels.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
