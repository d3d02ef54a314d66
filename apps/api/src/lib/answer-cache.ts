import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cacheLookups } from './metrics';
import type { Shows, ShortCache, StockOf, StockPatch } from './short-cache';

type Encoding = 'br' | 'gzip' | 'identity';

/** Below this, compressing costs more than the bytes it saves (the compress plugin's threshold too). */
const COMPRESS_FROM_BYTES = 1024;
/**
 * Brotli's level for kept answers. Level 11 made a 14 KB list 11% smaller than level 6 but took 24 ms instead of
 * 0.3 ms, on the event loop, after every catalogue or order-stock write (measured 2026-11-23).
 */
const BROTLI_QUALITY = 6;
/**
 * An answer patched with new stock figures is compressed quickly (brotli 1, gzip 1) while it is new: in a sale its
 * successor often comes within a second. On 10 KB lists brotli 1 took 0.05-0.07 ms against 0.28-0.30 ms at level 6,
 * for 13% more bytes (4.0 KB against 3.6 KB, measured 2026-11-27). An answer still served after
 * `QUICK_FOR_MS` is compressed again at the usual levels, once.
 */
const QUICK = { brotli: 1, gzip: 1 } as const;
const FULL = { brotli: BROTLI_QUALITY, gzip: 6 } as const;
const QUICK_FOR_MS = 1_000;

/**
 * Where a product's own stock is written in a kept answer: `"stock":N,"inStock":B` after its `"reviewCount"`, itself
 * after the product's `"_id":"..","slug":`. A product with variants has their stock too (`hasVariants`).
 */
interface StockSlot {
  id: string;
  start: number;
  end: number;
  stock: number | null;
  hasVariants: boolean;
}

const PRODUCT_ID = /"_id":"((?:[^"\\]|\\.)*)","slug":/g;
const STOCK_FIELDS = /"reviewCount":-?\d+,("stock":(null|-?\d+),"inStock":(?:true|false))/g;
const SOME_VARIANT = '"variants":[{';

/**
 * An answer kept as the bytes it is sent as: its text encoded once, and compressed once per encoding a client asks
 * for (so a busy page costs one compression per change it shows, not one per request), with its entity tag. It knows
 * the products it shows (for the caches to know what changes it), and where their stock is written.
 */
export class CachedBody {
  readonly etag: string;
  private readonly variants = new Map<Encoding, Buffer>();
  /** The encodings compressed quickly (`QUICK`), to compress again at the usual levels once `quickUntil` passed. */
  private readonly quick = new Set<Encoding>();
  /** Until when a new compression is a quick one (a patched answer's first second; 0 for any other answer). */
  private quickUntil = 0;
  private found: { products: ReadonlySet<string>; slots: StockSlot[] | null } | undefined;

  constructor(
    readonly text: string,
    readonly type: string,
    readonly status = 200,
    /** A list (which products it holds can change), or one product's answer. */
    readonly list = true,
  ) {
    const identity = Buffer.from(text, 'utf8');
    this.variants.set('identity', identity);
    this.etag = `"${createHash('sha1').update(identity).digest('base64url')}"`;
  }

  /**
   * This answer with the products' stock as `stockOf` says now (its figures written where the old ones were; the
   * rest is unchanged, so nothing is computed again): `keep` when no figure moved, `recompute` when it cannot be
   * patched (its products and stock could not be paired up, or a moved product has variants, each with its own
   * stock). The patched answer knows its products and slots without reading its text again, and is compressed
   * quickly while it is new.
   */
  withStock(stockOf: StockOf): CachedBody | 'keep' | 'recompute' {
    const { products, slots } = this.products();
    if (!slots) return 'recompute';
    const parts: string[] = [];
    /** Every slot as it is in the patched text (shifted by the figures before it that changed length). */
    const after: StockSlot[] = [];
    let from = 0;
    let shift = 0;
    for (const slot of slots) {
      const now = stockOf(slot.id);
      if (now === undefined || now === slot.stock) {
        after.push(shift === 0 ? slot : { ...slot, start: slot.start + shift, end: slot.end + shift });
        continue;
      }
      if (slot.hasVariants) return 'recompute';
      const figures = `"stock":${now},"inStock":${now === null || now > 0}`;
      parts.push(this.text.slice(from, slot.start), figures);
      from = slot.end;
      const start = slot.start + shift;
      shift += figures.length - (slot.end - slot.start);
      after.push({ ...slot, start, end: start + figures.length, stock: now });
    }
    if (parts.length === 0) return 'keep';
    parts.push(this.text.slice(from));
    const patched = new CachedBody(parts.join(''), this.type, this.status, this.list);
    patched.found = { products, slots: after };
    patched.quickUntil = Date.now() + QUICK_FOR_MS;
    return patched;
  }

  /** The products it shows, and where their stock is (null when the two cannot be paired up). */
  private products() {
    if (!this.found) {
      const ids = [...this.text.matchAll(PRODUCT_ID)];
      const stocks = [...this.text.matchAll(STOCK_FIELDS)];
      const products = new Set(ids.map((m) => JSON.parse(`"${m[1]!}"`) as string));
      // Each product's stock comes after its id and before the next product's.
      const paired =
        ids.length === stocks.length &&
        stocks.every(
          (m, i) => m.index > ids[i]!.index && (i + 1 >= ids.length || m.index < ids[i + 1]!.index),
        );
      const slots = paired
        ? stocks.map((m, i) => {
            const start = m.index + m[0].length - m[1]!.length;
            const end = m.index + m[0].length;
            const next = ids[i + 1]?.index ?? this.text.length;
            return {
              id: JSON.parse(`"${ids[i]![1]!}"`) as string,
              start,
              end,
              stock: m[2] === 'null' ? null : Number(m[2]),
              hasVariants: this.text.slice(end, next).includes(SOME_VARIANT),
            };
          })
        : null;
      this.found = { products, slots };
    }
    return this.found;
  }

  get shows(): Shows {
    return { products: this.products().products, list: this.list };
  }

  get stockSlots(): readonly StockSlot[] | null {
    return this.products().slots;
  }

  bytes(encoding: Encoding): Buffer {
    const kept = this.variants.get(encoding);
    if (kept && !this.quick.has(encoding)) return kept;
    // Not compressed yet, or compressed quickly: again at the usual levels once the answer's first second is over.
    const quick = Date.now() < this.quickUntil;
    if (kept && quick) return kept;
    const levels = quick ? QUICK : FULL;
    const identity = this.variants.get('identity')!;
    const bytes =
      encoding === 'br'
        ? brotliCompressSync(identity, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: levels.brotli,
              [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
            },
          })
        : gzipSync(identity, { level: levels.gzip });
    this.variants.set(encoding, bytes);
    if (quick) this.quick.add(encoding);
    else this.quick.delete(encoding);
    return bytes;
  }

  /** The best encoding this client takes (brotli, then gzip), or none for a small answer. */
  encodingFor(acceptEncoding: string | undefined): Encoding {
    if (!acceptEncoding || this.variants.get('identity')!.length < COMPRESS_FROM_BYTES) return 'identity';
    return bestEncoding(acceptEncoding);
  }
}

/**
 * Accept-Encoding headers come in a handful of spellings (one per browser), so each is read once and remembered:
 * a cached answer costs a map lookup, not a parse. Bounded, in case a client sends made-up ones.
 */
const chosenEncodings = new Map<string, Encoding>();

function bestEncoding(acceptEncoding: string): Encoding {
  let chosen = chosenEncodings.get(acceptEncoding);
  if (chosen) return chosen;
  const accepted = new Set(
    acceptEncoding
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || !/^\s*q=0(\.0*)?\s*$/.test(q))
      .map(([name]) => name!.trim().toLowerCase()),
  );
  chosen = accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : 'identity';
  if (chosenEncodings.size >= 64) chosenEncodings.clear();
  chosenEncodings.set(acceptEncoding, chosen);
  return chosen;
}

/** Whether an If-None-Match header names this entity tag (weak or strong, in a list, or `*`). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

/** Sends a cached body: 304 when the client has it, else its bytes in the client's best encoding. */
export function sendCachedBody(request: FastifyRequest, reply: FastifyReply, body: CachedBody): FastifyReply {
  void reply.header('etag', body.etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  if (etagMatches(request.headers['if-none-match'], body.etag)) return reply.status(304).send();
  const encoding = body.encodingFor(request.headers['accept-encoding']);
  if (encoding !== 'identity') void reply.header('content-encoding', encoding);
  return reply.status(body.status).type(body.type).send(body.bytes(encoding));
}

/**
 * A public read answered from `cache` as JSON bytes (serialised once, not per request), keyed by what it reads,
 * with an ETag: a browser that has it gets 304 and no body. The cache's generation makes a write visible at once
 * (the entity tag changes with the answer). Failures (4xx) are not kept.
 */
export async function sendCachedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: ShortCache<CachedBody>,
  compute: () => Promise<unknown>,
  { list = true }: { list?: boolean } = {},
): Promise<FastifyReply> {
  // The route's own 200 serializer (checked against its contract schema) runs once per computed answer: named by its
  // status, because a refresh past the TTL finishes after this reply has gone, perhaps as a 304. The key is the
  // route with its parsed parameters (unknown query parameters dropped, defaults filled in), so `?limit=10&page=1`,
  // `?page=1&limit=10&utm_source=sms` and `?limit=10` are one answer, and made-up URLs cannot fill the cache.
  let computed = false;
  const key = `answer:${request.routeOptions.url}:${JSON.stringify(request.params)}:${JSON.stringify(request.query)}`;
  const body = await cache.get(key, async () => {
    computed = true;
    return new CachedBody(
      String(reply.serializeInput((await compute()) as Record<string, unknown>, '200')),
      'application/json; charset=utf-8',
      200,
      list,
    );
  });
  cacheLookups[computed ? 'miss' : 'hit'] += 1;
  // The lane may answer this URL itself next time (lib/kept-answer-lane.ts).
  request.keptAnswer = { cache, key };
  return sendCachedBody(request, reply, body);
}

/**
 * The options of a route that answers with kept bytes (`sendCachedBody`: the API's kept answers, the pages): they
 * are compressed already, once per encoding, so the compress plugin's hooks stay off the route. Measured under the catalogue's load, its three hooks
 * (one per request even when they do nothing) cost about 12 µs of a kept answer's 60 µs of CPU. An answer such a
 * route sends otherwise goes through `sendJsonOnce`.
 */
export const KEPT_ANSWER_ROUTE = { compress: false, decompress: false } as const;

/**
 * A JSON answer not worth keeping, from a route whose kept answers are compressed already (`KEPT_ANSWER_ROUTE`): sent
 * as a kept one is (compressed for the client, with an entity tag), then forgotten.
 */
export function sendJsonOnce(request: FastifyRequest, reply: FastifyReply, value: unknown): FastifyReply {
  const text = String(reply.serializeInput(value as Record<string, unknown>, '200'));
  return sendCachedBody(request, reply, new CachedBody(text, 'application/json; charset=utf-8'));
}

/** What a kept answer shows, for the caches. */
export const bodyShows = (body: CachedBody): Shows => body.shows;

/** A refreshed answer with the same bytes: the kept one stays, with its compressed variants. */
export const sameBody = (kept: CachedBody, fresh: CachedBody): boolean =>
  kept.etag === fresh.etag && kept.status === fresh.status;

/** An API answer after a stock move: its figures patched in (`CachedBody.withStock`). */
export const answerStock: StockPatch<CachedBody> = (body, stockOf) => body.withStock(stockOf);

/**
 * A page after a stock move: a shopper sees a product's stock only as "Only N left" (at or under `lowStockAt`),
 * "Out of stock" (also in its structured data) or nothing, so the page is drawn again only when that changes. The
 * exact figure in the page's inlined data is what the page was drawn from, so it stays with the markup.
 */
export function pageStock(lowStockAt: number): StockPatch<CachedBody> {
  const shown = (stock: number | null) =>
    stock === null ? 'untracked' : stock <= 0 ? 'out' : stock <= lowStockAt ? `low:${stock}` : 'in';
  return (page, stockOf) => {
    const slots = page.stockSlots;
    if (!slots) return 'recompute';
    for (const slot of slots) {
      const now = stockOf(slot.id);
      if (now === undefined || now === slot.stock) continue;
      // Each variant shows its own stock ("Out of stock" on a shade): drawn again.
      if (slot.hasVariants || shown(now) !== shown(slot.stock)) return 'recompute';
    }
    return 'keep';
  };
}
