import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { OpenAPIV3 } from 'openapi-types';
import { OpenAPIBackend, type Operation } from 'openapi-backend';
import { ENDPOINTS } from '@urembo/contract/api';
import { API_PREFIX } from '../../src/lib/openapi-document';
import { apiDocument } from '../../src/plugins/api-docs';
import { SESSION_COOKIE } from '../../src/modules/auth';

/*
 * Every answer the API gives in the tests, checked against the OpenAPI document the server serves: its status is
 * one the operation lists, its content type is the documented one, its JSON body passes the documented schema
 * (openapi-backend's validator, Ajv), and a session cookie is set only where the document says so. The shared test
 * app (test-app.ts) runs every /api/v1 call through this, so the document and the server cannot drift apart.
 */

export interface Answer {
  readonly statusCode: number;
  readonly headers: Record<string, unknown>;
  readonly body: string;
  /** The bytes as sent (compressed when the answer says so). */
  readonly rawPayload?: Buffer;
}

/** The answer's text as the client reads it: decompressed when it came compressed. */
function answerText(answer: Answer): string {
  const encoding = answer.headers['content-encoding'];
  if (!answer.rawPayload || (encoding !== 'br' && encoding !== 'gzip')) return answer.body;
  const bytes = encoding === 'br' ? brotliDecompressSync(answer.rawPayload) : gunzipSync(answer.rawPayload);
  return bytes.toString('utf8');
}

let backend: Promise<OpenAPIBackend> | undefined;

function validator(document: OpenAPIV3.Document = apiDocument()): Promise<OpenAPIBackend> {
  const api = new OpenAPIBackend({
    definition: document as never,
    apiRoot: API_PREFIX,
    strict: true,
    validate: true,
    quick: true,
    ignoreTrailingSlashes: true,
    ajvOpts: { strict: false },
  });
  return api.init();
}

/** The documented response for a status: the status itself, its range (`4XX`) or `default`. */
function documented(operation: Operation, status: number): OpenAPIV3.ResponseObject | undefined {
  const responses = operation.responses as Record<string, OpenAPIV3.ResponseObject> | undefined;
  return responses?.[String(status)] ?? responses?.[`${String(status)[0]}XX`] ?? responses?.default;
}

function setsSessionCookie(headers: Record<string, unknown>): boolean {
  const cookies = ([] as unknown[]).concat(headers['set-cookie'] ?? []);
  return cookies.some((cookie) => String(cookie).startsWith(`${SESSION_COOKIE}=`));
}

/**
 * What is wrong with an answer to `method url`, measured against the document: [] when it is as documented (or the
 * URL is outside /api/v1). An unknown /api/v1 URL may only answer 404.
 */
export async function answerProblems(
  method: string,
  url: string,
  answer: Answer,
  options: {
    /** Whether the app serves an operation (a switched-off one answers as an unknown URL). */
    served?: (operation: Operation) => boolean;
    /** Whether a route a test mounted for itself (not from a definition) serves this URL: not the API's. */
    testRoute?: (method: string, pathname: string) => boolean;
    api?: Promise<OpenAPIBackend>;
  } = {},
): Promise<string[]> {
  const api = options.api ?? (backend ??= validator());
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  if (!pathname.startsWith(`${API_PREFIX}/`)) return [];
  const where = `${method} ${pathname} → ${answer.statusCode}`;
  const operation = (await api).matchOperation({
    method: method === 'HEAD' ? 'get' : method.toLowerCase(),
    path: pathname,
    headers: {},
    query: Object.fromEntries(searchParams),
  });
  if (!operation && options.testRoute?.(method, pathname)) return [];
  if (!operation || options.served?.(operation) === false) {
    return answer.statusCode === 404
      ? []
      : [`${where}: no operation of the document has this method and path`];
  }
  const response = documented(operation, answer.statusCode);
  if (!response) return [`${where}: ${operation.operationId} does not list this status`];
  const problems: string[] = [];
  if (setsSessionCookie(answer.headers) && !response.headers?.['Set-Cookie']) {
    problems.push(`${where}: sets the session cookie, which the document does not say`);
  }
  const contentTypes = Object.keys(response.content ?? {});
  const type = String(answer.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim();
  if (method === 'HEAD' || answer.body === '') {
    if (contentTypes.length > 0 && answer.statusCode !== 304 && method !== 'HEAD') {
      problems.push(`${where}: no body, but the document gives it ${contentTypes.join(', ')}`);
    }
    return problems;
  }
  if (!contentTypes.includes(type)) {
    problems.push(
      `${where}: answered ${type || 'no content type'}, the document says ${contentTypes.join(', ') || 'no body'}`,
    );
    return problems;
  }
  if (type !== 'application/json') return problems;
  const result = (await api).validateResponse(JSON.parse(answerText(answer)), operation, answer.statusCode);
  for (const error of result.errors ?? []) {
    problems.push(`${where}: body${error.instancePath} ${error.message} (${JSON.stringify(error.params)})`);
  }
  return problems;
}

function requestOf(options: string | InjectOptions): { method: string; url: string } {
  if (typeof options === 'string') return { method: 'GET', url: options };
  const url = typeof options.url === 'string' ? options.url : String(options.path ?? options.url ?? '/');
  return { method: String(options.method ?? 'GET').toUpperCase(), url };
}

/**
 * Checks every answer `app.inject(options)` gives against the document: a call whose answer is not as documented
 * fails with what differs.
 */
export function checkAnswersAgainstDocument(app: FastifyInstance): void {
  const original = app.inject.bind(app) as (...args: unknown[]) => unknown;
  const routes = new Set(app.routeList.map((r) => `${r.method} ${r.url}`));
  const patternOf = (operation: Operation) =>
    `${operation.method.toUpperCase()} ${API_PREFIX}${operation.path.replace(/\{(\w+)\}/g, ':$1')}`;
  const served = (operation: Operation) => routes.has(patternOf(operation));
  // Routes a test adds itself (app.get('/api/v1/__test/...')) are no endpoint: their answers are not checked.
  const operations = new Set(
    ENDPOINTS.map(({ endpoint }) => `${endpoint.method} ${API_PREFIX}${endpoint.path}`),
  );
  const testRoutes = app.routeList
    .filter((r) => r.url.startsWith(`${API_PREFIX}/`) && !operations.has(`${r.method} ${r.url}`))
    .map((r) => ({ method: r.method, pattern: new RegExp(`^${r.url.replace(/:\w+/g, '[^/]+')}/?$`) }));
  const testRoute = (method: string, pathname: string) =>
    testRoutes.some((r) => r.method === method && r.pattern.test(pathname));
  const checked = async (options: string | InjectOptions) => {
    const answer = (await original(options)) as Answer;
    const { method, url } = requestOf(options);
    const problems = await answerProblems(method, url, answer, { served, testRoute });
    if (problems.length > 0) {
      throw new Error(`The answer is not as the OpenAPI document says:\n${problems.join('\n')}`);
    }
    return answer;
  };
  // Only the promise form (every test's): with a callback or none, inject is Fastify's own.
  Object.defineProperty(app, 'inject', {
    configurable: true,
    value: (options?: string | InjectOptions, callback?: unknown) =>
      options === undefined || callback !== undefined ? original(options, callback) : checked(options),
  });
}
