import type { PaymentProvider } from '@portal/contracts';
import { useT } from '../../../i18n/useT';

/** The gateways' names as they write them (brand names are not translated). */
export const PROVIDER_NAMES: Record<PaymentProvider, string> = {
  monnify: 'Monnify',
  nomba: 'Nomba',
  remita: 'Remita',
};

const MARKS: Record<PaymentProvider, { background: string; colour: string; text: string }> = {
  monnify: { background: '#0b3b75', colour: '#ffffff', text: 'monnify' },
  nomba: { background: '#111111', colour: '#ffcc00', text: 'nomba' },
  remita: { background: '#e4412b', colour: '#ffffff', text: 'remita' },
};

export const isProvider = (value: string): value is PaymentProvider => value in MARKS;

/** A small text mark of a gateway, drawn inline (no external image). */
export function ProviderLogo({ provider, height = 32 }: { provider: PaymentProvider; height?: number }) {
  const t = useT();
  const mark = MARKS[provider];
  const width = Math.round(height * 3.4);
  return (
    <svg
      role="img"
      aria-label={t('payments.provider.logo', { provider: PROVIDER_NAMES[provider] })}
      width={width}
      height={height}
      viewBox="0 0 102 30"
      style={{ display: 'block', flexShrink: 0 }}
    >
      <rect width="102" height="30" rx="6" fill={mark.background} />
      <circle cx="15" cy="15" r="6" fill="none" stroke={mark.colour} strokeWidth="2.5" />
      <text
        x="27"
        y="20"
        fill={mark.colour}
        fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
        fontSize="14"
        fontWeight="700"
      >
        {mark.text}
      </text>
    </svg>
  );
}
