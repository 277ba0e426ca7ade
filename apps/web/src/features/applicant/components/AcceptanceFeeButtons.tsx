import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useT } from '../../../i18n/useT';

/**
 * The acceptance-fee buttons of the level-3 banner (Monnify, Remita disabled, Nomba), as a
 * placeholder: the payments feature supplies the working ones through the dashboard's
 * `acceptanceFeeActions` slot.
 */
export function AcceptanceFeeButtons() {
  const t = useT();
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Button variant="contained">{t('applicant.pay.monnify')}</Button>
      <Button variant="contained" disabled>
        {t('applicant.pay.remita')}
      </Button>
      <Button variant="contained">{t('applicant.pay.nomba')}</Button>
    </Stack>
  );
}
