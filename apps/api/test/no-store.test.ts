import { ENDPOINTS } from '@urembo/contract/api';
import { answersNoStore, type Endpoint } from '@urembo/contract/endpoint';
import { expect, it } from 'vitest';
import { sessionCookieFor, signedInUser } from './support/auth';
import { describeEachDialect } from './support/test-app';

/**
 * Whether an answer may be kept by a browser or proxy is decided once, from the endpoint's definition
 * (`answersNoStore`: customer and admin routes, and the public ones marked `noStore`). Every route is called as a
 * visitor and as an admin, so successes and errors alike are checked against the definition, not against a list
 * kept here.
 */
describeEachDialect('no-store from the endpoint definitions', (ctx) => {
  const BY_KEY = new Map<string, Endpoint>(
    ENDPOINTS.map(({ endpoint: e }) => [`${e.method} /api/v1${e.path}`, e]),
  );

  it('keeps the session, sign-in and health answers private though their routes are public', () => {
    const marked = ENDPOINTS.filter(({ endpoint: e }) => e.access === 'public' && answersNoStore(e));
    expect(marked.map(({ endpoint: e }) => `${e.method} ${e.path}`)).toEqual(
      expect.arrayContaining(['GET /auth/me', 'POST /auth/signin', 'POST /auth/logout', 'GET /health']),
    );
  });

  it('answers no-store exactly where the definition says, for successes and errors', async () => {
    const admin = await signedInUser(ctx(), { role: 'admin' });
    const call = (key: string, cookie?: string) => {
      const [method, url] = key.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
      return ctx().app.inject({
        method,
        url: url.replace(':userId', admin.user.id).replace(/:\w+/g, 'nothing-here'),
        headers: cookie ? { cookie } : {},
      });
    };
    const wrong: string[] = [];
    const statuses = new Set<number>();
    for (const key of BY_KEY.keys()) {
      const endpoint = BY_KEY.get(key)!;
      for (const who of ['visitor', 'admin'] as const) {
        // A fresh session each time: some routes (logout) end the one they are called with.
        const res = await call(
          key,
          who === 'admin' ? await sessionCookieFor(ctx(), admin.user.id) : undefined,
        );
        statuses.add(res.statusCode);
        const noStore = res.headers['cache-control'] === 'no-store';
        // A public route may still answer an error (a missing picture) no-store; a success never.
        const expected = answersNoStore(endpoint) ? true : res.statusCode < 400 ? false : noStore;
        if (noStore !== expected)
          wrong.push(`${key} as ${who}: ${res.statusCode} ${res.headers['cache-control']}`);
      }
    }
    expect(wrong).toEqual([]);
    // The calls reached handlers (successes and their errors), not only the guards.
    expect([...statuses]).toEqual(expect.arrayContaining([200, 400, 401, 404]));
  });
});
