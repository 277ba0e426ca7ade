import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { PAYMENT_BUTTON_ORDER, type PaymentProvider, type PaymentStartedResponse } from '@portal/contracts';
import { lazy, Suspense, useId, useState } from 'react';
import { notificationsReady, preloadNotifications } from '../../../components/NotificationHost';
import { useT } from '../../../i18n/useT';
import { ApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useSessionUser } from '../../../lib/session';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { startPayment } from '../api/start-payment';
import { PaymentsMessages } from './PaymentsMessages';
import { PROVIDER_NAMES, ProviderLogo } from './ProviderLogo';

// Remita's dialog (and MUI's Dialog with it) downloads only when a Remita payment has started.
const RemitaPaymentDialog = lazy(() =>
  import('./RemitaPaymentDialog').then((module) => ({ default: module.RemitaPaymentDialog })),
);

const REDIRECT_DELAY_MS = 800;

export interface PaymentButtonsProps {
  /** Remita is shown disabled (spec section 2) unless the institution turns it on. */
  remitaEnabled?: boolean;
}

/**
 * The acceptance-fee payment buttons of the level-3 dashboard banner: Monnify, Remita (disabled)
 * and Nomba. A click starts the payment; the browser then goes to the gateway's checkout.
 */
export function PaymentButtons(props: PaymentButtonsProps) {
  return (
    <PaymentsMessages>
      <AcceptanceButtons {...props} />
    </PaymentsMessages>
  );
}

function AcceptanceButtons({ remitaEnabled = false }: PaymentButtonsProps) {
  const t = useT();
  const user = useSessionUser('applicantUser');
  return (
    <ProviderButtons
      label={t('payments.pay.options')}
      remitaEnabled={remitaEnabled}
      disabled={!user}
      start={(provider) => startPayment(provider, user!)}
    />
  );
}

export interface ProviderButtonsProps {
  label: ReactNode;
  /** Starts the payment at a gateway (the server decides what is paid). */
  start: (provider: PaymentProvider) => Promise<PaymentStartedResponse>;
  remitaEnabled?: boolean;
  disabled?: boolean;
}

/**
 * One button per gateway, for any purpose: a click starts the payment, then the browser goes to
 * the gateway's checkout (Remita: the RRR dialog first, its pay page also payable at a bank).
 * Used inside a PaymentsMessages boundary.
 */
export function ProviderButtons({
  label,
  start: startAt,
  remitaEnabled = true,
  disabled = false,
}: ProviderButtonsProps) {
  const t = useT();
  const start = useMutation({
    mutationFn: ({ provider }: { provider: PaymentProvider }) => startAt(provider),
  });
  const labelId = useId();
  const [leaving, setLeaving] = useState(false);
  const [remita, setRemita] = useState<PaymentStartedResponse['Data'] | null>(null);
  const busy = start.isPending || leaving || disabled;

  const pay = (provider: PaymentProvider) => {
    if (busy) return;
    preloadNotifications();
    start.mutate(
      { provider },
      {
        onSuccess: (answer) => {
          if (provider === 'remita') {
            notify.success(t('payments.refGenerated'));
            setRemita(answer.Data);
            return;
          }
          // The reference must be seen before the page is left: the redirect waits until it is
          // drawn and has been up a moment.
          notify.success(t('payments.refGenerated'));
          setLeaving(true);
          const leave = () => window.location.assign(answer.Data.checkOutUrl);
          notificationsReady().then(() => window.setTimeout(leave, REDIRECT_DELAY_MS), leave);
        },
        onError: (error) => {
          // A refusal (not admitted, already paid, gateway down) carries the server's Message.
          if (error instanceof ApiError && error.message) notify.warning(error.message);
          else notify.error(t('payments.initError'));
        },
      },
    );
  };

  return (
    <Box role="group" aria-labelledby={labelId}>
      <Typography id={labelId} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {label}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
        {PAYMENT_BUTTON_ORDER.map((provider) => {
          const disabled = provider === 'remita' && !remitaEnabled;
          const running = start.isPending && start.variables?.provider === provider;
          return (
            <Button
              key={provider}
              variant="outlined"
              size="large"
              disabled={disabled || busy}
              onClick={() => pay(provider)}
              startIcon={
                running ? (
                  <CircularProgress size={20} aria-hidden />
                ) : (
                  <Box component="span" aria-hidden sx={{ opacity: disabled ? 0.5 : 1 }}>
                    <ProviderLogo provider={provider} height={20} />
                  </Box>
                )
              }
              sx={{ minWidth: 150, flex: { xs: '1 1 100%', sm: '0 0 auto' }, justifyContent: 'flex-start' }}
            >
              {PROVIDER_NAMES[provider]}
            </Button>
          );
        })}
      </Box>
      {remita && (
        <Suspense fallback={null}>
          <RemitaPaymentDialog started={remita} onClose={() => setRemita(null)} />
        </Suspense>
      )}
    </Box>
  );
}
