import type { ScoreProposal } from '@portal/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { serverMessage } from '../../../components/crud/errors';
import { useT } from '../../../i18n/useT';
import { notify } from '../../../lib/notify';
import { useAcceptProposal } from '../api/proposals';

/**
 * Scores proposed for this sheet (returned assignment grades): each with Accept, which fills the
 * mark only when it is empty — an entered mark stays, and the proposal says so.
 */
export function ProposalsPanel({
  rows,
  canAccept,
  unsaved,
}: {
  /** The sheet's proposals, read with the sheet (SheetPanel). */
  rows: readonly ScoreProposal[];
  canAccept: boolean;
  /** Typed marks not saved yet: accepting would make them stale, so it waits. */
  unsaved: boolean;
}) {
  const t = useT();
  const accept = useAcceptProposal();
  if (rows.length === 0) return null;
  return (
    <Box component="section" aria-label={t('results.proposals.title')} sx={{ mb: 2 }}>
      <Typography component="h3" variant="subtitle1">
        {t('results.proposals.title')}
      </Typography>
      {unsaved && canAccept && <Alert severity="info">{t('results.proposals.saveFirst')}</Alert>}
      <Stack spacing={1} sx={{ mt: 1 }}>
        {rows.map((p) => (
          <Stack
            key={p.Id}
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ flexWrap: 'wrap', alignItems: 'center' }}
            data-testid="score-proposal"
          >
            <Typography variant="body2" sx={{ flex: '1 1 220px' }}>
              {t('results.proposals.line', {
                matricNo: p.MatricNo,
                item: p.ScoreItem,
                score: p.Score,
                source: p.Source,
              })}
            </Typography>
            {p.State === 'pending' && p.CurrentMark !== null && (
              <Typography variant="body2" color="warning.main">
                {t('results.proposals.entered', { mark: p.CurrentMark })}
              </Typography>
            )}
            {p.State === 'pending' ? (
              canAccept && (
                <Button
                  size="small"
                  variant="outlined"
                  disabled={unsaved || accept.isPending}
                  onClick={() =>
                    accept.mutate(p.Id, {
                      onSuccess: (answer) => notify.success(answer.Message),
                      onError: (error) => notify.error(serverMessage(error) || t('error.generic')),
                    })
                  }
                >
                  {t('results.proposals.accept')}
                </Button>
              )
            ) : (
              <Chip
                size="small"
                color={p.State === 'accepted' ? 'success' : 'default'}
                label={t(`results.proposals.state.${p.State}`, { mark: p.CurrentMark ?? '' })}
              />
            )}
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}
