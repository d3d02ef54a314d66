import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { answerStock, bodyShows, type CachedBody, pageStock, sameBody } from './answer-cache';
import { type CatalogueChange, type ChangeLog, MemoryChangeLog, RedisChangeLog } from './catalogue-changes';
import { CatalogueFeed, ShortCache, type Shows, type StockOf, type StockReader } from './short-cache';

/** The app's caches, built once in buildApp and shared by every feature through the app context. */
export interface AppCaches {
  /** Products and list totals (the catalogue service's). */
  catalogue: ShortCache;
  /** Server-rendered storefront pages (whole HTML answers for visitors): drawn again only when what they show changes. */
  pages: ShortCache<CachedBody>;
  /** Public catalogue answers as JSON bytes with their ETags: stock moves are written into them. */
  answers: ShortCache<CachedBody>;
  /**
   * THE one way a write tells every cache on every process what it changed (lib/catalogue-changes.ts): the next read
   * through any process shows it.
   */
  changed(change: CatalogueChange): Promise<void>;
  /** How stock is read back after an order moves it (wired by the catalogue). */
  readStockWith(reader: StockReader): void;
  stockOf: StockOf;
  close(): Promise<void>;
}

/** Small answers, cheap to compute again: a product, a list's total. */
const CATALOGUE_TTL_MS = 30_000;
/**
 * Kept bytes: every change that touches them reaches them, so their TTL only bounds a change that could not be
 * recorded; a refresh that computes the same bytes keeps the compressed ones.
 */
const BYTES_TTL_MS = 300_000;
const PAGE_ENTRIES = 300;
const ANSWER_ENTRIES = 2_000;

export function createCaches(
  redis: { url: string; keyPrefix: string } | undefined,
  options: { log?: FastifyBaseLogger; lowStockAt: number },
): AppCaches {
  const { log } = options;
  let changes: ChangeLog;
  let disconnect = async () => {};
  if (!redis) changes = new MemoryChangeLog();
  else {
    const client = new Redis(redis.url, {
      connectTimeout: 2_000,
      commandTimeout: 1_000,
      maxRetriesPerRequest: 1,
    });
    client.on('error', () => undefined);
    changes = new RedisChangeLog(client, `${redis.keyPrefix}cache:catalogue`);
    disconnect = async () => client.disconnect();
  }
  const feed = new CatalogueFeed(changes, log);
  const catalogue = new ShortCache<unknown>(feed, {
    ttlMs: CATALOGUE_TTL_MS,
    maxEntries: 500,
    log,
    shows: productShows,
  });
  const answers = new ShortCache<CachedBody>(feed, {
    ttlMs: BYTES_TTL_MS,
    maxEntries: ANSWER_ENTRIES,
    log,
    shows: bodyShows,
    onStock: answerStock,
    same: sameBody,
  });
  const pages = new ShortCache<CachedBody>(feed, {
    ttlMs: BYTES_TTL_MS,
    maxEntries: PAGE_ENTRIES,
    log,
    shows: bodyShows,
    // The storefront says "Only N left" from 5 until the shop's setting has loaded: whichever is higher counts.
    onStock: pageStock(Math.max(options.lowStockAt, 5)),
    same: sameBody,
  });
  for (const cache of [catalogue, answers, pages]) feed.serve(cache);
  return {
    catalogue,
    answers,
    pages,
    changed: (change) => feed.changed(change),
    readStockWith: (reader) => feed.readStockWith(reader),
    stockOf: feed.stockOf,
    close: async () => {
      await feed.close();
      await disconnect();
    },
  };
}

/** The catalogue service keeps products (one product each; null for none, which a new product can change) and totals. */
function productShows(value: unknown): Shows {
  if (value && typeof value === 'object' && '_id' in value && typeof value._id === 'string') {
    return { products: new Set([value._id]), list: false };
  }
  return { products: new Set(), list: true };
}
