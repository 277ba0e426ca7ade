import FileDownload from '@mui/icons-material/FileDownload';
import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { sheetEntry, type ResultSheetState, type SheetRow } from '@portal/contracts';
import { useId, useMemo, useRef, useState } from 'react';
import { ProposalsPanel } from './ProposalsPanel';
import { ConfirmDialog } from '../../../components/crud/ConfirmDialog';
import { serverMessage } from '../../../components/crud/errors';
import { UploadProgress } from '../../../components/crud/UploadProgress';
import { SimpleTable, type SimpleColumn } from '../../../components/SimpleTable';
import { TablePager } from '../../../components/TablePager';
import type { MessageId } from '../../../i18n/locales';
import { useT } from '../../../i18n/useT';
import { ApiError, apiBlob } from '../../../lib/api';
import { saveFile } from '../../../lib/download';
import { notify } from '../../../lib/notify';
import { useWhen } from '../../../lib/useWhen';
import {
  RESULTS,
  useAmendSheet,
  useDecideSheet,
  useSaveScores,
  useSheet,
  useSubmitSheet,
  useUploadScores,
  type SheetKey,
} from '../api/results';
import { useScoreProposals } from '../api/proposals';

const STATE_COLOR: Record<ResultSheetState, 'default' | 'info' | 'warning' | 'success' | 'primary'> = {
  draft: 'default',
  returned: 'warning',
  in_review: 'info',
  approved: 'success',
  published: 'primary',
};

export function SheetStateChip({ state }: { state: ResultSheetState | null }) {
  const t = useT();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={state ? STATE_COLOR[state] : 'default'}
      label={t(`results.state.${state ?? 'none'}`)}
    />
  );
}

const PAGE = 50;
type Edits = Record<number, Record<string, string>>;

/** What is wrong with a typed mark (null when it is blank or a score from 0 to `max`). */
export function markProblem(text: string, max: number): 'aboveMax' | 'notAScore' | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0) return 'notAScore';
  return value > max ? 'aboveMax' : null;
}

/**
 * One course's score sheet: the registered students with a score per item, the total and grade the
 * server computed; for its lecturer while it is a draft or returned, typing or uploading scores
 * (CSV/XLSX, with the template), then submitting it; for a reviewer at the stage it awaits,
 * approving or returning it; once locked, opening an amendment. Earlier revisions stay readable.
 */
export function SheetPanel({ sheetKey, onClose }: { sheetKey: SheetKey; onClose?: () => void }) {
  const t = useT();
  const when = useWhen();
  const [revision, setRevision] = useState<number | undefined>(undefined);
  const query = useSheet({ ...sheetKey, revision });
  // Read beside the sheet and waited for with it: the proposals sit above the scores and the
  // reviewer's buttons, so arriving later they would push them down under a pointer about to click.
  const proposals = useScoreProposals(sheetKey.courseId, sheetKey.semesterId);
  const sheet = query.data?.Data;
  const [edits, setEdits] = useState<Edits>({});
  const [page, setPage] = useState(0);
  const [problems, setProblems] = useState<readonly { path: string; message: string }[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [asking, setAsking] = useState<'submit' | 'approve' | 'return' | 'amend' | null>(null);
  const [comment, setComment] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const save = useSaveScores();
  const upload = useUploadScores();
  const submit = useSubmitSheet();
  const decide = useDecideSheet();
  const amend = useAmendSheet();
  const reasonId = useId();

  const changed = Object.keys(edits).length;
  const invalid = useMemo(() => {
    if (!sheet) return false;
    return Object.values(edits).some((scores) =>
      Object.entries(scores).some(
        ([item, text]) =>
          markProblem(text, sheet.Items.find((i) => String(i.Id) === item)?.Max ?? 100) !== null,
      ),
    );
  }, [edits, sheet]);

  if (query.isLoading || proposals.isLoading) return <LinearProgress aria-label={t('results.loading')} />;
  if (query.isError || !sheet)
    return <Alert severity="error">{serverMessage(query.error) || t('error.generic')}</Alert>;

  const failed = (error: unknown) => {
    setProblems(error instanceof ApiError ? error.errors : []);
    notify.error(serverMessage(error) || t('error.generic'));
  };
  const done = (message: string) => {
    setProblems([]);
    notify.success(message);
  };
  const scoreOf = (row: SheetRow, item: string) =>
    edits[row.StudentId]?.[item] ?? (row.Scores[item] === null ? '' : String(row.Scores[item]));
  /** The row's total and grade as typed: the server's rule over the saved marks with the edits on top. */
  const live = (row: SheetRow) => {
    const typed = edits[row.StudentId];
    if (!typed) return { total: row.Total, grade: row.Grade };
    const scores: Record<string, number | null> = { ...row.Scores };
    for (const item of sheet.Items) {
      const text = typed[String(item.Id)];
      if (text === undefined) continue;
      scores[String(item.Id)] = text.trim() === '' || markProblem(text, item.Max) ? null : Number(text);
    }
    return sheetEntry(scores, sheet.Items, sheet.Scale);
  };
  const setScore = (row: SheetRow, item: string, text: string) =>
    setEdits((current) => ({ ...current, [row.StudentId]: { ...current[row.StudentId], [item]: text } }));

  const onSave = () =>
    save.mutate(
      {
        CourseId: sheet.CourseId,
        SemesterId: sheet.SemesterId,
        ExpectedVersion: sheet.Version,
        Rows: sheet.Rows.filter((r) => edits[r.StudentId]).map((r) => ({
          MatricNo: r.MatricNo,
          Scores: Object.fromEntries(
            Object.entries(edits[r.StudentId]!).map(([item, text]) => [
              item,
              text.trim() === '' ? null : Number(text),
            ]),
          ),
        })),
      },
      {
        onSuccess: (answer) => {
          setEdits({});
          done(answer.Message);
        },
        onError: failed,
      },
    );

  const onFile = (file: File | undefined) => {
    if (!file) return;
    setProgress(0);
    upload.mutate(
      {
        key: { courseId: sheet.CourseId, semesterId: sheet.SemesterId },
        expectedVersion: sheet.Version,
        file,
        onProgress: (p) => setProgress(p.percent / 100),
      },
      {
        onSuccess: (answer) => {
          setEdits({});
          done(answer.Message);
        },
        onError: failed,
        onSettled: () => {
          setProgress(null);
          if (fileInput.current) fileInput.current.value = '';
        },
      },
    );
  };

  const template = async (format: 'csv' | 'xlsx') => {
    try {
      saveFile(
        await apiBlob(`${RESULTS}/sheet/template`, {
          query: { courseId: sheet.CourseId, semesterId: sheet.SemesterId, format },
        }),
        `${sheet.Code.replace(/\s+/g, '')}-scores.${format}`,
      );
    } catch (error) {
      notify.error(serverMessage(error) || t('error.download'));
    }
  };

  const confirm = () => {
    const close = {
      onSuccess: (answer: { Message: string }) => (setAsking(null), done(answer.Message)),
      onError: failed,
    };
    if (asking === 'submit') submit.mutate({ id: sheet.Id!, version: sheet.Version }, close);
    if (asking === 'amend') amend.mutate({ id: sheet.Id!, reason: comment.trim() }, close);
    if (asking === 'approve' || asking === 'return')
      decide.mutate(
        { id: sheet.Id!, Decision: asking, Comment: comment.trim(), ExpectedVersion: sheet.Version },
        {
          ...close,
          onSuccess: (answer) => {
            close.onSuccess(answer);
            onClose?.();
          },
        },
      );
  };
  const pending =
    save.isPending || upload.isPending || submit.isPending || decide.isPending || amend.isPending;

  const columns: SimpleColumn<SheetRow>[] = [
    { header: t('results.field.matricNo'), priority: 0, cell: (r) => r.MatricNo },
    { header: t('results.field.name'), priority: 2, cell: (r) => r.Name },
    ...sheet.Items.map((item) => ({
      header: `${item.Name} (${item.Max})`,
      numeric: true,
      priority: 0,
      controls: sheet.CanEdit,
      cell: (r: SheetRow) => {
        if (!sheet.CanEdit) return r.Scores[String(item.Id)] ?? '—';
        const problem = markProblem(scoreOf(r, String(item.Id)), item.Max);
        return (
          <TextField
            size="small"
            value={scoreOf(r, String(item.Id))}
            onChange={(event) => setScore(r, String(item.Id), event.target.value)}
            slotProps={{
              htmlInput: {
                inputMode: 'decimal',
                'aria-label': `${item.Name}, ${r.MatricNo}`,
                style: { width: 56, textAlign: 'end' },
              },
              formHelperText: { sx: { mx: 0, maxWidth: 120 } },
            }}
            error={problem !== null}
            helperText={problem ? t(`results.${problem}`, { max: item.Max }) : undefined}
          />
        );
      },
    })),
    {
      header: t('results.field.total'),
      numeric: true,
      priority: 0,
      cell: (r) => live(r).total ?? '—',
    },
    { header: t('results.field.grade'), priority: 0, cell: (r) => live(r).grade ?? '—' },
  ];

  // Why a button of the lecturer's is greyed out, said beside it.
  const saveReason = invalid ? null : !changed ? t('results.nothingToSave') : null;
  const submitReason =
    changed > 0 ? t('results.saveBeforeSubmit') : sheet.Id === null ? t('results.saveFirst') : null;

  const stageIndex = sheet.State === 'in_review' ? sheet.Stages.indexOf(sheet.Stage ?? '') : -1;
  return (
    <Card variant="outlined" sx={{ mt: 2 }}>
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 1 }}>
          <Box>
            <Typography component="h2" variant="h6">
              {sheet.Code} · {sheet.Title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {sheet.Department} · {sheet.Semester} · {t('results.units', { units: sheet.Units })}
            </Typography>
          </Box>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <SheetStateChip state={sheet.State} />
            {sheet.Revisions.length > 1 && (
              <TextField
                select
                size="small"
                label={t('results.revision')}
                value={sheet.Revision}
                onChange={(event) => setRevision(Number(event.target.value))}
              >
                {sheet.Revisions.map((r) => (
                  <MenuItem key={r.Revision} value={r.Revision}>
                    {t('results.revisionOf', { n: r.Revision })} · {t(`results.state.${r.State}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          </Stack>
        </Stack>
        <Stack
          direction="row"
          spacing={0.5}
          useFlexGap
          sx={{ flexWrap: 'wrap', mb: 2 }}
          aria-label={t('results.chain')}
        >
          {sheet.Stages.map((stage, i) => (
            <Chip
              key={stage}
              size="small"
              label={stage}
              color={
                i === stageIndex
                  ? 'info'
                  : i < stageIndex || ['approved', 'published'].includes(sheet.State)
                    ? 'success'
                    : 'default'
              }
              variant={i === stageIndex ? 'filled' : 'outlined'}
            />
          ))}
        </Stack>
        {sheet.AmendmentReason && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('results.amendment', { reason: sheet.AmendmentReason })}
          </Alert>
        )}
        {sheet.CanEdit && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
            <Button variant="outlined" startIcon={<FileDownload />} onClick={() => void template('xlsx')}>
              {t('results.templateXlsx')}
            </Button>
            <Button variant="outlined" startIcon={<FileDownload />} onClick={() => void template('csv')}>
              {t('results.templateCsv')}
            </Button>
            <Button variant="outlined" component="label" startIcon={<UploadFile />} disabled={pending}>
              {t('results.upload')}
              <input
                ref={fileInput}
                hidden
                type="file"
                accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                onChange={(event) => onFile(event.target.files?.[0])}
              />
            </Button>
          </Stack>
        )}
        {progress !== null && <UploadProgress fraction={progress} />}
        {problems.length > 0 && (
          <Alert severity="error" sx={{ mb: 2 }}>
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {problems.slice(0, 50).map((p) => (
                <li key={`${p.path}-${p.message}`}>
                  {p.path}: {p.message}
                </li>
              ))}
            </Box>
          </Alert>
        )}
        <ProposalsPanel rows={proposals.data ?? []} canAccept={sheet.CanEdit} unsaved={changed > 0} />
        {sheet.Rows.length === 0 ? (
          <Typography color="text.secondary">{t('results.noStudents')}</Typography>
        ) : (
          <>
            <SimpleTable
              label={t('results.sheetLabel', { code: sheet.Code })}
              columns={columns}
              rows={sheet.Rows.slice(page * PAGE, (page + 1) * PAGE)}
              rowKey={(r) => r.StudentId}
            />
            {sheet.Rows.length > PAGE && (
              <TablePager count={sheet.Rows.length} page={page} rowsPerPage={PAGE} onPageChange={setPage} />
            )}
          </>
        )}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 2 }}>
          {sheet.CanEdit && (
            <>
              <Button
                variant="contained"
                disabled={!changed || invalid || pending}
                onClick={onSave}
                aria-describedby={saveReason || invalid ? `${reasonId}-save` : undefined}
              >
                {t('results.save')}
              </Button>
              <Button
                variant="outlined"
                disabled={sheet.Id === null || changed > 0 || pending}
                aria-describedby={submitReason ? `${reasonId}-submit` : undefined}
                onClick={() => setAsking('submit')}
              >
                {t('results.submit')}
              </Button>
            </>
          )}
          {sheet.CanDecide && (
            <>
              <Button
                variant="contained"
                color="success"
                disabled={pending}
                onClick={() => (setComment(''), setAsking('approve'))}
              >
                {t('results.approveAt', { stage: sheet.Stage ?? '' })}
              </Button>
              <Button
                variant="outlined"
                color="warning"
                disabled={pending}
                onClick={() => (setComment(''), setAsking('return'))}
              >
                {t('results.return')}
              </Button>
            </>
          )}
          {sheet.CanAmend && (
            <Button
              variant="outlined"
              disabled={pending}
              onClick={() => (setComment(''), setAsking('amend'))}
            >
              {t('results.amend')}
            </Button>
          )}
        </Stack>
        {sheet.CanEdit && (
          <Box sx={{ mt: 1 }}>
            {invalid && (
              <Typography id={`${reasonId}-save`} color="error" variant="body2">
                {t('results.invalidScores')}
              </Typography>
            )}
            {saveReason && (
              <Typography id={`${reasonId}-save`} color="text.secondary" variant="body2">
                {saveReason}
              </Typography>
            )}
            {changed > 0 && (
              <Typography color="text.secondary" variant="body2">
                {t('results.unsaved', { count: changed })}
              </Typography>
            )}
            {submitReason && submitReason !== saveReason && (
              <Typography id={`${reasonId}-submit`} color="text.secondary" variant="body2">
                {submitReason}
              </Typography>
            )}
          </Box>
        )}
        <Typography component="h3" variant="subtitle1" sx={{ mt: 3, mb: 1, fontWeight: 600 }}>
          {t('results.history')}
        </Typography>
        {sheet.History.length === 0 ? (
          <Typography color="text.secondary">{t('results.noHistory')}</Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {sheet.History.map((h, i) => (
              <li key={i}>
                <Typography variant="body2">
                  {when(h.At)} · {t(`results.action.${h.Action}` as MessageId)}
                  {h.Stage ? ` (${h.Stage})` : ''}
                  {h.By ? ` · ${h.By}` : ''}
                  {h.Comment ? ` — ${h.Comment}` : ''}
                </Typography>
              </li>
            ))}
          </Box>
        )}
      </CardContent>
      <ConfirmDialog
        open={asking !== null}
        title={asking ? t(`results.confirm.${asking}.title`) : ''}
        message={
          asking ? t(`results.confirm.${asking}.message`, { code: sheet.Code, stage: sheet.Stage ?? '' }) : ''
        }
        confirmLabel={asking ? t(`results.confirm.${asking}.action`) : ''}
        onConfirm={confirm}
        onClose={() => setAsking(null)}
        pending={pending}
        confirmDisabled={
          (asking === 'return' || asking === 'amend') && comment.trim().length < (asking === 'amend' ? 5 : 1)
        }
      >
        {(asking === 'return' || asking === 'approve' || asking === 'amend') && (
          <TextField
            fullWidth
            multiline
            minRows={2}
            sx={{ mt: 2 }}
            label={t(asking === 'amend' ? 'results.reason' : 'results.comment')}
            required={asking !== 'approve'}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
          />
        )}
      </ConfirmDialog>
    </Card>
  );
}
