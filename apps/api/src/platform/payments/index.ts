import { createHmac } from 'node:crypto';
import type { Config } from '../../config.js';
import { MonnifyGateway } from './monnify.js';
import { NombaGateway } from './nomba.js';
import { RemitaGateway } from './remita.js';
import { PROVIDERS, type PaymentGateway, type ProviderName } from './types.js';

export * from './types.js';
export { MonnifyGateway, monnifySignature } from './monnify.js';
export { NombaGateway, nombaSignature, nombaSignedMessage } from './nomba.js';
export { RemitaGateway, remitaHash } from './remita.js';

/** Where the built-in sandbox gateway is served; each provider's documented paths live below it. */
export const SANDBOX_PREFIX = '/api/sandbox';

/** The providers' own sandbox hosts, used when credentials are given without a base URL. */
const PROVIDER_SANDBOX_HOSTS: Record<ProviderName, string> = {
  monnify: 'https://sandbox.monnify.com',
  nomba: 'https://sandbox.nomba.com',
  remita: 'https://demo.remita.net',
};

export interface SandboxCredentials {
  monnify: { apiKey: string; secretKey: string; contractCode: string };
  nomba: { clientId: string; clientSecret: string; accountId: string; signatureKey: string };
  remita: { merchantId: string; serviceTypeId: string; apiKey: string };
}

/** The sandbox's keys, derived from the secret kept in DATA_DIR (so they survive restarts). */
export function sandboxCredentials(secret: string): SandboxCredentials {
  const derive = (label: string) => createHmac('sha256', secret).update(`sandbox:${label}`).digest();
  const hex = (label: string, length: number) => derive(label).toString('hex').slice(0, length);
  const digits = (label: string, length: number) =>
    [...derive(label)]
      .map((b) => String(b % 10))
      .join('')
      .slice(0, length)
      .replace(/^0/, '1');
  const uuid = (label: string) => {
    const h = hex(label, 32);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
  };
  return {
    monnify: {
      apiKey: `MK_TEST_${hex('monnify-api-key', 10).toUpperCase()}`,
      secretKey: derive('monnify-secret-key').toString('base64url').slice(0, 32).toUpperCase(),
      contractCode: digits('monnify-contract-code', 10),
    },
    nomba: {
      clientId: uuid('nomba-client-id'),
      clientSecret: derive('nomba-client-secret').toString('base64').slice(0, 44),
      accountId: uuid('nomba-account-id'),
      signatureKey: derive('nomba-signature-key').toString('base64url'),
    },
    remita: {
      merchantId: digits('remita-merchant-id', 7),
      serviceTypeId: digits('remita-service-type-id', 7),
      apiKey: hex('remita-api-key', 16),
    },
  };
}

export interface GatewayEntry {
  gateway: PaymentGateway;
  /** True when the built-in sandbox stands in for the provider. */
  sandbox: boolean;
}

export type Gateways = Record<ProviderName, GatewayEntry | null>;

export function sandboxAllowed(config: Config): boolean {
  return (
    config.PAYMENT_SANDBOX === 'on' || (config.PAYMENT_SANDBOX === 'auto' && config.NODE_ENV !== 'production')
  );
}

/**
 * One adapter per provider: real credentials when configured, otherwise the built-in sandbox
 * (outside production, or when PAYMENT_SANDBOX=on), otherwise none — the provider is then
 * unavailable. Partly configured credentials stop start-up.
 */
export function createGateways(config: Config): Gateways {
  const timeoutMs = config.PAYMENT_GATEWAY_TIMEOUT * 1000;
  const sandbox = sandboxCredentials(config.PAYMENT_SANDBOX_SECRET);
  const allowSandbox = sandboxAllowed(config);
  const sandboxBase = (provider: ProviderName) => `${config.PUBLIC_URL}${SANDBOX_PREFIX}/${provider}`;
  const base = (provider: ProviderName, url: string | undefined) =>
    (url ?? PROVIDER_SANDBOX_HOSTS[provider]).replace(/\/+$/, '');

  const configured = (provider: ProviderName, values: Record<string, string | undefined>): boolean => {
    const missing = Object.entries(values)
      .filter(([, v]) => !v)
      .map(([k]) => k);
    if (missing.length === 0) return true;
    if (missing.length < Object.keys(values).length) {
      throw new Error(
        `Invalid configuration: ${provider} is partly configured; also set ${missing.join(', ')}`,
      );
    }
    return false;
  };

  const monnify: GatewayEntry | null = configured('monnify', {
    MONNIFY_API_KEY: config.MONNIFY_API_KEY,
    MONNIFY_SECRET_KEY: config.MONNIFY_SECRET_KEY,
    MONNIFY_CONTRACT_CODE: config.MONNIFY_CONTRACT_CODE,
  })
    ? {
        sandbox: false,
        gateway: new MonnifyGateway({
          baseUrl: base('monnify', config.MONNIFY_BASE_URL),
          apiKey: config.MONNIFY_API_KEY!,
          secretKey: config.MONNIFY_SECRET_KEY!,
          contractCode: config.MONNIFY_CONTRACT_CODE!,
          timeoutMs,
        }),
      }
    : allowSandbox
      ? {
          sandbox: true,
          gateway: new MonnifyGateway({ baseUrl: sandboxBase('monnify'), ...sandbox.monnify, timeoutMs }),
        }
      : null;

  const nomba: GatewayEntry | null = configured('nomba', {
    NOMBA_CLIENT_ID: config.NOMBA_CLIENT_ID,
    NOMBA_CLIENT_SECRET: config.NOMBA_CLIENT_SECRET,
    NOMBA_ACCOUNT_ID: config.NOMBA_ACCOUNT_ID,
    NOMBA_SIGNATURE_KEY: config.NOMBA_SIGNATURE_KEY,
  })
    ? {
        sandbox: false,
        gateway: new NombaGateway({
          baseUrl: base('nomba', config.NOMBA_BASE_URL),
          clientId: config.NOMBA_CLIENT_ID!,
          clientSecret: config.NOMBA_CLIENT_SECRET!,
          accountId: config.NOMBA_ACCOUNT_ID!,
          signatureKey: config.NOMBA_SIGNATURE_KEY!,
          timeoutMs,
        }),
      }
    : allowSandbox
      ? {
          sandbox: true,
          gateway: new NombaGateway({ baseUrl: sandboxBase('nomba'), ...sandbox.nomba, timeoutMs }),
        }
      : null;

  const remita: GatewayEntry | null = configured('remita', {
    REMITA_MERCHANT_ID: config.REMITA_MERCHANT_ID,
    REMITA_SERVICE_TYPE_ID: config.REMITA_SERVICE_TYPE_ID,
    REMITA_API_KEY: config.REMITA_API_KEY,
  })
    ? {
        sandbox: false,
        gateway: new RemitaGateway({
          baseUrl: base('remita', config.REMITA_BASE_URL),
          merchantId: config.REMITA_MERCHANT_ID!,
          serviceTypeId: config.REMITA_SERVICE_TYPE_ID!,
          apiKey: config.REMITA_API_KEY!,
          timeoutMs,
        }),
      }
    : allowSandbox
      ? {
          sandbox: true,
          gateway: new RemitaGateway({ baseUrl: sandboxBase('remita'), ...sandbox.remita, timeoutMs }),
        }
      : null;

  const gateways: Gateways = { monnify, nomba, remita };
  for (const name of PROVIDERS)
    if (gateways[name] && gateways[name].gateway.name !== name) throw new Error('gateway mix-up');
  return gateways;
}
