import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useLocation, useNavigate } from 'react-router';
import { useT } from '../../../i18n/useT';
import { useSessionUser } from '../../../lib/session';
import { useApplicantRecord } from '../api/get-applicant-record';

const CHANGE_PASSWORD_PATH = '/applicant/changepassword';

/**
 * 'Welcome!': while the default password is unchanged (IsPasswdChgd null) every applicant screen
 * but the change-password page is covered by this dialog. Proceed is the only way out: it has no
 * close button, and Escape and the backdrop do nothing.
 */
export default function WelcomeDialog() {
  const t = useT();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const user = useSessionUser('applicantUser');
  const record = useApplicantRecord(user?.ApplicantID ?? 0);
  const mustChange = record.data ? record.data.Data.IsPasswdChgd === null : false;
  const open = mustChange && pathname.toLowerCase().replace(/\/+$/, '') !== CHANGE_PASSWORD_PATH;

  return (
    <Dialog open={open} aria-labelledby="welcome-title" aria-describedby="welcome-text">
      <DialogTitle id="welcome-title">{t('applicant.welcome.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="welcome-text">{t('applicant.welcome.text')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" autoFocus onClick={() => navigate(CHANGE_PASSWORD_PATH)}>
          {t('applicant.welcome.proceed')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
