import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { serverMessage } from '../../../components/crud/errors';
import { SectionCard } from '../../../components/SectionCard';
import { useT } from '../../../i18n/useT';
import { notify } from '../../../lib/notify';
import { useAssignReserved } from '../api/hostels';
import { AllocationTable, RoundPageHead, useGenderLabel, useReservedPage } from './parts';

/**
 * AllocateReservedRoom: a free bed of a reserved room assigned by hand to a student (matric number)
 * with the reason (union officials, students with disabilities, sports); audited, and listed below.
 */
export default function AllocateReservedRoomScreen() {
  const t = useT();
  const title = t('adminPage.AllocateReservedRoom');
  const { roundId, setRoundId, reserved, data, assignments } = useReservedPage();
  const gender = useGenderLabel();
  const assign = useAssignReserved();
  const [bed, setBed] = useState('');
  const [matricNo, setMatricNo] = useState('');
  const [reason, setReason] = useState('');
  const freeBeds =
    data?.Rooms.flatMap((room) =>
      room.Beds.filter((b) => !b.Allocation).map((b) => ({
        key: `${room.RoomId}:${b.Bed}`,
        label: `${room.Hostel} · ${room.Block} · ${room.Room} · ${t('hostels.bedN', { n: b.Bed })} (${gender(room.Gender)})`,
      })),
    ) ?? [];
  const submit = () => {
    const [roomId, bedNo] = bed.split(':').map(Number);
    assign.mutate(
      {
        RoundId: data!.RoundId!,
        RoomId: roomId!,
        Bed: bedNo!,
        MatricNo: matricNo.trim(),
        Reason: reason.trim(),
      },
      {
        onSuccess: (answer) => {
          notify.success(answer.Message ?? t('hostels.assigned'));
          setBed('');
          setMatricNo('');
          setReason('');
        },
        onError: (error) => notify.error(serverMessage(error) || t('error.generic')),
      },
    );
  };
  return (
    <>
      <RoundPageHead title={title} roundId={roundId} onRound={setRoundId} query={reserved} />
      {data && (
        <Stack spacing={2}>
          <SectionCard title={t('hostels.assign')}>
            <Stack spacing={2} sx={{ maxWidth: 560 }}>
              <TextField
                select
                size="small"
                label={t('hostels.bedSpace')}
                value={bed}
                onChange={(e) => setBed(e.target.value)}
              >
                {freeBeds.map((b) => (
                  <MenuItem key={b.key} value={b.key}>
                    {b.label}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                size="small"
                label={t('hostels.matricNo')}
                value={matricNo}
                onChange={(e) => setMatricNo(e.target.value)}
              />
              <TextField
                size="small"
                label={t('hostels.reason')}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                multiline
                minRows={2}
              />
              <Box>
                <Button
                  variant="contained"
                  onClick={submit}
                  disabled={
                    assign.isPending || !bed || matricNo.trim().length < 3 || reason.trim().length < 3
                  }
                >
                  {t('hostels.assign')}
                </Button>
              </Box>
            </Stack>
          </SectionCard>
          <SectionCard title={t('hostels.assignments')}>
            <AllocationTable rows={assignments.data?.Data ?? []} label={t('hostels.assignments')} />
          </SectionCard>
        </Stack>
      )}
    </>
  );
}
