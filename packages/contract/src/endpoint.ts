import type { z } from 'zod';
import type { QueryValue, Route } from './http';

/*
 * What an endpoint takes and answers, who may call it and how it fails: one definition per endpoint
 * (endpoints/<feature>.ts), from which the server mounts its route (validation, answer checks, guards), the OpenAPI
 * document is built, and the web app's calls are typed. The routes themselves (id, method, path) are api-routes.ts.
 * Only types come from zod here.
 */

/**
 * Who may call: anyone (`public`), any signed-in account, admins included (`customer`), or a shop admin (`admin`).
 * The server guards each route from this before it reads any input: 401 signed out, 403 for a customer on an admin
 * route.
 */
export type Access = 'public' | 'customer' | 'admin';

/** The statuses an API answer can have with the shared `{ error }` body. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 502 | 503;

/** An answer that is not JSON: a picture, a page, or nothing at all. */
export interface OtherAnswer {
  readonly contentType: string | null;
  readonly description: string;
}

/** A success without a body (for example a 204). */
export function noBody(description: string): OtherAnswer {
  return { contentType: null, description };
}

/** A success whose body is not JSON (`image/webp`, `text/html`). */
export function otherBody(contentType: string, description: string): OtherAnswer {
  return { contentType, description };
}

export type Answer = z.ZodType | OtherAnswer;

export interface EndpointSpec {
  /** One line: what the call does (the OpenAPI operation's summary). */
  readonly summary: string;
  /** More when a caller needs it: rules, limits, what an answer means. */
  readonly description?: string;
  readonly access: Access;
  /** A public route that reads the session when one is sent (it answers a signed-in caller differently). */
  readonly readsSession?: true;
  /** A customer route's answer to a signed-out caller, when it is not the usual 401 "Please sign in to continue". */
  readonly signedOutMessage?: string;
  /** Path parameters: the names in the route's path. */
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  readonly body?: z.ZodType;
  /** Request headers the endpoint reads (documented, and parsed by its handler with these schemas). */
  readonly headers?: z.ZodObject;
  /**
   * Answers by status: the successes, and any failure whose body is not the shared `{ error }` (the health check's
   * 503, Daraja's 400). A zod schema is a JSON body; `otherBody`/`noBody` are the rest.
   */
  readonly responses: Readonly<Partial<Record<200 | 201 | 400 | 503, Answer>>>;
  /**
   * The failures its handler and services answer with `{ error }`, beyond those every endpoint of its kind can
   * give, which the OpenAPI document adds by itself: 400 for input that fails its schemas or malformed JSON, 401/403
   * from its access, 403 for a cross-site write, 413/415 for a body too large or not JSON, 500 and 503 anywhere.
   */
  readonly errors?: readonly ErrorStatus[];
  /** A public read kept as bytes with an ETag: `If-None-Match` with the current one answers 304 without a body. */
  readonly etag?: true;
  /** Signing in or out: the answer sets or clears the session cookie. */
  readonly sessionCookie?: 'sets' | 'clears';
  /**
   * A public route whose answer is still never to be kept by a browser or proxy (`Cache-Control: no-store`): the
   * caller's session, a sign-in, the server's health. Customer and admin routes are always `no-store`.
   */
  readonly noStore?: true;
}

/**
 * Whether an endpoint's answers, errors included, carry `Cache-Control: no-store`: every customer and admin route,
 * and the public routes marked `noStore`. The server sets the header from this one rule (routes.ts).
 */
export function answersNoStore(endpoint: Pick<EndpointSpec, 'access' | 'noStore'>): boolean {
  return endpoint.access !== 'public' || endpoint.noStore === true;
}

/** An endpoint: its route and its definition. */
export type Endpoint<R extends Route = Route, S extends EndpointSpec = EndpointSpec> = R & S;

/** Definitions for every route of a table (and for nothing else), keyed by operation id. */
export function defineEndpoints<
  const R extends Record<string, Route>,
  const S extends { readonly [K in keyof R]: EndpointSpec },
>(routes: R, specs: S): { readonly [K in keyof R]: Endpoint<R[K], S[K]> } {
  const endpoints: Record<string, Endpoint> = {};
  for (const [id, route] of Object.entries(routes)) endpoints[id] = { ...specs[id]!, ...route };
  return endpoints as { readonly [K in keyof R]: Endpoint<R[K], S[K]> };
}

/* Types a caller derives from a definition (the web app's client). */

type Input<T> = T extends z.ZodType ? z.input<T> : never;

/** The path parameters a call names. */
export type ParamsOf<E> = E extends { params: infer P extends z.ZodType } ? z.input<P> : undefined;

/**
 * The query a call may send: each value a string, number or boolean; one left out, null or empty is not sent (the
 * server takes its default).
 */
export type QueryOf<E> = E extends { query: infer Q extends z.ZodType }
  ? { [K in keyof z.input<Q>]?: (z.input<Q>[K] & QueryValue) | null }
  : undefined;

export type BodyOf<E> = E extends { body: infer B extends z.ZodType } ? Input<B> : undefined;

/** The JSON answer of a success (200 or 201). */
export type AnswerOf<E> = E extends { responses: infer Rs }
  ? {
      [S in keyof Rs & (200 | 201)]: Rs[S] extends z.ZodType ? z.output<Rs[S]> : never;
    }[keyof Rs & (200 | 201)]
  : never;
