/*
 * Where each endpoint lives: its operation id, method and path under /api/v1, one table per feature in routes/.
 * No zod here or in routes/ (nor anything that imports it), so the storefront's first visit carries the routes it
 * calls without the schemas, and a feature's table lands in the chunks that use it (each table is a pure call, so
 * an unused one is dropped). What each endpoint takes and answers is its definition in endpoints/<feature>.ts.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One endpoint's address: `id` is its operation id (unique in the API), `path` is after /api/v1, with `:name` parameters. */
export interface Route<Id extends string = string, M extends Method = Method, P extends string = string> {
  readonly id: Id;
  readonly method: M;
  readonly path: P;
}

/** The parameter names of a path: `'/order/:id/cancel'` → `'id'`. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type RouteTable = Record<string, readonly [Method, string]>;

/** Routes by operation id: `{ getProduct: ['GET', '/products/:id'] }` → `{ getProduct: { id, method, path } }`. */
export function defineRoutes<const T extends RouteTable>(
  table: T,
): { readonly [K in keyof T & string]: Route<K, T[K][0], T[K][1]> } {
  const routes: Record<string, Route> = {};
  for (const [id, [method, path]] of Object.entries(table)) routes[id] = { id, method, path };
  return routes as { readonly [K in keyof T & string]: Route<K, T[K][0], T[K][1]> };
}

export type QueryValue = string | number | boolean | null | undefined;

/** A path with its parameters filled in, each encoded as one segment: `('/order/:id', { id: 'a/b' })` → `/order/a%2Fb`. */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(value);
  });
}

/** `?a=1&b=x` from the values that are set (undefined, null and '' are left out); '' when none is. */
export function queryString(query: Record<string, QueryValue> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The URL of a call to `route` after /api/v1: its path with the parameters, then the query. */
export function urlOf(
  route: Route,
  params?: Record<string, string>,
  query?: Record<string, QueryValue>,
): string {
  return fillPath(route.path, params) + queryString(query);
}
