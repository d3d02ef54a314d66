import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { ADMIN_NEEDS_TWO_FACTOR } from '@urembo/contract/two-factor';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { forbidden, unauthorized } from '../../lib/http-error';
import type { UserRow } from '../users';
import { findSessionUser, SESSION_COOKIE } from './session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null; set for every API request. */
    user: UserRow | null;
    /** The HMAC of the session id, for logout. */
    sessionIdHash: string | null;
    /** Whether the signed-in account has two-factor sign-in on (admins may need it: ADMIN_REQUIRE_2FA). */
    twoFactorOn: boolean;
  }
}

/**
 * Reads the session cookie once per API request (one indexed query, only when a cookie is sent). A request with no
 * session cookie goes on at once, without a promise: most reads on a sale day are visitors'.
 */
export function registerSessionLoader(app: FastifyInstance, db: Kysely<Database>, config: Config): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionIdHash', null);
  app.decorateRequest('twoFactorOn', false);
  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.url.startsWith('/api/') || !request.cookies[SESSION_COOKIE]) return done();
    findSessionUser(db, config, request).then((found) => {
      request.user = found?.user ?? null;
      request.sessionIdHash = found?.idHash ?? null;
      request.twoFactorOn = found?.twoFactorOn ?? false;
      done();
    }, done);
  });
}

/** Hook: the caller must be signed in (401 otherwise). */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthorized();
}

/** requireUser with its own 401 message (an endpoint's `signedOutMessage`). */
export function requireUserSaying(message: string) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!request.user) throw unauthorized(message);
  };
}

/**
 * Hook: the caller must be a signed-in admin (401 signed out, 403 signed in as a customer), with two-factor sign-in
 * on where the shop requires it (ADMIN_REQUIRE_2FA: 403 until it is set up; /auth/2fa/* are not admin routes).
 */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthorized();
  if (request.user.role !== 'admin') throw forbidden('Only shop admins can do that');
  if (mustSetUpTwoFactor(request.user, request.twoFactorOn, request.server.config)) {
    throw forbidden(ADMIN_NEEDS_TWO_FACTOR);
  }
}

/** An admin of a shop that requires two-factor sign-in (ADMIN_REQUIRE_2FA) who has not turned it on yet. */
export function mustSetUpTwoFactor(
  user: Pick<UserRow, 'role'>,
  twoFactorOn: boolean,
  config: { adminRequire2fa: boolean },
): boolean {
  return user.role === 'admin' && config.adminRequire2fa && !twoFactorOn;
}

/** The signed-in user (after requireUser). */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}

/**
 * Who may read what a customer owns (their order list, an order, its payments, a payment prompt): the owner or a
 * shop admin. Every such read asks this; anyone else is told the thing does not exist (or 403 for a path naming
 * another account).
 */
export function mayRead(reader: Pick<UserRow, 'id' | 'role'>, ownerId: string): boolean {
  return reader.id === ownerId || isShopAdmin(reader);
}

/** A shop admin: reads what customers own (mayRead) and, of it, what only staff see (a payment's note). */
export function isShopAdmin(user: { role: string }): boolean {
  return user.role === 'admin';
}

/** A route whose path names a user (`/user/addToCart/{userId}`): only that user may call it (403 otherwise). */
export function assertSelf(request: FastifyRequest, userId: string): UserRow {
  const user = currentUser(request);
  if (user.id !== userId) throw forbidden('You can only reach your own account');
  return user;
}
