import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * Scratch-card PINs and serials (WAECVerify) kept encrypted at rest with AES-256-GCM. The key is
 * derived from the server secret (config.JWT_SECRET, read only by config.ts) with HMAC-SHA-256 under
 * a label of its own, so it is never the signing key itself. Stored as `v1.<iv>.<tag>.<data>`.
 */
export class CardSecrets {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('portal/olevel-card-secrets/v1').digest();
  }

  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), data]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  decrypt(stored: string): string {
    const [version, iv, tag, data] = stored.split('.');
    if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('unknown card secret format');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }

  /** The last few characters (four of a long value, two of a short one), the rest hidden: what the record shows. */
  masked(stored: string): string {
    let plain: string;
    try {
      plain = this.decrypt(stored);
    } catch {
      return '••••';
    }
    const shown = plain.length > 8 ? 4 : 2;
    return `${'•'.repeat(Math.max(4, plain.length - shown))}${plain.slice(-shown)}`;
  }
}
