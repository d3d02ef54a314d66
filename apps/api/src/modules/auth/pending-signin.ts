import { createHmac } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';

/**
 * The sign-in that waits for its two-factor code: after the right password, a short-lived cookie naming the account,
 * signed with the server secret (so it cannot be made up or changed), sent only to /api/v1/auth/2fa. It is no
 * session: it opens nothing but POST /auth/2fa/verify, where a right code completes the sign-in. It also carries a tag
 * of the account's password hash, so a password changed or reset meanwhile voids it.
 */
export const PENDING_SIGNIN_COOKIE = 'urembo_signin_2fa';
export const PENDING_SIGNIN_MINUTES = 5;
const COOKIE_PATH = '/api/v1/auth/2fa';

/** A short HMAC of the account's password hash: the pending sign-in holds only while the password is unchanged. */
export function pendingTag(serverSecret: string, user: { id: string; password_hash: string }): string {
  return createHmac('sha256', serverSecret)
    .update(`pending-signin:${user.id}:${user.password_hash}`)
    .digest('base64url')
    .slice(0, 22);
}

export interface PendingSignin {
  userId: string;
  tag: string;
}

export function setPendingSignin(
  reply: FastifyReply,
  config: Config,
  user: { id: string; password_hash: string },
): void {
  const expiresAt = Date.now() + PENDING_SIGNIN_MINUTES * 60_000;
  const value = `${user.id}.${expiresAt}.${pendingTag(config.sessionSecret, user)}`;
  void reply.setCookie(PENDING_SIGNIN_COOKIE, value, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: config.publicUrl.startsWith('https://'),
    maxAge: PENDING_SIGNIN_MINUTES * 60,
    signed: true,
  });
}

export function clearPendingSignin(reply: FastifyReply, config: Config): void {
  void reply.clearCookie(PENDING_SIGNIN_COOKIE, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: config.publicUrl.startsWith('https://'),
  });
}

/** The sign-in waiting for its code, or null (no cookie, a forged one, or past its 5 minutes). */
export function pendingSignin(request: FastifyRequest): PendingSignin | null {
  const raw = request.cookies[PENDING_SIGNIN_COOKIE];
  if (!raw || raw.length > 300) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  const [userId, expires, tag] = unsigned.value.split('.');
  const expiresAt = Number(expires);
  if (!userId || !tag || !Number.isFinite(expiresAt) || expiresAt <= Date.now()) return null;
  return { userId, tag };
}
