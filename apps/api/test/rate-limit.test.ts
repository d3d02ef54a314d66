import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { HttpError } from '../src/lib/http-error';
import {
  MemoryRateLimitStore,
  RateLimiter,
  RedisRateLimitStore,
  waitText,
  type RateLimitStore,
} from '../src/lib/rate-limit';
import { AfricasTalkingSms, SmsError } from '../src/lib/sms';
import { freshIp, post, signUp } from './support/accounts-factories';
import { describeEachDialect } from './support/test-app';

const REDIS_URL = 'redis://127.0.0.1:6379';
const rule = { name: 'test', limit: 3, windowMs: 60_000 };
const prefix = () => `urembo-test-${randomBytes(6).toString('hex')}:`;

async function expect429(promise: Promise<unknown>) {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(HttpError);
  expect((err as HttpError).statusCode).toBe(429);
  return err as HttpError;
}

/** The same behaviour from each store. */
function storeContract(name: string, makeStore: () => RateLimitStore) {
  describe(`${name} rate-limit store`, () => {
    const stores: RateLimitStore[] = [];
    const limiter = () => {
      const store = makeStore();
      stores.push(store);
      return new RateLimiter(store);
    };
    afterAll(async () => {
      for (const s of stores) await s.close();
    });

    it('allows the limit, then answers 429 with Retry-After until the window ends', async () => {
      const l = limiter();
      for (let i = 0; i < 3; i++) await l.consume(rule, 'k1');
      const err = await expect429(l.consume(rule, 'k1', 'Too many tries'));
      expect(err.message).toMatch(
        /^Too many tries\. Please try again in (59 seconds|60 seconds|1 minute)\.$/,
      );
      const retry = Number(err.headers?.['retry-after']);
      expect(retry).toBeGreaterThanOrEqual(59);
      expect(retry).toBeLessThanOrEqual(60);
      // Other keys and other rules count on their own.
      await l.consume(rule, 'k2');
      await l.consume({ ...rule, name: 'other' }, 'k1');
    });

    it('forgets a key on reset and opens a new window after expiry', async () => {
      const l = limiter();
      const short = { name: 'short', limit: 1, windowMs: 300 };
      await l.consume(short, 'a');
      await expect429(l.consume(short, 'a'));
      await l.reset(short, 'a');
      await l.consume(short, 'a');
      await expect429(l.consume(short, 'a'));
      await new Promise((r) => setTimeout(r, 350));
      await l.consume(short, 'a');
    });
  });
}

storeContract('memory', () => new MemoryRateLimitStore());
storeContract('Redis', () => new RedisRateLimitStore(REDIS_URL, prefix()));

describe('RedisRateLimitStore on the real Redis', () => {
  it('stores hashed keys under the prefix with an expiry, shared by every process', async () => {
    const keyPrefix = prefix();
    const a = new RateLimiter(new RedisRateLimitStore(REDIS_URL, keyPrefix));
    const b = new RateLimiter(new RedisRateLimitStore(REDIS_URL, keyPrefix));
    const redis = new Redis(REDIS_URL);
    try {
      await a.consume(rule, 'wanjiku@example.co.ke');
      await b.consume(rule, 'wanjiku@example.co.ke');
      await a.consume(rule, 'wanjiku@example.co.ke');
      await expect429(b.consume(rule, 'wanjiku@example.co.ke'));
      const keys = await redis.keys(`${keyPrefix}*`);
      expect(keys).toHaveLength(1);
      expect(keys[0]).toMatch(new RegExp(`^${keyPrefix}rl:test:[A-Za-z0-9_-]{24}$`));
      expect(keys[0]).not.toContain('wanjiku');
      const ttl = await redis.pttl(keys[0]!);
      expect(ttl).toBeGreaterThan(50_000);
      expect(ttl).toBeLessThanOrEqual(60_000);
      expect(await redis.get(keys[0]!)).toBe('4');
    } finally {
      await a.close();
      await b.close();
      const keys = await redis.keys(`${keyPrefix}*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
    }
  });

  it('lets requests through (and logs) when Redis does not answer', async () => {
    const warnings: unknown[] = [];
    const log = { warn: (...args: unknown[]) => warnings.push(args) } as never;
    const limiter = new RateLimiter(new RedisRateLimitStore('redis://127.0.0.1:9', prefix()), log);
    for (let i = 0; i < 5; i++) await limiter.consume(rule, 'k');
    expect(warnings.length).toBe(5);
    await limiter.close();
  });
});

describe('MemoryRateLimitStore', () => {
  it('sweeps expired windows so the map cannot grow without bound', async () => {
    let now = 1_000;
    const store = new MemoryRateLimitStore(() => now, 20);
    await store.hit('a', 100);
    await store.hit('b', 10_000);
    expect(store.size).toBe(2);
    now += 200;
    await new Promise((r) => setTimeout(r, 60));
    expect(store.size).toBe(1);
    await store.close();
  });
});

describe('waitText', () => {
  it('reads naturally', () => {
    expect(waitText(1)).toBe('1 second');
    expect(waitText(45.2)).toBe('46 seconds');
    expect(waitText(60)).toBe('1 minute');
    expect(waitText(61)).toBe('2 minutes');
    expect(waitText(900)).toBe('15 minutes');
    expect(waitText(3 * 3600)).toBe('3 hours');
  });
});

describe('AfricasTalkingSms', () => {
  it('gives up after its time-out when the gateway does not answer', async () => {
    const server = createServer(() => undefined); // accepts, never answers
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    const log = { info: () => undefined } as never;
    const sms = new AfricasTalkingSms(
      { username: 'u', apiKey: 'k', baseUrl: `http://127.0.0.1:${port}` },
      log,
      200,
    );
    const started = Date.now();
    const err = await sms.send('254712345678', 'hello').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SmsError);
    expect((err as SmsError).kind).toBe('unavailable');
    expect((err as SmsError).message).toMatch(/did not answer within 200 ms/);
    expect(Date.now() - started).toBeLessThan(2_000);
    server.closeAllConnections();
    server.close();
  });
});

describeEachDialect(
  'rate limits shared through Redis (REDIS_URL)',
  (ctx) => {
    it('two API processes count the same sign-in tries', async () => {
      // A second app process on the same database and the same Redis.
      const other = await buildApp({
        config: ctx().config,
        database: ctx().database,
        logger: false,
      });
      await other.ready();
      try {
        const ip = freshIp();
        const { user } = await signUp(ctx());
        const tries = [];
        for (let i = 0; i < 10; i++) {
          const app = i % 2 === 0 ? ctx() : { ...ctx(), app: other };
          tries.push(
            (await post(app, '/auth/signin', { phone: user.phone, password: 'wrong' }, { ip })).statusCode,
          );
        }
        expect(tries).toEqual(Array(10).fill(401));
        const limited = await post(
          { ...ctx(), app: other },
          '/auth/signin',
          { phone: user.phone, password: 'x' },
          { ip },
        );
        expect(limited.statusCode).toBe(429);
        const alsoLimited = await post(ctx(), '/auth/signin', { phone: user.phone, password: 'x' }, { ip });
        expect(alsoLimited.statusCode).toBe(429);
      } finally {
        await other.close();
      }
    });
  },
  { env: { REDIS_URL, REDIS_KEY_PREFIX: prefix() } },
);
