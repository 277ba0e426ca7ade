import Description from '@mui/icons-material/Description';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { RecordDocument } from '@portal/contracts';
import { serverMessage } from '../../../components/crud/errors';
import { useT } from '../../../i18n/useT';
import { notify } from '../../../lib/notify';
import { openProtectedFile } from '../api/records';

/** Each uploaded document as a button opening it (fetched with the officer's token). */
export function DocumentButtons({ documents }: { documents: readonly RecordDocument[] }) {
  const t = useT();
  if (documents.length === 0) return <>{t('records.documents.none')}</>;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {documents.map((d) => (
        <Button
          key={d.kind}
          size="small"
          variant="text"
          startIcon={<Description fontSize="small" />}
          onClick={() =>
            openProtectedFile(d.url).catch((error: unknown) =>
              notify.error(serverMessage(error) || t('error.generic')),
            )
          }
        >
          {d.label}
        </Button>
      ))}
    </Stack>
  );
}

export function ActiveChip({ active }: { active: boolean }) {
  const t = useT();
  return (
    <Chip
      size="small"
      color={active ? 'success' : 'default'}
      label={active ? t('records.access.active') : t('records.access.inactive')}
    />
  );
}

/** Runs a mutation and tells the outcome: the server's message, or why it failed. */
export function reportOutcome(t: ReturnType<typeof useT>, after?: () => void) {
  return {
    onSuccess: (answer: { Message: string }) => {
      notify.success(answer.Message);
      after?.();
    },
    onError: (error: unknown) => notify.error(serverMessage(error) || t('error.generic')),
  };
}
