import { createHmac, randomBytes, randomInt } from 'node:crypto';
import type { AuthTokenPurpose } from '../../db/schema';

/**
 * The one-time secrets of auth_tokens: 6-digit codes and reset links. Only an HMAC of each is stored, keyed by the
 * server secret; a code's HMAC covers its row's id, so the same six digits of another row never match.
 */

/**
 * token_hash of a code or link whose mail is still in the queue: the secret does not exist yet (the mail makes it
 * when it goes out), and no HMAC is ever equal to this.
 */
export const NOT_SENT_YET = 'not-sent-yet';

export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function newLinkSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** The HMAC stored for a code: it covers the code's row id too. */
export function codeHash(
  sessionSecret: string,
  purpose: Exclude<AuthTokenPurpose, 'reset-password'>,
  tokenId: string,
  code: string,
): string {
  return hmac(sessionSecret, purpose, `${tokenId}:${code}`);
}

/** The HMAC stored for a reset link's secret (the link is looked up by it). */
export function linkHash(sessionSecret: string, secret: string): string {
  return hmac(sessionSecret, 'reset-password', secret);
}

function hmac(sessionSecret: string, purpose: AuthTokenPurpose, material: string): string {
  return createHmac('sha256', sessionSecret).update(`auth-token:${purpose}:${material}`).digest('hex');
}
