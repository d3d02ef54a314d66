import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/*
 * Answers that Fastify or Node give before any route or hook runs (a URL, parameter or header too long, a broken
 * request line): the same `{error}` shape and the security headers of every other answer,
 * never Fastify's `{statusCode, code, message}` or a stack.
 */

/** The headers every early error answer carries (what helmet sets on ordinary answers, for a JSON body). */
export const ERROR_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-resource-policy': 'same-origin',
  'cache-control': 'no-store',
};

/** Node's HTTP parser refused the request (Fastify's `clientErrorHandler`): write a whole answer and close. */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  let status = 400;
  let message = 'Malformed HTTP request';
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    status = 431;
    message = 'The request URL or its headers are too long';
  } else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    status = 408;
    message = 'The request took too long to arrive';
  }
  const body = JSON.stringify({ error: message });
  const headers = Object.entries({
    ...ERROR_SECURITY_HEADERS,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  if (socket.writable) socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${headers}\r\n${body}`);
  socket.destroy();
}

const ROUTER_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_BAD_URL: { status: 400, message: 'The URL is not valid' },
  FST_ERR_ASYNC_CONSTRAINT: { status: 400, message: 'The request could not be routed' },
};

/** Errors of Fastify's router (a bad or over-long URL), before any hook ran (Fastify's `frameworkErrors`). */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const known = ROUTER_ERRORS[error.code];
  let status = known?.status ?? (error.statusCode && error.statusCode < 500 ? error.statusCode : 400);
  let message = known?.message ?? 'Bad request';
  if (status === 414) message = 'The URL is too long';
  if (status >= 500) status = 400;
  return reply.code(status).headers(ERROR_SECURITY_HEADERS).send({ error: message });
}
