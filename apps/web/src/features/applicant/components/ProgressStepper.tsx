import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { MessageId } from '../../../i18n/locales';
import { useT } from '../../../i18n/useT';

const STEPS: MessageId[] = [
  'applicant.step.biodata',
  'applicant.step.results',
  'applicant.step.documents',
  'applicant.step.registered',
  'applicant.step.admitted',
];

/**
 * The five steps of the applicant's progress. `active` is the step being worked on (0 to 4);
 * 5 means every step is done. Vertical on a phone, where five labels do not fit across.
 */
export function ProgressStepper({ active }: { active: number }) {
  const t = useT();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <Stepper
      activeStep={active}
      alternativeLabel={!narrow}
      orientation={narrow ? 'vertical' : 'horizontal'}
      aria-label={t('applicant.step.label')}
      sx={{ my: 2 }}
    >
      {STEPS.map((label, index) => (
        <Step key={label} completed={index < active}>
          <StepLabel>{t(label)}</StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}
