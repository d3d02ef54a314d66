import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { forbidden } from './http-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery guard (API.md): a state-changing call whose Origin names another site is refused.
 * Calls without an Origin header (curl, server-to-server callbacks such as Daraja's) are let through; the
 * SameSite=Lax session cookie is not sent on cross-site POSTs anyway.
 */
export function registerOriginCheck(app: FastifyInstance, config: Config): void {
  const publicOrigin = new URL(config.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (!origin) return;
    if (origin === publicOrigin) return;
    let host: string | undefined;
    try {
      host = new URL(origin).host;
    } catch {
      throw forbidden('Cross-site request refused');
    }
    if (host !== request.headers.host) throw forbidden('Cross-site request refused');
  });
}
