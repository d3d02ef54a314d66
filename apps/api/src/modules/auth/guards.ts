import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { forbidden, unauthorized } from '../../lib/http-error';
import type { UserRow } from '../users/repository';
import { findSessionUser } from './session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null; set for every API request. */
    user: UserRow | null;
    /** The HMAC of the session id, for logout. */
    sessionIdHash: string | null;
  }
}

/** Reads the session cookie once per API request (one indexed query, only when a cookie is sent). */
export function registerSessionLoader(app: FastifyInstance, db: Kysely<Database>, config: Config): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionIdHash', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const found = await findSessionUser(db, config, request);
    request.user = found?.user ?? null;
    request.sessionIdHash = found?.idHash ?? null;
  });
}

/** Hook: the caller must be signed in (401 otherwise). */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthorized();
}

/** Hook: the caller must be a signed-in admin (401 signed out, 403 signed in as a customer). */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthorized();
  if (request.user.role !== 'admin') throw forbidden('Only shop admins can do that');
}

/** The signed-in user (after requireUser). */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** A route whose path names a user (`/user/addToCart/{userId}`): only that user may call it (403 otherwise). */
export function assertSelf(request: FastifyRequest, userId: string): UserRow {
  const user = currentUser(request);
  if (user.id !== userId) throw forbidden('You can only reach your own account');
  return user;
}
