import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import proxyAddr from '@fastify/proxy-addr';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerFactory,
} from 'fastify';
import { type CachedBody, etagMatches } from './answer-cache';
import { redactUrl } from './log-redaction';
import { isLevelEnabled } from './logging';
import { cacheLookups, type RequestTally } from './metrics';
import type { ShortCache } from './short-cache';

/** Where a kept answer lives: its cache and its key there. */
interface KeptAnswer {
  cache: ShortCache<CachedBody>;
  key: string;
}

/**
 * A URL the lane answers: the kept answer it names, its route (for the metrics) and the headers it was sent with
 * (names and values in one list, as Node's writeHead takes them: no object to build per answer).
 */
interface Lane extends KeptAnswer {
  route: string;
  headers: ReadonlyArray<string | number | string[]>;
}

/** Headers an answer's own bytes or its request decide: set again for each answer. */
const PER_ANSWER = new Set(['x-request-id', 'etag', 'content-encoding', 'content-type', 'content-length']);

/**
 * How many URLs the lane remembers: the kept answers (2,000 API answers, 300 pages) in a few Accept-Language
 * spellings. Made-up URLs (`?utm_source=...`) push the oldest out, one each.
 */
const MAX_LANES = 5_000;

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The kept answer this request is being answered with, set by the route that sends it: the lane may answer the
     * same URL itself next time (lib/kept-answer-lane.ts).
     */
    keptAnswer: KeptAnswer | null;
  }
}

/** The options Fastify applies to an HTTP server it makes. */
interface ServerSettings {
  http?: http.ServerOptions;
  keepAliveTimeout: number;
  requestTimeout: number;
  connectionTimeout: number;
  maxRequestsPerSocket: number;
}

/** Fastify's trustProxy option as proxy-addr's trust function (as Fastify reads it). */
type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

function trustFunction(trust: TrustProxy): (address: string, hop: number) => boolean {
  if (typeof trust === 'function') return trust;
  if (trust === true) return () => true;
  if (trust === false) return () => false;
  return proxyAddr.compile(trust);
}

/**
 * Kept public answers without the framework: a visitor's GET (no cookie: no session, no language chosen) of a URL
 * that was last answered with a kept answer (an API answer, a storefront page) and no cookie set is answered straight
 * from the cache, before Fastify builds its request and reply, runs its hooks and routes, validates the query and
 * builds the cache key again. That path cost about two thirds of a kept answer's CPU (measured under the catalogue's
 * load: 50-70 µs an answer, against 21-25 µs for a bare Fastify route).
 *
 * The answer is the one the route sends: the same bytes (brought up to date as every read is: the catalogue's
 * changes applied first, stock figures patched in), the headers it was sent with (the security headers among them),
 * its entity tag (304 when the client has it), a request id, the request's log line and its count in the metrics.
 * Anything else (an answer not kept, past its time to live, a change that needs it computed again, a cookie, another
 * method, a closing server) goes to Fastify as before, and the route decides.
 */
export class KeptAnswerLane {
  private readonly lanes = new Map<string, Lane>();
  private served: {
    log: FastifyBaseLogger;
    tally: RequestTally;
    trust: (address: string, hop: number) => boolean;
  } | null = null;

  /** Fastify's serverFactory: the HTTP server Fastify would make, with the lane in front of its handler. */
  readonly serverFactory: FastifyServerFactory = (handler, fastifyOptions) => {
    const options = fastifyOptions as unknown as ServerSettings;
    const server = http.createServer(options.http ?? {}, (req, res) => this.handle(req, res, handler));
    // What Fastify sets on a server it makes itself (its defaults filled in by then: no request timeout, a keep-alive
    // of 72 s).
    server.keepAliveTimeout = options.keepAliveTimeout;
    server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };

  /**
   * Opens the lane once the app's hooks are in place: each kept answer sent to a visitor marks its URL; the lane
   * closes when the app does (Fastify then answers 503 as it closes).
   */
  open(app: FastifyInstance, { tally, trustProxy }: { tally: RequestTally; trustProxy: TrustProxy }): void {
    app.decorateRequest('keptAnswer', null);
    app.addHook('onResponse', (request, reply, done) => {
      if (request.keptAnswer) this.remember(request, reply, request.keptAnswer);
      done();
    });
    app.addHook('preClose', (done) => {
      this.served = null;
      done();
    });
    this.served = { log: app.log, tally, trust: trustFunction(trustProxy) };
  }

  /** A URL answered with a kept answer, as the route sent it to a visitor. */
  private remember(request: FastifyRequest, reply: FastifyReply, kept: KeptAnswer): void {
    if (request.method !== 'GET' || request.headers.cookie !== undefined) return;
    const sent = reply.getHeaders();
    if (sent['set-cookie'] !== undefined) return;
    const headers: Array<string | number | string[]> = [];
    for (const [name, value] of Object.entries(sent)) {
      if (value !== undefined && !PER_ANSWER.has(name)) headers.push(name, value);
    }
    const key = laneKey(request.raw);
    if (!this.lanes.has(key) && this.lanes.size >= MAX_LANES) {
      this.lanes.delete(this.lanes.keys().next().value!);
    }
    this.lanes.set(key, { ...kept, route: request.routeOptions.url ?? 'unmatched', headers });
  }

  private handle(
    req: IncomingMessage,
    res: ServerResponse,
    fastify: (req: IncomingMessage, res: ServerResponse) => void,
  ): void {
    const lane =
      this.served && req.method === 'GET' && req.headers.cookie === undefined
        ? this.lanes.get(laneKey(req))
        : undefined;
    if (!lane) {
      fastify(req, res);
      return;
    }
    const started = performance.now();
    lane.cache.peek(lane.key).then(
      (body) => {
        if (!body || !this.served) {
          fastify(req, res);
          return;
        }
        try {
          this.send(req, res, lane, body, started);
        } catch (err) {
          // Not a crash: Fastify answers (its error handler too) when nothing was sent yet.
          this.served.log.error({ err, url: req.url }, 'a kept answer could not be sent before routing');
          if (res.headersSent) res.destroy();
          else fastify(req, res);
        }
      },
      () => fastify(req, res),
    );
  }

  private send(
    req: IncomingMessage,
    res: ServerResponse,
    lane: Lane,
    body: CachedBody,
    started: number,
  ): void {
    const { log, tally, trust } = this.served!;
    const id = (req.headers['x-request-id'] as string | undefined) || randomUUID();
    const headers = ['x-request-id', id, ...lane.headers, 'etag', body.etag];
    let status = body.status;
    if (etagMatches(req.headers['if-none-match'], body.etag)) {
      status = 304;
      res.writeHead(status, headers);
      res.end();
    } else {
      const encoding = body.encodingFor(req.headers['accept-encoding']);
      const bytes = body.bytes(encoding);
      if (encoding !== 'identity') headers.push('content-encoding', encoding);
      headers.push('content-type', body.type, 'content-length', bytes.length);
      res.writeHead(status, headers);
      res.end(bytes);
    }
    cacheLookups.hit += 1;
    const elapsed = performance.now() - started;
    tally.record('GET', lane.route, status, elapsed / 1000);
    if (isLevelEnabled(log, 'info')) {
      const ms = Math.round(elapsed);
      const url = redactUrl(req.url!);
      log.info(
        { reqId: id, req: requestForLog(req, trust), res: { statusCode: status }, responseTime: ms },
        `GET ${url} ${status} ${ms}ms`,
      );
    }
  }
}

/** A URL as a visitor asks for it: kept pages differ by the language the browser asks for. */
function laneKey(req: IncomingMessage): string {
  return `${req.url}\n${req.headers['accept-language'] ?? ''}`;
}

/**
 * What the request log's serializer reads of a Fastify request (lib/log-redaction.ts), worked out as Fastify does
 * with its trustProxy option: the client's address and the host it asked for.
 */
function requestForLog(req: IncomingMessage, trust: (address: string, hop: number) => boolean) {
  const socket = req.socket;
  const forwarded = req.headers['x-forwarded-host'];
  const forwardedHost = Array.isArray(forwarded) ? forwarded[forwarded.length - 1] : forwarded;
  const addresses = proxyAddr.all(req, trust);
  return {
    method: req.method,
    url: req.url,
    ip: addresses[addresses.length - 1],
    host:
      forwardedHost && socket.remoteAddress && trust(socket.remoteAddress, 0)
        ? lastEntry(forwardedHost)
        : (req.headers.host ?? ''),
    socket,
  };
}

function lastEntry(header: string): string {
  const at = header.lastIndexOf(',');
  return (at === -1 ? header : header.slice(at + 1)).trim();
}
