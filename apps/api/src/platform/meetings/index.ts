import { createHmac } from 'node:crypto';
import type { Config } from '../../config.js';
import { BigBlueButtonEngine } from './bbb.js';
import type { MeetingEngine } from './types.js';

export * from './types.js';
export {
  BigBlueButtonEngine,
  bbbChecksum,
  checksumValid,
  meetingPasswords,
  readMeetingInfo,
  readRecordings,
  readResponse,
  signRecordingReady,
  signedQuery,
  verifyRecordingReadyJwt,
} from './bbb.js';
export { parseXml, XmlError, type XmlElement } from './xml.js';

/** Where the built-in sandbox meeting engine is served (its API under `/api`, its rooms under `/room`). */
export const SANDBOX_MEETING_PREFIX = '/api/sandbox/bbb';

/** The sandbox engine's shared secret, derived from the sandbox secret kept in DATA_DIR. */
export function sandboxMeetingSecret(config: Pick<Config, 'PAYMENT_SANDBOX_SECRET'>): string {
  return createHmac('sha256', config.PAYMENT_SANDBOX_SECRET).update('sandbox:bbb').digest('hex');
}

export interface EngineEntry {
  engine: MeetingEngine;
  /** True when the built-in sandbox stands in for a BigBlueButton server. */
  sandbox: boolean;
}

/**
 * The meeting engine: BigBlueButton at BBB_URL with BBB_SECRET when both are set (config.ts refuses
 * one without the other), otherwise the built-in sandbox at PUBLIC_URL.
 */
export function createMeetingEngine(
  config: Pick<Config, 'BBB_URL' | 'BBB_SECRET' | 'BBB_TIMEOUT' | 'PUBLIC_URL' | 'PAYMENT_SANDBOX_SECRET'>,
): EngineEntry {
  const timeoutMs = config.BBB_TIMEOUT * 1000;
  if (config.BBB_URL && config.BBB_SECRET)
    return {
      sandbox: false,
      engine: new BigBlueButtonEngine({ url: config.BBB_URL, secret: config.BBB_SECRET, timeoutMs }),
    };
  return {
    sandbox: true,
    engine: new BigBlueButtonEngine({
      url: `${config.PUBLIC_URL}${SANDBOX_MEETING_PREFIX}`,
      secret: sandboxMeetingSecret(config),
      timeoutMs,
      kind: 'sandbox',
    }),
  };
}
