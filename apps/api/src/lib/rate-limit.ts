import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config';
import { tooManyRequests } from './http-error';

/**
 * Rate limits: fixed-window counters behind one small store interface. In memory by default (one process); in
 * Redis when REDIS_URL is set, so every API process behind a load balancer counts the same hits.
 */
export interface RateLimitStore {
  /** Counts one hit for `key` in its current window (opened by the first hit, `windowMs` long). */
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  /** Forgets the key's hits (e.g. a successful sign-in clears the failed tries before it). */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export interface RateLimitRule {
  /** Part of the stored key; unique per rule. */
  name: string;
  limit: number;
  windowMs: number;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly now: () => number = Date.now,
    sweepEveryMs = 60_000,
  ) {
    // Expired windows are dropped now and then, so the map cannot grow without bound.
    this.sweeper = setInterval(() => this.sweep(), sweepEveryMs);
    this.sweeper.unref();
  }

  async hit(key: string, windowMs: number) {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, resetInMs: window.resetAt - now };
  }

  async reset(key: string) {
    this.windows.delete(key);
  }

  async close() {
    clearInterval(this.sweeper);
    this.windows.clear();
  }

  get size(): number {
    return this.windows.size;
  }

  private sweep() {
    const now = this.now();
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

/** INCR and, for a new key, PEXPIRE in one atomic step; answers the count and the window's remaining ms. */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}
`;

export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: Redis;

  constructor(url: string, keyPrefix: string) {
    this.redis = new Redis(url, {
      keyPrefix: `${keyPrefix}rl:`,
      lazyConnect: true,
      connectTimeout: 2_000,
      commandTimeout: 1_000,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: true,
    });
    // Connection errors surface on the commands (and are handled there); keep them off the process.
    this.redis.on('error', () => undefined);
  }

  async hit(key: string, windowMs: number) {
    const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, key, String(windowMs))) as [number, number];
    return { count: Number(count), resetInMs: Number(ttl) };
  }

  async reset(key: string) {
    await this.redis.del(key);
  }

  async close() {
    this.redis.disconnect();
  }
}

/** Identifiers (emails, phones, IPs) are hashed into keys: a Redis dump does not list who tried to sign in. */
function keyFor(rule: RateLimitRule, key: string): string {
  return `${rule.name}:${createHash('sha256').update(key).digest('base64url').slice(0, 24)}`;
}

/** "30 seconds", "1 minute", "14 minutes", "2 hours". */
export function waitText(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `${s} second${s === 1 ? '' : 's'}`;
  const m = Math.ceil(s / 60);
  if (m < 120) return `${m} minute${m === 1 ? '' : 's'}`;
  const h = Math.ceil(m / 60);
  return `${h} hours`;
}

export class RateLimiter {
  constructor(
    readonly store: RateLimitStore,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /**
   * Counts one attempt; past the rule's limit it throws 429 with Retry-After. A failing store (Redis down) lets the
   * request through and logs it: rate limits protect the shop, they must not take it offline.
   */
  async consume(rule: RateLimitRule, key: string, message = 'Too many attempts'): Promise<void> {
    let result: { count: number; resetInMs: number };
    try {
      result = await this.store.hit(keyFor(rule, key), rule.windowMs);
    } catch (err) {
      this.log?.warn({ err, rule: rule.name }, 'rate-limit store failed; letting the request through');
      return;
    }
    if (result.count > rule.limit) {
      const seconds = Math.max(1, Math.ceil(result.resetInMs / 1000));
      throw tooManyRequests(`${message}. Please try again in ${waitText(seconds)}.`, seconds);
    }
  }

  async reset(rule: RateLimitRule, key: string): Promise<void> {
    try {
      await this.store.reset(keyFor(rule, key));
    } catch (err) {
      this.log?.warn({ err, rule: rule.name }, 'rate-limit store failed to reset a key');
    }
  }

  close(): Promise<void> {
    return this.store.close();
  }
}

export function createRateLimiter(config: Config, log?: FastifyBaseLogger): RateLimiter {
  const store = config.redis
    ? new RedisRateLimitStore(config.redis.url, config.redis.keyPrefix)
    : new MemoryRateLimitStore();
  return new RateLimiter(store, log);
}
