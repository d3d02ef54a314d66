import type { Address } from '@urembo/contract/addresses';
import type { AuditEntry } from '@urembo/contract/audit';
import type { MessageResponse } from '@urembo/contract/auth';
import type { Category, Product, SearchResult } from '@urembo/contract/catalogue';
import type { ApiError, Collection, Paged } from '@urembo/contract/common';
import type { AdminSummary } from '@urembo/contract/dashboard';
import type { Discount } from '@urembo/contract/discounts';
import type { Cart, Order, OrderItem, OrderMessage, OrderQuote } from '@urembo/contract/orders';
import type {
  C2bRegistration,
  OrderMatch,
  Payment,
  Reconciliation,
  ResolveAnswer,
  StkPushAnswer,
} from '@urembo/contract/payments';
import type { PullSweep } from '@urembo/contract/payment-pull';
import type { PublicConfig } from '@urembo/contract/public-config';
import type { Return } from '@urembo/contract/returns';
import type { SearchSynonym } from '@urembo/contract/search-words';
import type { AdminReview, Review } from '@urembo/contract/reviews';
import type { Country, County, Location, Town } from '@urembo/contract/shipping';
import type {
  SigninResponse,
  TwoFactorEnabled,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@urembo/contract/two-factor';
import type { User } from '@urembo/contract/users';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/*
 * The web tests' API: Mock Service Worker answers the app's real fetch calls at the network edge, and every answer
 * is typed by the contract (packages/contract). A test names routes by their concrete path ("GET /order/o1",
 * optionally with the query string it expects); the route table below gives each path's answer type, so a stub
 * whose shape drifts from the contract fails typecheck. Unrouted /api/v1 calls answer 404, so a test notices a
 * call it did not expect; anything else is an error.
 */

/** Every route the web app calls, with the answer the contract promises (first matching pattern wins). */
type RouteTable = [
  ['GET /auth/me', { user: User | null }],
  ['DELETE /user/me', MessageResponse],
  ['POST /auth/newVerificationToken', MessageResponse],
  ['POST /auth/newPhoneToken', MessageResponse],
  ['POST /auth/forgot-password', MessageResponse],
  ['POST /auth/reset-password-by-code', MessageResponse],
  ['POST /auth/signin', SigninResponse],
  ['GET /auth/2fa', TwoFactorStatus],
  ['POST /auth/2fa/setup', TwoFactorSetup],
  ['POST /auth/2fa/enable', TwoFactorEnabled],
  ['POST /auth/2fa/disable', MessageResponse],
  ['POST /auth/2fa/verify', { user: User; message: string }],
  ['GET /config/public', PublicConfig],
  ['GET /admin/summary', AdminSummary],
  ['GET /admin/audit', Paged<AuditEntry>],
  ['GET /discounts', Collection<Discount>],
  ['DELETE /discounts/:id', MessageResponse],
  ['GET /products/featuredandnew', Paged<Product>],
  ['GET /products/search', SearchResult],
  ['GET /products/categoryProducts/:id', Collection<Product>],
  ['POST /products/deleteProductImage', Product],
  ['GET /products', Paged<Product>],
  ['POST /products', Product],
  ['GET /products/:slug', Product],
  ['PUT /products/:id', Product],
  ['DELETE /products/:id', MessageResponse],
  ['GET /category', Collection<Category>],
  ['POST /category', Category],
  ['PUT /category/:id', Category],
  ['DELETE /category/:id', MessageResponse],
  ['GET /search/synonyms', Collection<SearchSynonym>],
  ['POST /search/synonyms', SearchSynonym],
  ['DELETE /search/synonyms/:id', MessageResponse],
  ['GET /address/user/:userId', Collection<Address>],
  ['GET /shipping/countries', Collection<Country>],
  ['GET /shipping/counties', Collection<County>],
  ['GET /shipping/towns', Collection<Town>],
  ['GET /shipping/locations', Collection<Location>],
  ['GET /user/getCart/:userId', Cart],
  ['POST /user/addToCart/:userId', Cart],
  ['DELETE /user/removeFromCart/:userId', Cart],
  ['DELETE /user/clearCart/:userId', Cart],
  ['GET /order/user/:userId', Collection<Order>],
  ['PUT /order/updateStatus/:id', Order & { message?: string }],
  ['POST /order/:id/quote', OrderQuote],
  ['POST /order/:id/cancel', Order & { message?: string }],
  ['GET /order/:id/messages', Collection<OrderMessage>],
  ['GET /order/:id/returns', Collection<Return>],
  ['POST /order/:id/returns', Return],
  ['GET /order', Paged<Order>],
  ['GET /order/:id', Order],
  ['POST /order/:userId', Order],
  ['GET /orderItem', Paged<OrderItem>],
  ['GET /review/product/:id', Paged<Review>],
  ['GET /review/order/:id', Collection<Review>],
  ['GET /review', Paged<AdminReview>],
  ['POST /review', Review],
  ['PUT /review/:id', Review],
  ['DELETE /review/:id', MessageResponse],
  ['GET /returns', Paged<Return>],
  ['PUT /returns/:id', Return],
  ['GET /payment/order/:orderId', Collection<Payment>],
  ['GET /payment/order-search', Collection<OrderMatch>],
  ['GET /payment/reconciliation', Reconciliation],
  ['GET /payment/pull', PullSweep],
  ['POST /payment/pull', PullSweep],
  ['GET /payment/c2b/registration', C2bRegistration],
  ['POST /payment/c2b/registration', C2bRegistration],
  ['GET /payment', Paged<Payment>],
  ['POST /payment', Payment],
  ['PUT /payment/:id', Payment],
  ['POST /m-pesa/stk/:orderId', StkPushAnswer],
  ['GET /m-pesa/resolveTransaction/:id', ResolveAnswer],
];

/** "GET /order/:id" → `GET /order/${string}` (a parameter is one path segment). */
type Pattern<T extends string> = T extends `${infer Head}:${string}/${infer Tail}`
  ? `${Head}${string}/${Pattern<Tail>}`
  : T extends `${infer Head}:${string}`
    ? `${Head}${string}`
    : T;
type WithoutQuery<K extends string> = K extends `${infer Path}?${string}` ? Path : K;
type Lookup<K extends string, Table> = Table extends [[infer P extends string, infer Answer], ...infer Rest]
  ? K extends Pattern<P>
    ? Answer
    : Lookup<K, Rest>
  : never;

/** The answer the contract gives for a concrete route key such as "GET /order/o1?x=1". */
export type AnswerOf<K extends string> = Lookup<WithoutQuery<K>, RouteTable>;

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 502 | 503;
export type Reply<Body> =
  | { status?: 200 | 201; body: Body; headers?: Record<string, string> }
  | { status: ErrorStatus; body: ApiError; headers?: Record<string, string> };

export interface RecordedCall {
  method: string;
  /** After /api/v1, with the query string: "/order/o1?x=1". */
  path: string;
  /** The path as fetched: "/api/v1/order/o1?x=1". */
  url: string;
  body: unknown;
  headers: Record<string, string>;
}

type Route<Body> = Reply<Body> | ((call: RecordedCall) => Reply<Body> | Promise<Reply<Body>>);
export type Routes<K extends string> = { [P in K]: Route<AnswerOf<P>> };

const PREFIX = '/api/v1';
/** This test's calls (emptied after each test by test/setup.ts). */
export const calls: RecordedCall[] = [];

async function record(request: Request): Promise<RecordedCall> {
  const url = new URL(request.url);
  const text = await request.clone().text();
  const call: RecordedCall = {
    method: request.method,
    path: url.pathname.slice(PREFIX.length) + url.search,
    url: url.pathname + url.search,
    body: text ? (JSON.parse(text) as unknown) : undefined,
    headers: Object.fromEntries(request.headers),
  };
  calls.push(call);
  return call;
}

/** The handler every test has last: an unrouted /api/v1 call is recorded and answers 404. */
const unrouted = http.all(`*${PREFIX}/*`, async ({ request }) => {
  const call = await record(request);
  return HttpResponse.json({ error: `No mock for ${call.method} ${call.path}` } satisfies ApiError, {
    status: 404,
  });
});

/** Started in test/setup.ts; each test's routes are dropped after it. */
export const server = setupServer(unrouted);

const sameQuery = (expected: string, actual: URLSearchParams) =>
  new URLSearchParams(expected).toString() === actual.toString();

/**
 * Answers the routes for the rest of the test (a later call adds to them, the later routes first) and returns
 * the test's /api/v1 calls. A key with a query string answers only that query.
 */
export function mockApi<K extends string>(routes: Routes<K>): RecordedCall[] {
  const handlers = Object.entries(routes as Record<string, Route<unknown>>).map(([key, route]) => {
    const [method = '', target = ''] = key.split(' ');
    const [pathname = '', query] = target.split('?');
    return http[method.toLowerCase() as 'get'](`*${PREFIX}${pathname}`, async ({ request }) => {
      if (query !== undefined && !sameQuery(query, new URL(request.url).searchParams)) return undefined;
      const call = await record(request);
      const reply = typeof route === 'function' ? await route(call) : route;
      return HttpResponse.json(reply.body as never, { status: reply.status ?? 200, headers: reply.headers });
    });
  });
  server.use(...handlers);
  return calls;
}

/** Starts a route map for the `satisfies` check outside a mockApi call (shared route sets). */
export const routes = <K extends string>(map: Routes<K>): Routes<K> => map;
