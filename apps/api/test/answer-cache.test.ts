import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerStock, CachedBody } from '../src/lib/answer-cache';

/** A list answer as the catalogue serialises it: each product's id, slug, ..., reviewCount, then its stock. */
function product(id: string, stock: number | null, extra = '') {
  return (
    `{"_id":"${id}","slug":"${id}-slug","name":"Product ${id} ${'shea butter and rose water '.repeat(8)}",` +
    `"reviewCount":3,"stock":${stock},"inStock":${stock === null || stock > 0}${extra}}`
  );
}
const list = (...products: string[]) => new CachedBody(`{"data":[${products.join(',')}],"total":3}`, 'json');

const brotli = (text: string, quality: number) =>
  brotliCompressSync(Buffer.from(text), {
    params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: text.length },
  });

afterEach(() => vi.useRealTimers());

describe('CachedBody after a stock move', () => {
  it('writes the new figures where the old ones were, and knows its slots as a fresh read of its text would', () => {
    const body = list(product('a', 100_000), product('b', 7), product('c', null));
    const figures = new Map<string, number | null>([
      ['a', 99_999],
      ['b', 12_345],
    ]);
    const patched = answerStock(body, (id) => figures.get(id));
    if (typeof patched === 'string') throw new Error(`expected a patched answer, got ${patched}`);
    expect(JSON.parse(patched.text)).toEqual(
      JSON.parse(list(product('a', 99_999), product('b', 12_345), product('c', null)).text),
    );
    // The slots it carries over (shifted by the figures' new lengths) are the ones its text holds.
    expect(patched.stockSlots).toEqual(new CachedBody(patched.text, 'json').stockSlots);
    expect(patched.shows).toEqual({ products: new Set(['a', 'b', 'c']), list: true });

    // Patched again from the carried-over slots: a figure going out of stock, another one unchanged.
    figures.set('a', 0);
    figures.set('c', 4);
    const again = answerStock(patched, (id) => figures.get(id));
    if (typeof again === 'string') throw new Error(`expected a patched answer, got ${again}`);
    expect(again.text).toBe(list(product('a', 0), product('b', 12_345), product('c', 4)).text);
    expect(again.stockSlots).toEqual(new CachedBody(again.text, 'json').stockSlots);
    expect(again.etag).not.toBe(patched.etag);
  });

  it('keeps an answer whose figures did not move, and recomputes one with a moved product that has variants', () => {
    const body = list(product('a', 5), product('b', 9, ',"variants":[{"sku":"B-1","stock":4}]'));
    expect(answerStock(body, (id) => (id === 'a' ? 5 : undefined))).toBe('keep');
    expect(answerStock(body, () => undefined)).toBe('keep');
    expect(answerStock(body, (id) => (id === 'a' ? 4 : undefined))).toBeInstanceOf(CachedBody);
    expect(answerStock(body, (id) => (id === 'b' ? 8 : undefined))).toBe('recompute');
  });

  it('compresses a patched answer quickly while it is new, and at the usual levels once it has lasted a second', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const body = list(product('a', 100_000), product('b', 7), product('c', 3));
    // A kept answer is compressed at the usual levels from the start.
    expect(body.bytes('br')).toEqual(brotli(body.text, 6));
    const patched = body.withStock((id) => (id === 'a' ? 99_999 : undefined));
    if (typeof patched === 'string') throw new Error(`expected a patched answer, got ${patched}`);

    const quickBr = patched.bytes('br');
    const quickGzip = patched.bytes('gzip');
    expect(quickBr).toEqual(brotli(patched.text, 1));
    expect(quickGzip).toEqual(gzipSync(Buffer.from(patched.text), { level: 1 }));
    expect(brotliDecompressSync(quickBr).toString()).toBe(patched.text);
    expect(gunzipSync(quickGzip).toString()).toBe(patched.text);
    // Within its first second it is not compressed again.
    vi.advanceTimersByTime(900);
    expect(patched.bytes('br')).toBe(quickBr);

    vi.advanceTimersByTime(200);
    const fullBr = patched.bytes('br');
    expect(fullBr).toEqual(brotli(patched.text, 6));
    expect(fullBr.length).toBeLessThan(quickBr.length);
    expect(patched.bytes('gzip')).toEqual(gzipSync(Buffer.from(patched.text), { level: 6 }));
    // Once, not on every read.
    expect(patched.bytes('br')).toBe(fullBr);
    // The identity bytes are the text, whatever its age.
    expect(patched.bytes('identity').toString()).toBe(patched.text);
  });
});
