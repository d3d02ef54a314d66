import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/**
 * The secrets of two-factor sign-in. TOTP per RFC 6238 as authenticator apps do it: SHA-1, 6 digits, 30-second
 * steps, a code of the step before or after accepted (a phone's clock a little off). The account's secret is kept
 * encrypted (AES-256-GCM) with a key derived from the server secret, which lives outside the database (SESSION_SECRET
 * or DATA_DIR/session-secret): a copy of the database alone does not give the secrets away. Recovery codes are kept
 * as HMACs under the same server secret.
 */

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps of drift accepted either side of now. */
export const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
const ISSUER = 'Urembo';
const SECRET_FORMAT = 'v1';

function totp(base32: string, label = 'account'): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(base32),
  });
}

/** A new secret of 160 bits (RFC 4226's recommended length), base32 as apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// link an authenticator app reads from the QR code. */
export function otpauthUrl(base32: string, accountLabel: string): string {
  return totp(base32, accountLabel).toString();
}

/** The 30-second step of a moment. */
export function stepAt(timestampMs: number): number {
  return Math.floor(timestampMs / 1000 / TOTP_PERIOD_SECONDS);
}

/**
 * The step a code belongs to when it is right for now (give or take TOTP_WINDOW steps), else null. otpauth compares
 * the codes in constant time.
 */
export function matchingStep(base32: string, code: string, now = Date.now()): number | null {
  const delta = totp(base32).validate({ token: code, timestamp: now, window: TOTP_WINDOW });
  return delta === null ? null : stepAt(now) + delta;
}

function secretKey(serverSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, 'urembo', 'two-factor-secret', 32));
}

/** `v1.<iv>.<tag>.<ciphertext>`, base64url: what the database keeps of an account's TOTP secret. */
export function encryptSecret(serverSecret: string, userId: string, base32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', secretKey(serverSecret), iv);
  // The account id is authenticated with it: a secret copied onto another account's row does not decrypt.
  cipher.setAAD(Buffer.from(userId));
  const data = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), data].map((p) => p.toString('base64url'));
  return [SECRET_FORMAT, ...parts].join('.');
}

export function decryptSecret(serverSecret: string, userId: string, stored: string): string {
  const [format, iv, tag, data] = stored.split('.');
  if (format !== SECRET_FORMAT || !iv || !tag || !data) {
    throw new Error('two-factor secret in an unknown format');
  }
  const decipher = createDecipheriv('aes-256-gcm', secretKey(serverSecret), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(userId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

/** Letters and digits that cannot be mistaken for one another when read off paper (no 0/o, 1/l/i). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_LENGTH = 10;

/** Ten codes like "k7m2q-x9p4t" (about 49 bits each). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    let code = '';
    for (let i = 0; i < RECOVERY_LENGTH; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/** A recovery code as typed ("K7M2Q X9P4T", "k7m2qx9p4t") in its one form, or null when it cannot be one. */
export function normalizeRecoveryCode(input: string): string | null {
  const code = input.toLowerCase().replace(/[\s-]/g, '');
  if (code.length !== RECOVERY_LENGTH) return null;
  for (const ch of code) if (!RECOVERY_ALPHABET.includes(ch)) return null;
  return code;
}

/** The HMAC stored for a (normalised) recovery code: it covers the account id too. */
export function recoveryCodeHash(serverSecret: string, userId: string, normalized: string): string {
  return createHmac('sha256', serverSecret)
    .update(`two-factor-recovery:${userId}:${normalized}`)
    .digest('hex');
}
