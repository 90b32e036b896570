/**
 * Two-factor secrets at rest: sealed with AES-256-GCM under OTP_ENCRYPTION_KEY, stored as
 * `v1:<iv>:<tag>:<ciphertext>` (base64url). Without a key (the demo) they are stored as they are;
 * a secret stored before a key was set is still read, and sealed at its next use
 * (docs/security.md). A database copy alone then gives nobody the codes of a player.
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';

const SEALED = /^v1:([A-Za-z0-9_-]{16}):([A-Za-z0-9_-]{22}):([A-Za-z0-9_-]+)$/;

export class OtpBox {
  private readonly key: Buffer | undefined;
  /** A second key from the same setting, for digests (recovery codes), never for sealing. */
  private readonly macKey: Buffer | undefined;

  /** `secret`: OTP_ENCRYPTION_KEY (32+ characters), hashed to the 256-bit key. */
  constructor(secret: string | undefined) {
    this.key = secret === undefined ? undefined : createHash('sha256').update(`otp-box:${secret}`).digest();
    this.macKey = secret === undefined ? undefined : createHash('sha256').update(`otp-box-mac:${secret}`).digest();
  }

  /** HMAC-SHA-256 (base64url) of `text` under the digest key; null without a key (the demo). */
  mac(text: string): string | null {
    return this.macKey ? createHmac('sha256', this.macKey).update(text).digest('base64url') : null;
  }

  /** What is stored for a secret: sealed when a key is configured. */
  seal(secret: string): string {
    if (!this.key) return secret;
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return `v1:${iv.toString('base64url')}:${cipher.getAuthTag().toString('base64url')}:${data.toString('base64url')}`;
  }

  /** The secret of a stored value (sealed or, from before a key was set, plain). */
  open(stored: string): string {
    const m = SEALED.exec(stored);
    if (!m) return stored;
    if (!this.key) throw new Error('a two-factor secret is sealed but OTP_ENCRYPTION_KEY is not set');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(m[1]!, 'base64url'));
    decipher.setAuthTag(Buffer.from(m[2]!, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(m[3]!, 'base64url')), decipher.final()]).toString('utf8');
  }

  /** Whether a stored value should be sealed anew (a key is set and it is plain). */
  needsSealing(stored: string): boolean {
    return this.key !== undefined && !SEALED.test(stored);
  }
}
