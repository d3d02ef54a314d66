import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { Config } from '../config';
import { tooManyRequests } from './http-error';

/**
 * Rate limits on rate-limiter-flexible (decision 007): fixed windows per rule, in this process's memory by default
 * and in Redis when REDIS_URL is set, so every API process behind a load balancer counts the same hits. When Redis
 * does not answer, each process falls back to counting in its own memory (the library's insurance limiter) rather
 * than letting every guess through.
 */
export interface RateLimitRule {
  /** Part of the stored key; unique per rule. */
  name: string;
  limit: number;
  windowMs: number;
}

/**
 * A growing delay for one key (an account's sign-in): the first `freeTries` failures cost nothing, then each further
 * failure blocks the key for twice as long as the one before, starting at `firstDelayMs` and never longer than
 * `maxDelayMs`, so a guesser slows to a crawl but the real owner is never locked out for good.
 */
export interface BackoffRule {
  name: string;
  freeTries: number;
  firstDelayMs: number;
  maxDelayMs: number;
  /** How long failures are remembered (a success forgets them at once). */
  memoryMs: number;
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

/** Identifiers (emails, phones, IPs) are hashed into keys: a Redis dump does not list who tried to sign in. */
function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('base64url').slice(0, 24);
}

/** The delay after the n-th failure (1-based) under a backoff rule, in ms (0 while tries are free). */
export function backoffDelayMs(rule: BackoffRule, failures: number): number {
  if (failures < rule.freeTries) return 0;
  const doublings = Math.min(failures - rule.freeTries, 30);
  return Math.min(rule.maxDelayMs, rule.firstDelayMs * 2 ** doublings);
}

type LimiterFactory = (name: string, points: number, durationS: number) => RateLimiterAbstract;

export class RateLimiter {
  private readonly limiters = new Map<string, RateLimiterAbstract>();

  constructor(
    private readonly make: LimiterFactory,
    private readonly log?: FastifyBaseLogger,
    private readonly onClose: () => void = () => undefined,
  ) {}

  /** Counts one attempt; past the rule's limit it throws 429 with Retry-After. */
  async consume(rule: RateLimitRule, key: string, message = 'Too many attempts'): Promise<void> {
    const limiter = this.limiter(rule.name, rule.limit, Math.ceil(rule.windowMs / 1000));
    try {
      await limiter.consume(hashKey(key));
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) throw limited(message, rejection.msBeforeNext);
      // Both Redis and the in-memory insurance failed: rate limits must not take the shop offline.
      this.log?.warn(
        { err: rejection, rule: rule.name },
        'rate-limit store failed; letting the request through',
      );
    }
  }

  /** Forgets the key's hits (e.g. a successful sign-in clears the failed tries before it). */
  async reset(rule: { name: string }, key: string): Promise<void> {
    const limiter = this.limiters.get(rule.name);
    if (!limiter) return;
    try {
      await limiter.delete(hashKey(key));
    } catch (err) {
      this.log?.warn({ err, rule: rule.name }, 'rate-limit store failed to reset a key');
    }
  }

  /** Throws 429 with Retry-After while the key is held back by earlier failures under the rule. */
  async assertNotBackedOff(rule: BackoffRule, key: string, message: string): Promise<void> {
    try {
      const hold = await this.holdLimiter(rule).get(hashKey(key));
      if (hold && hold.consumedPoints > 1 && hold.msBeforeNext > 0) throw limited(message, hold.msBeforeNext);
    } catch (err) {
      if (err instanceof Error && 'statusCode' in err) throw err;
      this.log?.warn({ err, rule: rule.name }, 'rate-limit store failed to read a hold');
    }
  }

  /** Records one failure under the rule; past the free tries the key is held back for a growing delay. */
  async recordFailure(rule: BackoffRule, key: string): Promise<void> {
    const hashed = hashKey(key);
    try {
      const failures = this.limiter(`${rule.name}-failures`, 1_000_000, Math.ceil(rule.memoryMs / 1000));
      const { consumedPoints } = await failures.consume(hashed);
      const delayMs = backoffDelayMs(rule, consumedPoints);
      if (delayMs > 0) await this.holdLimiter(rule).block(hashed, Math.ceil(delayMs / 1000));
    } catch (err) {
      this.log?.warn({ err, rule: rule.name }, 'rate-limit store failed to record a failure');
    }
  }

  /** Forgets the failures and any hold under the rule (after a success). */
  async clearFailures(rule: BackoffRule, key: string): Promise<void> {
    await this.reset({ name: `${rule.name}-failures` }, key);
    await this.reset({ name: `${rule.name}-hold` }, key);
  }

  async close(): Promise<void> {
    this.onClose();
  }

  private holdLimiter(rule: BackoffRule): RateLimiterAbstract {
    return this.limiter(`${rule.name}-hold`, 1, Math.ceil(rule.maxDelayMs / 1000));
  }

  private limiter(name: string, points: number, durationS: number): RateLimiterAbstract {
    let limiter = this.limiters.get(name);
    if (!limiter) {
      limiter = this.make(name, points, durationS);
      this.limiters.set(name, limiter);
    }
    return limiter;
  }
}

function limited(message: string, msBeforeNext: number) {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return tooManyRequests(`${message}. Please try again in ${waitText(seconds)}.`, seconds);
}

export function memoryRateLimiter(log?: FastifyBaseLogger): RateLimiter {
  return new RateLimiter(
    (name, points, duration) => new RateLimiterMemory({ keyPrefix: name, points, duration }),
    log,
  );
}

export function redisRateLimiter(url: string, keyPrefix: string, log?: FastifyBaseLogger): RateLimiter {
  const redis = new Redis(url, {
    connectTimeout: 2_000,
    commandTimeout: 1_000,
    maxRetriesPerRequest: 1,
  });
  // Connection errors surface on the commands (and the insurance limiter takes over); keep them off the process.
  redis.on('error', () => undefined);
  return new RateLimiter(
    (name, points, duration) =>
      new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `${keyPrefix}rl:${name}`,
        points,
        duration,
        insuranceLimiter: new RateLimiterMemory({ keyPrefix: name, points, duration }),
      }),
    log,
    () => redis.disconnect(),
  );
}

export function createRateLimiter(config: Config, log?: FastifyBaseLogger): RateLimiter {
  return config.redis
    ? redisRateLimiter(config.redis.url, config.redis.keyPrefix, log)
    : memoryRateLimiter(log);
}
