import Stack from '@mui/material/Stack';
import type { DiscussionBoard } from '@portal/contracts';
import { useState } from 'react';
import { SelectField } from '../../../components/form/SelectField';
import { LoadError, LoadingBlock } from '../../../components/LoadState';
import { PageHeading } from '../../../components/PageHeading';
import { useT } from '../../../i18n/useT';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { boardKey, boardOf, useBoards } from '../api/discussions';
import { BoardView, OpenThread, useOpenThread } from './BoardView';
import { DiscussionsMessages } from './DiscussionsMessages';

/** /student/discussion: the learning discussions of this semester's courses, the student's own and the general discussion. */
export default function StudentDiscussionScreen() {
  return (
    <DiscussionsMessages>
      <Discussions />
    </DiscussionsMessages>
  );
}

export function useBoardName() {
  const t = useT();
  return (b: DiscussionBoard) =>
    b.Kind === 'general'
      ? t('discussions.kind.general')
      : `${t(b.Kind === 'learning' ? 'discussions.kind.learning' : 'discussions.kind.student')}: ${b.Name}`;
}

function Discussions() {
  const t = useT();
  const boards = useBoards();
  const name = useBoardName();
  const [chosen, setChosen] = useState<string | null>(null);
  const [open, setOpen] = useOpenThread();
  useDocumentTitle(`${t('discussions.title')} · ${t('portal.name')}`);
  const heading = <PageHeading title={t('discussions.title')} intro={t('discussions.intro')} />;
  // A notification's link opens its thread, whichever board it is on.
  if (open)
    return (
      <>
        {heading}
        <OpenThread threadId={open} onBack={() => setOpen(null)} />
      </>
    );
  if (boards.isPending) return <LoadingBlock />;
  if (boards.isError) return <LoadError error={boards.error} onRetry={() => void boards.refetch()} />;
  const list = boards.data.map((b) => ({ key: boardKey(boardOf(b)), board: b }));
  const current = list.find((b) => b.key === chosen) ?? list[0]!;
  return (
    <>
      {heading}
      <Stack spacing={2}>
        <SelectField
          size="small"
          label={t('discussions.board')}
          value={current.key}
          onChange={(value) => setChosen(String(value))}
          options={list.map((b) => ({ value: b.key, label: name(b.board) }))}
          sx={{ maxWidth: 480 }}
        />
        <BoardView key={current.key} board={boardOf(current.board)} />
      </Stack>
    </>
  );
}
