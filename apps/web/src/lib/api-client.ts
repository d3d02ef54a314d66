import type { Endpoints } from '@urembo/contract/api';
import type { ApiError } from '@urembo/contract/common';
import type { AnswerOf, BodyOf, ParamsOf, QueryOf } from '@urembo/contract/endpoint';
import { urlOf, type Method, type QueryValue, type Route } from '@urembo/contract/http';

/** A failed API call: the server's `{ error }` text, its status and field details. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: ApiError['details'] = undefined,
    /** Seconds the server asked to wait (Retry-After of a 429), when it said. */
    readonly retryAfterSeconds: number | undefined = undefined,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

type Transport = (url: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (url, init) => fetch(url, init);

/**
 * How requests reach the API: the browser's fetch, or, when the server renders a page (entry-server.tsx), a call
 * into the API inside the same process.
 */
export function setApiTransport(next: Transport): void {
  transport = next;
}

export interface RequestOptions {
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** The one way the web app talks to the server: JSON over /api/v1 with the session cookie. */
async function apiRequest(method: Method, path: string, options: RequestOptions = {}): Promise<unknown> {
  let response: Response;
  try {
    response = await transport(`/api/v1${path}`, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...options.headers,
      },
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
      signal: options.signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiRequestError(0, 'Network error: check your connection and try again');
  }
  const text = await response.text();
  let body: unknown = undefined;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
  }
  if (!response.ok) {
    const error = body as Partial<ApiError> | undefined;
    const retryAfter = Number(response.headers.get('retry-after'));
    throw new ApiRequestError(
      response.status,
      error?.error || response.statusText || 'Something went wrong',
      error?.details,
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    );
  }
  return body;
}

/** A route of the contract (packages/contract/src/api-routes.ts) whose definition the client knows. */
export type ApiRoute = Route<keyof Endpoints & string>;
type Def<R extends ApiRoute> = Endpoints[R['id']];

/** What a call sends: the path parameters, query and body its definition asks for, typed by it. */
export type CallInput<E> = {
  headers?: Record<string, string>;
  signal?: AbortSignal;
} & (ParamsOf<E> extends undefined ? { params?: undefined } : { params: ParamsOf<E> }) &
  (QueryOf<E> extends undefined ? { query?: undefined } : { query?: QueryOf<E> }) &
  (BodyOf<E> extends undefined ? { body?: undefined } : { body: BodyOf<E> });

/**
 * Calls an endpoint by its route (`call(catalogueRoutes.getProduct, { params: { id } })`): the URL is built from
 * the contract's path and the answer is typed by the contract's definition, so a renamed path, a missing parameter
 * or a changed answer fails typecheck instead of a request.
 */
export function call<R extends ApiRoute>(
  route: R,
  ...[input]: object extends CallInput<Def<R>> ? [CallInput<Def<R>>?] : [CallInput<Def<R>>]
): Promise<AnswerOf<Def<R>>> {
  return callRoute(route, input) as Promise<AnswerOf<Def<R>>>;
}

export interface UncheckedInput extends RequestOptions {
  params?: Record<string, string>;
  query?: Record<string, QueryValue>;
}

/**
 * `call` for a route chosen at run time among several (one of the delivery levels): the URL still comes from the
 * contract, but nothing is typed; prefer `call`.
 */
export function callRoute(route: Route, input: UncheckedInput = {}): Promise<unknown> {
  const { params, query, ...options } = input;
  return apiRequest(route.method, urlOf(route, params, query), options);
}

/** The message to show for any error thrown by a query or mutation. */
export function errorMessage(error: unknown, fallback = 'Something went wrong'): string {
  if (error instanceof ApiRequestError) {
    // A validation answer reads "amount: Amount must be …": people see the message, never the field path.
    const path = error.details?.[0]?.path;
    if (path && error.message.startsWith(`${path}: `)) return error.message.slice(path.length + 2);
    return error.message || fallback;
  }
  return fallback;
}
