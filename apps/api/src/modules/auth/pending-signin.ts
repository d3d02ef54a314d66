import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';

/**
 * The sign-in that waits for its two-factor code: after the right password, a short-lived cookie naming the account,
 * signed with the server secret (so it cannot be made up or changed), sent only to /api/v1/auth/2fa. It is no
 * session: it opens nothing but POST /auth/2fa/verify, where a right code completes the sign-in.
 */
export const PENDING_SIGNIN_COOKIE = 'urembo_signin_2fa';
export const PENDING_SIGNIN_MINUTES = 5;
const COOKIE_PATH = '/api/v1/auth/2fa';

export function setPendingSignin(reply: FastifyReply, config: Config, userId: string): void {
  const expiresAt = Date.now() + PENDING_SIGNIN_MINUTES * 60_000;
  void reply.setCookie(PENDING_SIGNIN_COOKIE, `${userId}.${expiresAt}`, {
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

/** The account whose sign-in waits for its code, or null (no cookie, a forged one, or past its 5 minutes). */
export function pendingSignin(request: FastifyRequest): string | null {
  const raw = request.cookies[PENDING_SIGNIN_COOKIE];
  if (!raw || raw.length > 300) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  const dot = unsigned.value.lastIndexOf('.');
  const userId = unsigned.value.slice(0, dot);
  const expiresAt = Number(unsigned.value.slice(dot + 1));
  if (dot <= 0 || !Number.isFinite(expiresAt) || expiresAt <= Date.now()) return null;
  return userId;
}
