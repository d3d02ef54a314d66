import { vi } from 'vitest';

// jsdom has no matchMedia; react-hot-toast's <Toaster> asks it about reduced motion.
if (typeof window !== 'undefined' && typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

type Reply = { status?: number; body?: unknown } | Promise<{ status?: number; body?: unknown }>;
type Handler = (call: RecordedCall) => Reply;

/**
 * Replaces fetch with a tiny router over /api/v1 paths ("GET /order/abc"). Unrouted calls answer 404, so a test
 * notices a call it did not expect. Returns every call made, for assertions.
 */
export function mockApi(routes: Record<string, Handler>): RecordedCall[] {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const path = url.replace(/^.*\/api\/v1/, '');
      const method = (init.method ?? 'GET').toUpperCase();
      const headers = Object.fromEntries(
        Object.entries((init.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]),
      );
      const call: RecordedCall = {
        method,
        path,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        headers,
      };
      calls.push(call);
      const handler = routes[`${method} ${path}`];
      const reply = handler
        ? await handler(call)
        : { status: 404, body: { error: `No mock for ${method} ${path}` } };
      return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), {
        status: reply.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

export const customer = {
  _id: 'u-customer',
  fullName: 'Amina Wanjiru',
  email: 'amina@example.com',
  phone: '254712345678',
  role: 'customer' as const,
  isEmailVerified: true,
  isPhoneVerified: true,
  lastLogin: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

export const signedIn = { 'GET /auth/me': () => ({ body: { user: customer } }) };
export const signedOut = {
  'GET /auth/me': () => ({ body: { user: null } }),
};

export function product(overrides: Record<string, unknown> = {}) {
  return {
    _id: 'p1',
    slug: 'vitamin-c-serum',
    name: 'Vitamin C Serum',
    price: 1800,
    description: 'A bright serum for dull skin that evens the tone in four weeks of daily use.',
    usage: 'Morning and night.',
    images: ['/api/v1/images/abc-1200.webp'],
    status: 'active',
    tags: [],
    isFeatured: false,
    isProductNew: true,
    category: null,
    rating: 5,
    reviewCount: 0,
    stock: null,
    inStock: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
