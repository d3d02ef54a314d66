import { describe, expect, it, vi } from 'vitest';
import { ShortCache } from '../src/modules/catalogue/short-cache';

describe('ShortCache', () => {
  it('answers from memory until it expires, sharing one computation among concurrent callers', async () => {
    vi.useFakeTimers();
    try {
      const cache = new ShortCache(1000);
      let runs = 0;
      const compute = async () => {
        runs += 1;
        return runs;
      };
      const [a, b] = await Promise.all([cache.get('k', compute), cache.get('k', compute)]);
      expect([a, b, runs]).toEqual([1, 1, 1]);
      expect(await cache.get('k', compute)).toBe(1);
      vi.advanceTimersByTime(1001);
      expect(await cache.get('k', compute)).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('forgets everything on clear, and never keeps a value computed across a write', async () => {
    const cache = new ShortCache(60_000);
    let release: (n: number) => void = () => undefined;
    const slow = cache.get('k', () => new Promise<number>((resolve) => (release = resolve)));
    cache.clear();
    release(1);
    expect(await slow).toBe(1);
    expect(await cache.get('k', async () => 2)).toBe(2);
    cache.clear();
    expect(await cache.get('k', async () => 3)).toBe(3);
  });

  it('does not keep failures', async () => {
    const cache = new ShortCache(60_000);
    await expect(cache.get('k', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await Promise.resolve();
    expect(await cache.get('k', async () => 4)).toBe(4);
  });
});
