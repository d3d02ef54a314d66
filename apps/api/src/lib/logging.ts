import type { FastifyBaseLogger, FastifyInstance, FastifyServerOptions } from 'fastify';
import pretty from 'pino-pretty';
import type { Config } from '../config';
import { redactUrl } from './log-redaction';

/** Files a page pulls in by the dozen: scripts, styles, pictures, fonts, the manifest, product images. */
const ASSET_PATH = /\.(?:js|mjs|css|map|svg|png|jpe?g|webp|avif|gif|ico|woff2?|webmanifest)$/i;

/** A static file served as asked: not worth a line at info level (it would bury the lines a person looks for). */
export function isQuietRequest(method: string, url: string, statusCode: number): boolean {
  const pathname = url.split('?')[0] ?? url;
  return (method === 'GET' || method === 'HEAD') && statusCode < 400 && ASSET_PATH.test(pathname);
}

/**
 * The server's logger: JSON lines (pino's own format) or, for a person at a terminal, one readable line per
 * entry ("09:12:04 INFO: POST /api/v1/auth/signin 200 41ms"), written synchronously so nothing is lost on exit.
 */
export function serverLogger(
  config: Pick<Config, 'logLevel' | 'logFormat'>,
  destination: NodeJS.WritableStream = process.stdout,
): FastifyServerOptions['logger'] {
  if (config.logFormat === 'json') {
    return destination === process.stdout
      ? { level: config.logLevel }
      : { level: config.logLevel, stream: destination };
  }
  return {
    level: config.logLevel,
    stream: pretty({
      destination,
      sync: true,
      colorize: destination === process.stdout && process.stdout.isTTY === true,
      translateTime: 'SYS:HH:MM:ss',
      // The request line already says what these say.
      ignore: 'pid,hostname,reqId,req,res,responseTime',
      singleLine: true,
    }),
  };
}

/** pino's own check; a logger without it (Fastify's no-op logger when logging is off) is asked to write anyway. */
export function isLevelEnabled(log: FastifyBaseLogger, level: 'debug' | 'info'): boolean {
  const check = (log as FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled;
  return check ? check.call(log, level) : true;
}

/**
 * One line per answered request (instead of Fastify's two), with the method, path, status and time in the
 * message so it reads on its own; static files drop to debug level.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    // At a quieter log level (LOG_LEVEL=warn on a busy shop) neither level writes: nothing is looked at or built.
    if (!isLevelEnabled(request.log, 'info')) {
      done();
      return;
    }
    const level = isQuietRequest(request.method, request.url, reply.statusCode) ? 'debug' : 'info';
    if (level === 'info' || isLevelEnabled(request.log, 'debug')) {
      const url = redactUrl(request.url);
      const ms = Math.round(reply.elapsedTime);
      const entry = { req: request, res: { statusCode: reply.statusCode }, responseTime: ms };
      request.log[level](entry, `${request.method} ${url} ${reply.statusCode} ${ms}ms`);
    }
    done();
  });
}
