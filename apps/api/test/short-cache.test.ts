import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { MemoryChangeLog, RedisChangeLog, type ChangeLog } from '../src/lib/catalogue-changes';
import { CatalogueFeed, ShortCache, type ShortCacheOptions } from '../src/lib/short-cache';

/** A cache on its own change log (one process), answers computed once per TTL exactly (no spread). */
function cacheWith<T = unknown>(
  options: ShortCacheOptions<T> = {},
  changes: ChangeLog = new MemoryChangeLog(),
) {
  const feed = new CatalogueFeed(changes);
  const cache = new ShortCache<T>(feed, { spread: 0, ...options });
  feed.serve(cache);
  return { feed, cache };
}

const everything = { kind: 'everything' } as const;

describe('ShortCache', () => {
  it('answers from memory until it expires, sharing one computation among concurrent callers', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const { cache } = cacheWith({ ttlMs: 1000 });
      let runs = 0;
      const compute = async () => {
        runs += 1;
        return runs;
      };
      const [a, b] = await Promise.all([cache.get('k', compute), cache.get('k', compute)]);
      expect([a, b, runs]).toEqual([1, 1, 1]);
      expect(await cache.get('k', compute)).toBe(1);
      // Past the TTL: the old answer is served while one refresh computes the next (stale-while-revalidate).
      vi.setSystemTime(Date.now() + 1001);
      const [stale, alsoStale] = await Promise.all([cache.get('k', compute), cache.get('k', compute)]);
      expect([stale, alsoStale, runs]).toEqual([1, 1, 2]);
      expect(await cache.get('k', compute)).toBe(2);
      // Past two TTLs without a read: nothing that old is served; the read computes.
      vi.setSystemTime(Date.now() + 2001);
      expect(await cache.get('k', compute)).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('draws each answer its own TTL, so answers computed together are not refreshed together', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const { cache } = cacheWith({ ttlMs: 1000, spread: 0.2 });
      for (let i = 0; i < 50; i += 1) await cache.get(`k${i}`, async () => 'first');
      vi.setSystemTime(Date.now() + 1000);
      const refreshed = new Set<string>();
      for (let i = 0; i < 50; i += 1) await cache.get(`k${i}`, async () => (refreshed.add(`k${i}`), 'again'));
      // Within ±20%: at the TTL itself some have expired and some have not.
      expect(refreshed.size).toBeGreaterThan(0);
      expect(refreshed.size).toBeLessThan(50);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps serving the previous answer when a refresh fails, and tries again a second later', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout'] });
    try {
      const { cache } = cacheWith({ ttlMs: 10_000 });
      expect(await cache.get('k', async () => 'first')).toBe('first');
      vi.setSystemTime(Date.now() + 10_001);
      let failures = 0;
      const failing = async () => {
        failures += 1;
        throw new Error('database gone');
      };
      expect(await cache.get('k', failing)).toBe('first');
      await vi.advanceTimersByTimeAsync(0);
      // Refused again at once would be refused again: no retry within the second.
      expect(await cache.get('k', failing)).toBe('first');
      expect(failures).toBe(1);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(await cache.get('k', failing)).toBe('first');
      expect(failures).toBe(2);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(await cache.get('k', async () => 'second')).toBe('first');
      await vi.advanceTimersByTimeAsync(0);
      expect(await cache.get('k', failing)).toBe('second');
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not keep a refresh that finished after a write', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const { cache, feed } = cacheWith({ ttlMs: 1000 });
      expect(await cache.get('k', async () => 'old')).toBe('old');
      vi.setSystemTime(Date.now() + 1001);
      let release: (v: string) => void = () => undefined;
      expect(await cache.get('k', () => new Promise<string>((resolve) => (release = resolve)))).toBe('old');
      await feed.changed(everything);
      await feed.sync();
      release('computed before the write');
      await new Promise((r) => setTimeout(r, 0));
      expect(await cache.get('k', async () => 'after the write')).toBe('after the write');
    } finally {
      vi.useRealTimers();
    }
  });

  it('forgets what a change touches, and never keeps a value computed across a write', async () => {
    const { cache, feed } = cacheWith({ ttlMs: 60_000 });
    expect(await cache.get('k', async () => 'before')).toBe('before');
    let release: (v: string) => void = () => undefined;
    // A read that started before the write, on a miss, finishes after it.
    await feed.changed(everything);
    const slow = cache.get('k', () => new Promise<string>((resolve) => (release = resolve)));
    await new Promise((r) => setTimeout(r, 0));
    await feed.changed({ kind: 'products', productIds: ['p1'], lists: false });
    await feed.sync();
    release('computed across the write');
    // Those who waited get it, but it is not kept.
    expect(await slow).toBe('computed across the write');
    expect(await cache.get('k', async () => 'after')).toBe('after');
    expect(await cache.get('k', async () => 'not asked')).toBe('after');
  });

  it('forgets only the answers that show a changed product, and the lists when what they hold can change', async () => {
    type Answer = { ids: string[]; list: boolean; n: number };
    const { cache, feed } = cacheWith<Answer>({
      ttlMs: 60_000,
      shows: (a) => ({ products: new Set(a.ids), list: a.list }),
    });
    let n = 0;
    const read = (key: string, ids: string[], list: boolean) =>
      cache.get(key, async () => ({ ids, list, n: ++n }));
    const all = async () =>
      Object.fromEntries(
        await Promise.all(
          [
            ['p1', ['p1'], false],
            ['p2', ['p2'], false],
            ['list', ['p1', 'p2'], true],
            ['other list', ['p3'], true],
          ].map(async ([key, ids, list]) => [
            key,
            (await read(key as string, ids as string[], list as boolean)).n,
          ]),
        ),
      );
    const first = await all();
    // A price change of p1: p1's answer and the list that shows it.
    await feed.changed({ kind: 'products', productIds: ['p1'], lists: false });
    const second = await all();
    expect(second.p1).not.toBe(first.p1);
    expect(second.list).not.toBe(first.list);
    expect([second.p2, second['other list']]).toEqual([first.p2, first['other list']]);
    // A new product: every list, no other product.
    await feed.changed({ kind: 'products', productIds: ['p9'], lists: true });
    const third = await all();
    expect([third.p1, third.p2]).toEqual([second.p1, second.p2]);
    expect(third.list).not.toBe(second.list);
    expect(third['other list']).not.toBe(second['other list']);
  });

  it('patches a stock move into the answers that show it, reading the stock back once', async () => {
    type Answer = { id: string; stock: number | null };
    const reads: string[][] = [];
    const { cache, feed } = cacheWith<Answer>({
      ttlMs: 60_000,
      shows: (a) => ({ products: new Set([a.id]), list: false }),
      onStock: (a, stockOf) => {
        const now = stockOf(a.id);
        return now === undefined || now === a.stock ? 'keep' : { id: a.id, stock: now };
      },
    });
    let stock = 7;
    let computed = 0;
    feed.readStockWith(async (ids) => (reads.push(ids), new Map(ids.map((id) => [id, stock]))));
    const read = (id: string) =>
      cache.get(id, async () => (computed++, { id, stock: id === 'p1' ? stock : 3 }));
    expect(await read('p1')).toEqual({ id: 'p1', stock: 7 });
    expect(await read('p2')).toEqual({ id: 'p2', stock: 3 });
    stock = 6;
    await feed.changed({ kind: 'stock', productIds: ['p1'] });
    expect(await read('p1')).toEqual({ id: 'p1', stock: 6 });
    expect(await read('p2')).toEqual({ id: 'p2', stock: 3 });
    expect(await read('p1')).toEqual({ id: 'p1', stock: 6 });
    expect(computed).toBe(2);
    expect(reads).toEqual([['p1']]);
  });

  it('when full, makes room by forgetting the oldest answer, not every answer', async () => {
    const { cache } = cacheWith({ ttlMs: 60_000, maxEntries: 3 });
    for (const key of ['a', 'b', 'c', 'd']) await cache.get(key, async () => `first ${key}`);
    expect(cache.size).toBe(3);
    expect(await cache.get('b', async () => 'again b')).toBe('first b');
    expect(await cache.get('c', async () => 'again c')).toBe('first c');
    expect(await cache.get('d', async () => 'again d')).toBe('first d');
    expect(await cache.get('a', async () => 'again a')).toBe('again a');
  });

  it('does not keep failures', async () => {
    const { cache } = cacheWith({ ttlMs: 60_000 });
    await expect(cache.get('k', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await Promise.resolve();
    expect(await cache.get('k', async () => 4)).toBe(4);
  });

  it('computes fresh answers when the change log does not answer', async () => {
    const broken: ChangeLog = {
      record: () => Promise.reject(new Error('redis down')),
      version: () => Promise.reject(new Error('redis down')),
      since: () => Promise.reject(new Error('redis down')),
      close: async () => undefined,
    };
    const { cache, feed } = cacheWith({ ttlMs: 60_000 }, broken);
    let runs = 0;
    await cache.get('k', async () => ++runs);
    await cache.get('k', async () => ++runs);
    expect(runs).toBe(2);
    await feed.changed(everything);
  });
});

describe('ShortCache shared through Redis (two processes)', () => {
  const redis = new Redis('redis://127.0.0.1:6379');
  const key = `urembo-test-${randomBytes(6).toString('hex')}:cache:catalogue`;
  afterAll(async () => {
    const keys = await redis.keys(`${key}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  it("sees another process's write on its very next read, and only what it touched", async () => {
    const a = cacheWith({ ttlMs: 60_000, shows: productShows }, new RedisChangeLog(redis, key));
    const b = cacheWith({ ttlMs: 60_000, shows: productShows }, new RedisChangeLog(redis, key));
    const prices: Record<string, number> = { p1: 1200, p2: 800 };
    const read = (cache: ShortCache, id: string) =>
      cache.get(`product:${id}`, async () => ({ _id: id, price: prices[id] }));
    expect(await read(a.cache, 'p1')).toEqual({ _id: 'p1', price: 1200 });
    expect(await read(b.cache, 'p1')).toEqual({ _id: 'p1', price: 1200 });
    expect(await read(b.cache, 'p2')).toEqual({ _id: 'p2', price: 800 });
    prices.p1 = 1500;
    prices.p2 = 900;
    // Still cached in both...
    expect((await read(b.cache, 'p1')).price).toBe(1200);
    // ...until a write through A: B's next read recomputes p1 (and only p1).
    await a.feed.changed({ kind: 'products', productIds: ['p1'], lists: false });
    expect((await read(b.cache, 'p1')).price).toBe(1500);
    expect((await read(a.cache, 'p1')).price).toBe(1500);
    expect((await read(b.cache, 'p2')).price).toBe(800);
  });

  it('asks Redis once for the reads of one turn, and again for a read after a change', async () => {
    const log = new RedisChangeLog(redis, `${key}:turns`);
    const writer = new RedisChangeLog(redis, `${key}:turns`);
    const get = vi.spyOn(redis, 'get');
    try {
      const before = await log.version();
      get.mockClear();
      const turn = await Promise.all(Array.from({ length: 20 }, () => log.version()));
      expect(turn).toEqual(Array.from({ length: 20 }, () => before));
      expect(get).toHaveBeenCalledTimes(1);
      await writer.record(everything);
      expect(await log.version()).toBe(before + 1);
      expect(get).toHaveBeenCalledTimes(2);
    } finally {
      get.mockRestore();
    }
  });

  it('never answers a read with a GET sent before it arrived', async () => {
    const answers: Array<(value: string) => void> = [];
    const get = vi.fn(() => new Promise<string>((resolve) => answers.push(resolve)));
    const log = new RedisChangeLog({ get } as unknown as Redis, 'k');
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    const a = log.version();
    const b = log.version();
    await turn();
    expect(get).toHaveBeenCalledTimes(1);
    // That GET may not see a change recorded from now on: these two share the next one.
    const c = log.version();
    const d = log.version();
    await turn();
    expect(get).toHaveBeenCalledTimes(2);
    answers[1]!('5');
    answers[0]!('4');
    expect([await a, await b, await c, await d]).toEqual([4, 4, 5, 5]);
  });
});

function productShows(value: unknown) {
  return { products: new Set([(value as { _id: string })._id]), list: false };
}
