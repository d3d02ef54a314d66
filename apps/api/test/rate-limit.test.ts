import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { HttpError } from '../src/lib/http-error';
import type { RateLimiter, BackoffRule } from '../src/lib/rate-limit';
import { backoffDelayMs, memoryRateLimiter, redisRateLimiter, waitText } from '../src/lib/rate-limit';
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

const backoff: BackoffRule = {
  name: 'test-backoff',
  freeTries: 2,
  firstDelayMs: 1_000,
  maxDelayMs: 4_000,
  memoryMs: 60_000,
};

/** The same behaviour from each store. */
function storeContract(name: string, makeLimiter: () => RateLimiter) {
  describe(`${name} rate limiter`, () => {
    const limiters: RateLimiter[] = [];
    const limiter = () => {
      const l = makeLimiter();
      limiters.push(l);
      return l;
    };
    afterAll(async () => {
      for (const l of limiters) await l.close();
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
      const short = { name: 'short', limit: 1, windowMs: 1_000 };
      await l.consume(short, 'a');
      await expect429(l.consume(short, 'a'));
      await l.reset(short, 'a');
      await l.consume(short, 'a');
      await expect429(l.consume(short, 'a'));
      await new Promise((r) => setTimeout(r, 1_100));
      await l.consume(short, 'a');
    });

    it('holds a key back after its free failures, for a growing delay, until a success clears it', async () => {
      const l = limiter();
      await l.assertNotBackedOff(backoff, 'acct', 'Held');
      await l.recordFailure(backoff, 'acct');
      await l.assertNotBackedOff(backoff, 'acct', 'Held');
      await l.recordFailure(backoff, 'acct');
      const first = await expect429(l.assertNotBackedOff(backoff, 'acct', 'Held'));
      expect(first.message).toBe('Held. Please try again in 1 second.');
      await l.recordFailure(backoff, 'acct');
      const second = await expect429(l.assertNotBackedOff(backoff, 'acct', 'Held'));
      expect(Number(second.headers?.['retry-after'])).toBe(2);
      // Another key is not held.
      await l.assertNotBackedOff(backoff, 'other', 'Held');
      await l.clearFailures(backoff, 'acct');
      await l.assertNotBackedOff(backoff, 'acct', 'Held');
      await l.recordFailure(backoff, 'acct');
      await l.assertNotBackedOff(backoff, 'acct', 'Held');
    });

    it('lets the key through again once the hold has passed', async () => {
      const l = limiter();
      await l.recordFailure(backoff, 'acct2');
      await l.recordFailure(backoff, 'acct2');
      await expect429(l.assertNotBackedOff(backoff, 'acct2', 'Held'));
      await new Promise((r) => setTimeout(r, 1_100));
      await l.assertNotBackedOff(backoff, 'acct2', 'Held');
    });
  });
}

storeContract('memory', () => memoryRateLimiter());
storeContract('Redis', () => redisRateLimiter(REDIS_URL, prefix()));

describe('backoffDelayMs', () => {
  it('doubles after the free tries and never exceeds the cap', () => {
    const signin = { name: 's', freeTries: 5, firstDelayMs: 30_000, maxDelayMs: 900_000, memoryMs: 1 };
    const delays = Array.from({ length: 12 }, (_, i) => backoffDelayMs(signin, i + 1) / 1000);
    expect(delays).toEqual([0, 0, 0, 0, 30, 60, 120, 240, 480, 900, 900, 900]);
    expect(backoffDelayMs(signin, 10_000)).toBe(900_000);
  });
});

describe('redisRateLimiter on the real Redis', () => {
  it('stores hashed keys under the prefix with an expiry, shared by every process', async () => {
    const keyPrefix = prefix();
    const a = redisRateLimiter(REDIS_URL, keyPrefix);
    const b = redisRateLimiter(REDIS_URL, keyPrefix);
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

  it('keeps counting in memory when Redis does not answer', async () => {
    const limiter = redisRateLimiter('redis://127.0.0.1:9', prefix());
    for (let i = 0; i < 3; i++) await limiter.consume(rule, 'k');
    await expect429(limiter.consume(rule, 'k'));
    await limiter.close();
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
        for (let i = 0; i < 5; i++) {
          const app = i % 2 === 0 ? ctx() : { ...ctx(), app: other };
          tries.push(
            (await post(app, '/auth/signin', { phone: user.phone, password: 'wrong' }, { ip: freshIp() }))
              .statusCode,
          );
        }
        // Five wrong passwords through either process: the account is held back on both.
        expect(tries).toEqual(Array(5).fill(401));
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
