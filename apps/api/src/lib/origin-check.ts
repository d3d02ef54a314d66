import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { forbidden } from './http-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery guard: a state-changing call whose Origin names another site is refused.
 * Calls without an Origin header (curl, server-to-server callbacks such as Daraja's) are let through; the
 * SameSite=Lax session cookie is not sent on cross-site POSTs anyway.
 */
export function registerOriginCheck(app: FastifyInstance, config: Config): void {
  const publicOrigin = new URL(config.publicUrl).origin;
  // A plain hook, not an async one: reads (most requests) pass without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method)) return done();
    const origin = request.headers.origin;
    if (!origin || origin === publicOrigin) return done();
    let host: string | undefined;
    try {
      host = new URL(origin).host;
    } catch {
      return done(forbidden('Cross-site request refused'));
    }
    done(host === request.headers.host ? undefined : forbidden('Cross-site request refused'));
  });
}
