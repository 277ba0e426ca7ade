import type { PaymentProvider } from '@portal/contracts';

// Apart from the status check (check-payment.ts), so that a page can tell a gateway has sent the
// student back to it without downloading the payment parts first (app/routes/student.tsx).

/** A reference the browser brought back from a gateway, or one typed on the status page. */
export interface ReturnedPayment {
  provider: PaymentProvider;
  reference: string;
}

const PROVIDERS: readonly PaymentProvider[] = ['monnify', 'nomba', 'remita'];

/**
 * What a gateway appended to the return URL: `paymentReference` (Monnify), `orderReference` or
 * `orderId` (Nomba), `RRR` or `orderID` (Remita). `provider` (the status page's own links) picks
 * the gateway of a bare `paymentReference`.
 */
export function returnedPayment(params: URLSearchParams): ReturnedPayment | null {
  const get = (name: string) => params.get(name)?.trim() || '';
  const named = get('provider').toLowerCase() as PaymentProvider;
  if (get('paymentReference'))
    return {
      provider: PROVIDERS.includes(named) ? named : 'monnify',
      reference: get('paymentReference'),
    };
  const nomba = get('orderReference') || get('orderId');
  if (nomba) return { provider: 'nomba', reference: nomba };
  const remita = get('RRR') || get('orderID');
  if (remita) return { provider: 'remita', reference: remita };
  return null;
}

/** The return-URL parameters a gateway adds, removed when the dialog closes. */
export const RETURN_PARAMS = ['paymentReference', 'orderReference', 'orderId', 'RRR', 'orderID', 'provider'];
