import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { MemoryGeneration, RedisGeneration, ShortCache } from '../src/lib/short-cache';

describe('ShortCache', () => {
  it('answers from memory until it expires, sharing one computation among concurrent callers', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const cache = new ShortCache(new MemoryGeneration(), 1000);
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

  it('keeps serving the previous answer when a refresh fails, and tries again a second later', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout'] });
    try {
      const cache = new ShortCache(new MemoryGeneration(), 10_000);
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
      const cache = new ShortCache(new MemoryGeneration(), 1000);
      expect(await cache.get('k', async () => 'old')).toBe('old');
      vi.setSystemTime(Date.now() + 1001);
      let release: (v: string) => void = () => undefined;
      expect(await cache.get('k', () => new Promise<string>((resolve) => (release = resolve)))).toBe('old');
      await cache.invalidate();
      release('computed before the write');
      await new Promise((r) => setTimeout(r, 0));
      expect(await cache.get('k', async () => 'after the write')).toBe('after the write');
    } finally {
      vi.useRealTimers();
    }
  });

  it('forgets everything on invalidate, and never keeps a value computed across a write', async () => {
    const cache = new ShortCache(new MemoryGeneration(), 60_000);
    expect(await cache.get('k', async () => 'before')).toBe('before');
    let release: (v: string) => void = () => undefined;
    // A read that started before the write, on a miss, finishes after it.
    await cache.invalidate();
    const slow = cache.get('k', () => new Promise<string>((resolve) => (release = resolve)));
    await new Promise((r) => setTimeout(r, 0));
    await cache.invalidate();
    release('computed across the write');
    // Those who waited get it, but it is not kept.
    expect(await slow).toBe('computed across the write');
    expect(await cache.get('k', async () => 'after')).toBe('after');
    expect(await cache.get('k', async () => 'not asked')).toBe('after');
  });

  it('when full, makes room by forgetting the oldest answer, not every answer', async () => {
    const cache = new ShortCache(new MemoryGeneration(), 60_000, 3);
    for (const key of ['a', 'b', 'c', 'd']) await cache.get(key, async () => `first ${key}`);
    expect(cache.size).toBe(3);
    expect(await cache.get('b', async () => 'again b')).toBe('first b');
    expect(await cache.get('c', async () => 'again c')).toBe('first c');
    expect(await cache.get('d', async () => 'again d')).toBe('first d');
    expect(await cache.get('a', async () => 'again a')).toBe('again a');
  });

  it('does not keep failures', async () => {
    const cache = new ShortCache(new MemoryGeneration(), 60_000);
    await expect(cache.get('k', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await Promise.resolve();
    expect(await cache.get('k', async () => 4)).toBe(4);
  });

  it('computes fresh answers when the generation store does not answer', async () => {
    const broken = {
      current: () => Promise.reject(new Error('redis down')),
      bump: () => Promise.reject(new Error('redis down')),
      close: async () => undefined,
    };
    const cache = new ShortCache(broken, 60_000);
    let runs = 0;
    await cache.get('k', async () => ++runs);
    await cache.get('k', async () => ++runs);
    expect(runs).toBe(2);
    await cache.invalidate();
  });
});

describe('ShortCache shared through Redis (two processes)', () => {
  const redis = new Redis('redis://127.0.0.1:6379');
  const key = `urembo-test-${randomBytes(6).toString('hex')}:cache:catalogue`;
  afterAll(async () => {
    await redis.del(key);
    redis.disconnect();
  });

  it("sees another process's write on its very next read", async () => {
    const a = new ShortCache(new RedisGeneration(redis, key), 60_000);
    const b = new ShortCache(new RedisGeneration(redis, key), 60_000);
    let price = 1200;
    const read = (cache: ShortCache) => cache.get('product:p1', async () => price);
    expect(await read(a)).toBe(1200);
    expect(await read(b)).toBe(1200);
    price = 1500;
    // Still cached in both...
    expect(await read(b)).toBe(1200);
    // ...until a write through A: B's next read recomputes.
    await a.invalidate();
    expect(await read(b)).toBe(1500);
    expect(await read(a)).toBe(1500);
  });
});
