import type { FastifyRequest } from 'fastify';

/**
 * Secrets that travel in URL paths (Daraja's callback secret, password-reset tokens) never reach the logs: the
 * request serializer writes them as [redacted].
 */
const SECRET_PATH_SEGMENTS = [
  /(\/callback\/)[^/?#]+/g,
  /(\/stk-callback\/)[^/?#]+/g,
  // Paybill confirmation/validation and Transaction Status result/timeout URLs end with the same secret.
  /(\/payments\/(?:c2b\/(?:confirmation|validation)|status\/(?:result|timeout))\/)[^/?#]+/g,
  /(\/reset-password\/)[^/?#]+/g,
];

export function redactUrl(url: string): string {
  return SECRET_PATH_SEGMENTS.reduce((out, pattern) => out.replace(pattern, '$1[redacted]'), url);
}

/** Fastify's default request serializer, with the URL redacted. */
export const LOG_SERIALIZERS = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket ? request.socket.remotePort : undefined,
    };
  },
};
