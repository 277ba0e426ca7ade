import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import { useT } from '../../../i18n/useT';
import { formatNaira } from '../../../lib/money';
import { useSchoolFees } from '../api/get-school-fees';
import { PaymentsMessages } from './PaymentsMessages';

/**
 * For the student dashboard: what the signed-in student owes for this session's school fees, what
 * is paid, and a Pay button to /student/payment. Reads GET api/student/school-fees.
 */
export function SchoolFeesDueCard() {
  return (
    <PaymentsMessages fallback={<Skeleton variant="rounded" height={140} />}>
      <DueCard />
    </PaymentsMessages>
  );
}

function DueCard() {
  const t = useT();
  const intl = useIntl();
  const statement = useSchoolFees();
  const data = statement.data?.Data;
  const naira = (n: number) => formatNaira(intl, n);

  if (statement.isPending) return <Skeleton variant="rounded" height={140} />;
  const settled = data !== undefined && data.Lines.length > 0 && data.Balance <= 0;
  return (
    <Card variant="outlined" data-testid="school-fees-due-card">
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {t('payments.schoolFees.card.title', { session: data?.Session ?? '' })}
        </Typography>
        {!data ? (
          <Typography color="text.secondary">{t('payments.error.generic')}</Typography>
        ) : data.Lines.length === 0 ? (
          <Typography color="text.secondary">{t('payments.schoolFees.noFees')}</Typography>
        ) : settled ? (
          <Chip color="success" label={t('payments.schoolFees.card.settled')} sx={{ justifySelf: 'start' }} />
        ) : (
          <>
            <Typography variant="h6" component="p" data-testid="school-fees-owing">
              {t('payments.schoolFees.card.owing', { amount: naira(data.Balance) })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('payments.schoolFees.card.paidOf', { paid: naira(data.Paid), total: naira(data.Total) })}
            </Typography>
            <LinearProgress
              variant="determinate"
              value={data.Total > 0 ? Math.min(100, (data.Paid / data.Total) * 100) : 0}
              aria-label={t('payments.schoolFees.card.paidOf', {
                paid: naira(data.Paid),
                total: naira(data.Total),
              })}
            />
          </>
        )}
      </CardContent>
      {data && !settled && data.Lines.length > 0 && (
        <CardActions>
          <Button variant="contained" component={RouterLink} to="/student/payment">
            {t('payments.schoolFees.card.pay')}
          </Button>
        </CardActions>
      )}
    </Card>
  );
}

export default SchoolFeesDueCard;
