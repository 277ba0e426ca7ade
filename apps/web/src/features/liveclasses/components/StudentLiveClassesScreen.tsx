import Download from '@mui/icons-material/Download';
import PlayCircle from '@mui/icons-material/PlayCircle';
import Videocam from '@mui/icons-material/Videocam';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { LiveClass } from '@portal/contracts';
import { serverMessage } from '../../../components/crud/errors';
import { LoadingBlock } from '../../../components/LoadState';
import { PageHeading } from '../../../components/PageHeading';
import { SectionCard } from '../../../components/SectionCard';
import { useT } from '../../../i18n/useT';
import { notify } from '../../../lib/notify';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useWhen } from '../../../lib/useWhen';
import { enterRoom, useJoin, useStudentClasses } from '../api';
import { LiveClassError } from './LiveClassError';
import { LiveClassesMessages } from './LiveClassesMessages';
import { StateChip } from './StateChip';

/** /student/liveclasses: upcoming classes of the student's courses (Join), past ones with recordings. */
export default function StudentLiveClassesScreen() {
  return (
    <LiveClassesMessages>
      <LiveClasses />
    </LiveClassesMessages>
  );
}

function LiveClasses() {
  const t = useT();
  const classes = useStudentClasses();
  useDocumentTitle(`${t('liveclasses.student.title')} · ${t('portal.name')}`);
  return (
    <>
      <PageHeading title={t('liveclasses.student.title')} intro={t('liveclasses.student.intro')} />
      <Stack spacing={2}>
        <Alert severity="info">{t('liveclasses.lowBandwidth')}</Alert>
        {classes.isPending && <LoadingBlock />}
        {classes.isError && <LiveClassError error={classes.error} onRetry={() => void classes.refetch()} />}
        {classes.data && (
          <>
            <SectionCard title={t('liveclasses.student.upcoming')}>
              {classes.data.Upcoming.length === 0 ? (
                <Typography color="text.secondary">{t('liveclasses.student.none')}</Typography>
              ) : (
                <Stack spacing={1.5}>
                  {classes.data.Upcoming.map((c) => (
                    <ClassCard key={c.Id} cls={c} />
                  ))}
                </Stack>
              )}
            </SectionCard>
            <SectionCard title={t('liveclasses.student.past')}>
              {classes.data.Past.length === 0 ? (
                <Typography color="text.secondary">{t('liveclasses.student.nonePast')}</Typography>
              ) : (
                <Stack spacing={1.5}>
                  {classes.data.Past.map((c) => (
                    <ClassCard key={c.Id} cls={c} />
                  ))}
                </Stack>
              )}
            </SectionCard>
          </>
        )}
      </Stack>
    </>
  );
}

function ClassCard({ cls }: { cls: LiveClass }) {
  const t = useT();
  const when = useWhen();
  const join = useJoin();
  const upcoming = cls.State === 'scheduled' || cls.State === 'live';
  const enter = () =>
    join.mutateAsync(cls.Id).then(
      (a) => a.Data && enterRoom(a.Data.Url),
      (e: unknown) => notify.error(serverMessage(e) || t('liveclasses.error')),
    );
  return (
    <Card variant="outlined" data-testid="live-class">
      <CardContent sx={{ pb: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="subtitle2" color="text.secondary">
            {cls.Code}
          </Typography>
          <StateChip state={cls.State} />
        </Stack>
        <Typography variant="h6" component="h3" sx={{ overflowWrap: 'anywhere' }}>
          {cls.Title}
        </Typography>
        <Typography variant="body2">
          {when(cls.StartsAt)} · {t('liveclasses.minutes', { n: cls.DurationMinutes })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {cls.Lecturer}
        </Typography>
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {upcoming && (
          <>
            <Button
              variant="contained"
              startIcon={<Videocam />}
              disabled={!cls.CanJoin || join.isPending}
              onClick={() => void enter()}
              aria-label={t('liveclasses.joinNamed', { title: cls.Title })}
            >
              {t('liveclasses.join')}
            </Button>
            {!cls.CanJoin && (
              <Typography variant="caption" color="text.secondary">
                {t('liveclasses.joinOpens', { time: when(cls.JoinOpensAt) })}
              </Typography>
            )}
          </>
        )}
        {!upcoming && cls.Recording && (
          <>
            <Button startIcon={<PlayCircle />} href={cls.Recording.Url} target="_blank" rel="noopener">
              {t('liveclasses.recording')}
            </Button>
            {cls.Recording.FileUrl && (
              <Button startIcon={<Download />} href={cls.Recording.FileUrl} download>
                {t('liveclasses.download')}
              </Button>
            )}
          </>
        )}
        {!upcoming && !cls.Recording && cls.State !== 'cancelled' && (
          <Typography variant="caption" color="text.secondary">
            {cls.Record && cls.State === 'ended'
              ? t('liveclasses.recordingPending')
              : t('liveclasses.noRecording')}
          </Typography>
        )}
      </CardActions>
    </Card>
  );
}
