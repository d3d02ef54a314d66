import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * Where a cache's generation lives. Every write bumps it; a cached answer is only served under the generation it was
 * computed in. In memory for one process; in Redis when several processes serve the shop, so a write through one
 * process is seen by the very next read through any other, at the cost of one Redis GET.
 */
export interface CacheGeneration {
  current(): Promise<number>;
  bump(): Promise<void>;
  close(): Promise<void>;
}

export class MemoryGeneration implements CacheGeneration {
  private value = 0;
  async current() {
    return this.value;
  }
  async bump() {
    this.value += 1;
  }
  async close() {}
}

export class RedisGeneration implements CacheGeneration {
  constructor(
    private readonly redis: Redis,
    private readonly key: string,
  ) {}
  async current() {
    return Number((await this.redis.get(this.key)) ?? 0);
  }
  async bump() {
    await this.redis.incr(this.key);
  }
  async close() {}
}

/** After a failed refresh, the next one waits this long. */
const REFRESH_RETRY_MS = 1_000;

interface Entry {
  value: Promise<unknown>;
  /** Served as it is until then; after it, served while one refresh runs, until `expires` + the TTL. */
  expires: number;
  refreshing: boolean;
}

/**
 * A short memory of expensive read answers (list totals, products, API answers, pages), owned by the app
 * (`buildApp`) and cleared by the services that write what it holds: the catalogue (products, prices, stock,
 * images, categories), orders (stock) and reviews (ratings). Concurrent misses for one key share one computation.
 * When the generation store does not answer (Redis down), answers are computed fresh rather than risk a stale one.
 *
 * A write shows at once through the generation; the TTL only bounds how long a process keeps an answer when it could
 * not be told of a write (a generation bump that failed). An answer past its TTL is served while one refresh
 * computes its successor in the background (stale-while-revalidate, for at most one more TTL), so a busy page's
 * expiry costs one computation, not a queue of waiting visitors; answers that all expire at once (a warmed
 * catalogue) do not stall the server together.
 */
export class ShortCache {
  private readonly entries = new Map<string, Entry>();
  private seen = -1;

  constructor(
    private readonly generation: CacheGeneration = new MemoryGeneration(),
    private readonly ttlMs = 30_000,
    private readonly maxEntries = 500,
    private readonly log?: FastifyBaseLogger,
  ) {}

  async get<T>(key: string, compute: () => Promise<T>): Promise<T> {
    let generation: number;
    try {
      generation = await this.generation.current();
    } catch (err) {
      this.log?.warn({ err }, 'cache generation unavailable; answering without the cache');
      return compute();
    }
    if (generation !== this.seen) {
      // Another process (or this one) wrote: nothing remembered before that is served again.
      this.entries.clear();
      this.seen = generation;
    }
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit) {
      if (hit.expires > now) return hit.value as Promise<T>;
      if (hit.expires + this.ttlMs > now) {
        if (!hit.refreshing) this.refresh(key, hit, compute, generation);
        return hit.value as Promise<T>;
      }
    }
    if (this.entries.size >= this.maxEntries) this.evictExpired(now);
    const value = compute();
    this.entries.set(key, { value, expires: now + this.ttlMs, refreshing: false });
    value.then(
      () => {
        // Computed across a write: serve it to those who waited, but do not keep it.
        if (this.seen !== generation && this.entries.get(key)?.value === value) this.entries.delete(key);
      },
      () => {
        if (this.entries.get(key)?.value === value) this.entries.delete(key);
      },
    );
    return value;
  }

  /** Computes an expired entry's successor; the entry stays served until it is ready (or a later try succeeds). */
  private refresh<T>(key: string, stale: Entry, compute: () => Promise<T>, generation: number): void {
    stale.refreshing = true;
    compute().then(
      (fresh) => {
        // Not across a write, and the entry is still the one that was refreshed (not evicted, not replaced).
        if (this.seen === generation && this.entries.get(key) === stale) {
          this.entries.set(key, {
            value: Promise.resolve(fresh),
            expires: Date.now() + this.ttlMs,
            refreshing: false,
          });
        }
      },
      (err: unknown) => {
        // A read a second later tries again (not every read at once: a refresh refused because the server is busy
        // would be refused again); after one more TTL, a read computes (and reports) it itself.
        setTimeout(() => (stale.refreshing = false), REFRESH_RETRY_MS).unref();
        this.log?.debug(
          { err, key },
          'cache refresh failed; the previous answer is served until a retry works',
        );
      },
    );
  }

  /** How many answers are remembered now. */
  get size(): number {
    return this.entries.size;
  }

  /** After a write: forget everything here and tell every other process (through the shared generation). */
  async invalidate(): Promise<void> {
    this.entries.clear();
    this.seen = -1;
    try {
      await this.generation.bump();
    } catch (err) {
      // Other processes cannot be told: they keep serving what they remember for at most the TTL.
      this.log?.error({ err }, 'cache generation could not be bumped');
    }
  }

  close(): Promise<void> {
    return this.generation.close();
  }

  /** Makes room: expired answers go first, then the oldest (a Map keeps insertion order), never all at once. */
  private evictExpired(now: number): void {
    for (const [key, entry] of this.entries) if (entry.expires <= now) this.entries.delete(key);
    for (const key of this.entries.keys()) {
      if (this.entries.size < this.maxEntries) break;
      this.entries.delete(key);
    }
  }
}

/** The app's caches, built once in buildApp and shared by every feature through the app context. */
export interface AppCaches {
  /** Products and list totals (the catalogue service's): invalidated by catalogue, order-stock and review writes. */
  catalogue: ShortCache;
  /**
   * Server-rendered storefront pages (whole HTML answers for visitors): they show the catalogue, so they live under
   * the catalogue's generation and go with every catalogue or review write. Fewer entries: a page is tens of KB.
   */
  pages: ShortCache;
  /** Public catalogue answers as JSON text with their ETags (lib/answer-cache.ts), under the same generation. */
  answers: ShortCache;
  close(): Promise<void>;
}

const TTL_MS = 30_000;
const PAGE_ENTRIES = 200;
const ANSWER_ENTRIES = 2_000;

/** The app's three caches on one generation: a catalogue or review write clears them all, on every process. */
function cachesOn(
  generation: CacheGeneration,
  close: () => Promise<void>,
  log?: FastifyBaseLogger,
): AppCaches {
  return {
    catalogue: new ShortCache(generation, TTL_MS, 500, log),
    pages: new ShortCache(generation, TTL_MS, PAGE_ENTRIES, log),
    answers: new ShortCache(generation, TTL_MS, ANSWER_ENTRIES, log),
    close,
  };
}

export function createCaches(
  redis: { url: string; keyPrefix: string } | undefined,
  log?: FastifyBaseLogger,
): AppCaches {
  if (!redis) {
    const generation = new MemoryGeneration();
    return cachesOn(generation, () => generation.close(), log);
  }
  const client = new Redis(redis.url, {
    connectTimeout: 2_000,
    commandTimeout: 1_000,
    maxRetriesPerRequest: 1,
  });
  client.on('error', () => undefined);
  const generation = new RedisGeneration(client, `${redis.keyPrefix}cache:catalogue`);
  return cachesOn(
    generation,
    async () => {
      client.disconnect();
    },
    log,
  );
}
