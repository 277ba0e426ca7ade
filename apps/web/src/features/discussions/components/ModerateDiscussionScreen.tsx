import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DISCUSSION_PAGES, type DiscussionKind } from '@portal/contracts';
import { useId, useState } from 'react';
import { useStaffOfferings } from '../../../components/classroom/staffOfferings';
import { ReferenceInput } from '../../../components/crud/ReferenceInput';
import { LoadError, LoadingBlock } from '../../../components/LoadState';
import { PageHeading } from '../../../components/PageHeading';
import { useT } from '../../../i18n/useT';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { boardKey, type BoardRef } from '../api/discussions';
import { BoardView, useOpenThread } from './BoardView';
import { DiscussionsMessages } from './DiscussionsMessages';
import { ReportsPanel } from './ReportsPanel';

const TITLES = {
  learning: 'discussions.kind.learning',
  student: 'discussions.kind.student',
  general: 'discussions.kind.general',
} as const;

/**
 * /admin/learningdiscussion, /admin/studentdiscussion, /admin/generaldiscussion: take part (a
 * lecturer in their courses' learning discussions) and moderate — hide and restore posts, lock and
 * pin threads — with the board's reported posts listed.
 */
export default function ModerateDiscussionScreen({ kind }: { kind: DiscussionKind }) {
  return (
    <DiscussionsMessages>
      <Moderate kind={kind} />
    </DiscussionsMessages>
  );
}

function Moderate({ kind }: { kind: DiscussionKind }) {
  const t = useT();
  useDocumentTitle(`${t(TITLES[kind])} · ${t('portal.name')}`);
  return (
    <>
      <PageHeading title={t(TITLES[kind])} />
      {kind === 'learning' && <LearningPicker />}
      {kind === 'student' && <PlacePicker />}
      {kind === 'general' && <Board board={{ kind: 'general' }} />}
    </>
  );
}

function Board({ board }: { board: BoardRef }) {
  const [open, setOpen] = useOpenThread();
  return (
    <Stack spacing={3}>
      <BoardView key={boardKey(board)} board={board} />
      {!open && <ReportsPanel board={board} onOpen={setOpen} />}
    </Stack>
  );
}

function LearningPicker() {
  const t = useT();
  const offerings = useStaffOfferings(DISCUSSION_PAGES.learning, 1, 100, '');
  const [chosen, setChosen] = useState<string | null>(null);
  if (offerings.isPending) return <LoadingBlock />;
  if (offerings.isError)
    return <LoadError error={offerings.error} onRetry={() => void offerings.refetch()} />;
  const list = offerings.data.Data.map((o) => {
    const board: BoardRef = { kind: 'learning', courseId: o.CourseId, sessionId: o.SessionId };
    return { key: boardKey(board), board, name: `${o.Code} · ${o.Title} (${o.Session})` };
  });
  if (list.length === 0)
    return <Typography color="text.secondary">{t('discussions.noOfferings')}</Typography>;
  const current = list.find((b) => b.key === chosen) ?? list[0]!;
  return (
    <Stack spacing={2}>
      <TextField
        select
        size="small"
        label={t('discussions.offering')}
        value={current.key}
        onChange={(e) => setChosen(e.target.value)}
        sx={{ maxWidth: 480 }}
      >
        {list.map((b) => (
          <MenuItem key={b.key} value={b.key}>
            {b.name}
          </MenuItem>
        ))}
      </TextField>
      <Board board={current.board} />
    </Stack>
  );
}

function PlacePicker() {
  const t = useT();
  const id = useId();
  const [departmentId, setDepartmentId] = useState<number | null>(null);
  const [levelId, setLevelId] = useState<number | null>(null);
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <ReferenceInput
          id={`${id}-department`}
          path="/api/admin/departments"
          label={t('discussions.department')}
          value={departmentId}
          onChange={setDepartmentId}
          size="small"
          sx={{ minWidth: 240 }}
        />
        <ReferenceInput
          id={`${id}-level`}
          path="/api/admin/levels"
          label={t('discussions.level')}
          value={levelId}
          onChange={setLevelId}
          size="small"
          sx={{ minWidth: 180 }}
        />
      </Stack>
      {departmentId && levelId ? (
        <Board board={{ kind: 'student', departmentId, levelId }} />
      ) : (
        <Typography color="text.secondary">{t('discussions.choosePlace')}</Typography>
      )}
    </Stack>
  );
}
