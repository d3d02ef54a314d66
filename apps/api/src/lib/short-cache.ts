import type { FastifyBaseLogger } from 'fastify';
import type { CatalogueChange, ChangeLog } from './catalogue-changes';

/** What a kept answer shows: the products in it, and whether it is a list (which products it holds can change). */
export interface Shows {
  products: ReadonlySet<string>;
  list: boolean;
}

/** Units on the shelf as the caches last read them (null: not tracked); undefined when unknown (not moved). */
export type StockOf = (productId: string) => number | null | undefined;

/**
 * After a stock move of a product it shows: `keep` (what it shows did not change), a patched answer (the new
 * figures written in), or `recompute`.
 */
export type StockPatch<T> = (value: T, stockOf: StockOf) => T | 'keep' | 'recompute';

export interface ShortCacheOptions<T> {
  ttlMs?: number;
  /** Each answer's TTL is drawn within ± this share of `ttlMs` (0.2 unless told). */
  spread?: number;
  maxEntries?: number;
  log?: FastifyBaseLogger;
  /** What an answer shows; by default a list of nothing in particular (it goes with any change to what lists hold). */
  shows?: (value: T) => Shows;
  /** How a stock move reaches an answer that shows the product; by default the answer goes. */
  onStock?: StockPatch<T>;
  /** Whether a refreshed answer is the one kept (it then stays, with its compressed bytes). */
  same?: (kept: T, fresh: T) => boolean;
}

/** The caches' view of changes: brought up to date before every read (throws when it cannot be: Redis down). */
export interface ChangeFeed {
  sync(): Promise<void>;
  stockOf: StockOf;
}

const ALWAYS_CURRENT: ChangeFeed = { sync: async () => undefined, stockOf: () => undefined };
const A_LIST: Shows = { products: new Set(), list: true };

/** After a failed refresh, the next one waits this long. */
const REFRESH_RETRY_MS = 1_000;

interface Entry<T> {
  value: Promise<T>;
  /** The answer once computed (undefined while it is). */
  settled?: { value: T; shows: Shows };
  /** Served as it is until then; after it, served while one refresh runs, until `expires` + the TTL. */
  expires: number;
  refreshing: boolean;
  /** A product it shows moved stock since it was computed or last patched. */
  stockMoved: boolean;
}

/**
 * A memory of expensive read answers (list totals, products, API answers, pages), owned by the app (`buildApp`).
 * Every write says what it changed (`AppCaches.changed`) and only the answers that show it go: a price change takes
 * the product's answers and the lists that show it; an order's stock move patches the figures into the answers that
 * show them (`onStock`). Concurrent misses for one key share one computation. When changes cannot be known (Redis
 * down), answers are computed fresh rather than risk a stale one.
 *
 * The TTL only bounds how long a process keeps an answer when it could not be told of a write (a change that could
 * not be recorded). An answer past its TTL is served while one refresh computes its successor in the background
 * (stale-while-revalidate, for at most one more TTL); each answer's TTL is drawn a little longer or shorter, so
 * answers computed together (a warmed catalogue) are not refreshed together.
 */
export class ShortCache<T = unknown> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly log: FastifyBaseLogger | undefined;
  private readonly shows: (value: T) => Shows;
  /** Counts stock moves applied, so a refresh knows whether one came while it computed. */
  private stockMoves = 0;

  constructor(
    private readonly feed: ChangeFeed = ALWAYS_CURRENT,
    private readonly options: ShortCacheOptions<T> = {},
  ) {
    this.ttlMs = options.ttlMs ?? 30_000;
    this.maxEntries = options.maxEntries ?? 500;
    this.log = options.log;
    this.shows = options.shows ?? (() => A_LIST);
  }

  async get<V extends T>(key: string, compute: () => Promise<V>): Promise<V> {
    try {
      await this.feed.sync();
    } catch (err) {
      this.log?.warn({ err }, 'catalogue changes unavailable; answering without the cache');
      return compute();
    }
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires + this.ttlMs > now && this.patched(key, hit)) {
      if (hit.expires <= now && !hit.refreshing) this.refresh(key, hit, compute);
      return hit.value as Promise<V>;
    }
    if (this.entries.size >= this.maxEntries) this.evictExpired(now);
    const value = compute();
    const entry: Entry<T> = { value, expires: now + this.ttl(), refreshing: false, stockMoved: false };
    this.entries.set(key, entry);
    value.then(
      (computed) => {
        entry.settled = { value: computed, shows: this.shows(computed) };
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return value;
  }

  /**
   * The answer kept under `key` as `get` would serve it now (changes applied, stock figures patched in), or undefined
   * when `get` would have to compute or refresh it (not kept, still being computed, past its TTL, a change that needs
   * it computed again, changes that cannot be known): a caller that cannot compute goes to one that can.
   */
  async peek(key: string): Promise<T | undefined> {
    try {
      await this.feed.sync();
    } catch {
      return undefined;
    }
    const hit = this.entries.get(key);
    if (!hit?.settled || hit.expires <= Date.now() || !this.patched(key, hit)) return undefined;
    return hit.settled.value;
  }

  /** A TTL of its own for each answer: 80-120% of the cache's unless told. */
  private ttl(): number {
    const spread = this.options.spread ?? 0.2;
    return this.ttlMs * (1 - spread + Math.random() * 2 * spread);
  }

  /** Brings a kept answer's stock figures up to date; false when it must be computed again. */
  private patched(key: string, entry: Entry<T>): boolean {
    if (!entry.stockMoved || !entry.settled) return true;
    const patch = this.options.onStock;
    const result = patch ? patch(entry.settled.value, this.feed.stockOf) : 'recompute';
    if (result === 'recompute') {
      this.entries.delete(key);
      return false;
    }
    entry.stockMoved = false;
    if (result !== 'keep') {
      entry.settled = { value: result, shows: this.shows(result) };
      entry.value = Promise.resolve(result);
    }
    return true;
  }

  /** Computes an expired entry's successor; the entry stays served until it is ready (or a later try succeeds). */
  private refresh(key: string, stale: Entry<T>, compute: () => Promise<T>): void {
    stale.refreshing = true;
    const movesBefore = this.stockMoves;
    compute().then(
      (fresh) => {
        // Still the entry that was refreshed (not taken by a change, evicted or replaced).
        if (this.entries.get(key) !== stale) return;
        const same = stale.settled && this.options.same?.(stale.settled.value, fresh);
        this.entries.set(key, {
          value: same ? stale.value : Promise.resolve(fresh),
          settled: same ? stale.settled : { value: fresh, shows: this.shows(fresh) },
          expires: Date.now() + this.ttl(),
          refreshing: false,
          // A stock move during the refresh may not be in it: checked on the next read.
          stockMoved: stale.stockMoved || this.stockMoves !== movesBefore,
        });
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

  /**
   * Applies a change: the answers that show what changed go (or are marked for a stock patch). An answer still being
   * computed cannot say what it shows: it goes with any change to products, and is checked after a stock move.
   */
  apply(change: CatalogueChange): void {
    if (change.kind === 'everything') {
      this.entries.clear();
      return;
    }
    const ids = change.productIds;
    if (change.kind === 'stock') this.stockMoves += 1;
    for (const [key, entry] of this.entries) {
      const shows = entry.settled?.shows;
      // A change names a product or two; an answer may show dozens: each of the change's is looked up in its set.
      const touched = !shows || ids.some((id) => shows.products.has(id));
      if (change.kind === 'stock') {
        if (touched) entry.stockMoved = true;
      } else if (!shows || touched || (change.lists && shows.list)) {
        this.entries.delete(key);
      }
    }
  }

  /** Forgets everything this process remembers (tests; a change log that lost changes). */
  clear(): void {
    this.entries.clear();
  }

  /** How many answers are remembered now. */
  get size(): number {
    return this.entries.size;
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

/** How long after a stock move its figures are checked against the database. */
const VERIFY_AFTER_MS = 250;

/** Reads the stock of products as the database has it now (null: not tracked; missing: no such product). */
export type StockReader = (productIds: string[]) => Promise<Map<string, number | null>>;

/**
 * The one place a write tells the caches what it changed, and where every process learns it: each read first applies
 * the changes it has not seen (numbered in the change log, shared through Redis by several processes), so a change
 * through one process shows on the very next read through any other. A stock move carries the figures its writer read
 * back from the database (once per change, not per process or answer); they are written into the answers as served.
 */
export class CatalogueFeed implements ChangeFeed {
  private seen = -1;
  private catchingUp: Promise<void> | null = null;
  private readonly stock = new Map<string, number | null>();
  private readonly caches: Array<Pick<ShortCache, 'apply' | 'clear'>> = [];
  private readStock: StockReader | null = null;
  /** Products moved lately, to check against the database (verifySoon). */
  private readonly verify = new Set<string>();
  private verifying: NodeJS.Timeout | null = null;

  constructor(
    private readonly changes: ChangeLog,
    private readonly log?: FastifyBaseLogger,
  ) {}

  readonly stockOf: StockOf = (id) => this.stock.get(id);

  /** The caches that apply changes (the app's three). */
  serve(cache: Pick<ShortCache, 'apply' | 'clear'>): void {
    this.caches.push(cache);
  }

  /** How stock is read back after a move (the catalogue's repository, wired when the services are built). */
  readStockWith(reader: StockReader): void {
    this.readStock = reader;
  }

  async sync(): Promise<void> {
    const version = await this.changes.version();
    while (this.seen !== version) {
      this.catchingUp ??= this.catchUp(version).finally(() => (this.catchingUp = null));
      await this.catchingUp;
      // Another read's catch-up may have gone to an older number than this one saw: go on from there.
      if (this.seen > version) break;
    }
  }

  private async catchUp(target: number): Promise<void> {
    const from = this.seen;
    const changes = from < 0 || target < from ? null : await this.changes.since(from, target);
    if (!changes) {
      this.forget();
      this.seen = target;
      return;
    }
    // A move recorded without its figures (it could not read them back) is read here, before answering.
    const unknown = new Set<string>();
    for (const change of changes) {
      if (change.kind !== 'stock') continue;
      for (const id of change.productIds) {
        const figure = change.stock?.[id];
        if (figure === undefined) unknown.add(id);
        else this.stock.set(id, figure);
        this.verify.add(id);
      }
    }
    if (unknown.size > 0) {
      try {
        await this.readInto([...unknown]);
      } catch (err) {
        this.log?.warn({ err }, 'stock could not be read back: every kept answer goes');
        this.forget();
        this.seen = target;
        return;
      }
    }
    for (const change of changes) for (const cache of this.caches) cache.apply(change);
    this.seen = target;
    this.verifySoon();
  }

  /** Reads these products' stock from the database into the board; answers the ones that changed. */
  private async readInto(ids: string[]): Promise<string[]> {
    if (!this.readStock) throw new Error('no stock reader');
    const now = await this.readStock(ids);
    const changed: string[] = [];
    for (const id of ids) {
      const figure = now.has(id) ? now.get(id)! : null;
      if (this.stock.get(id) !== figure) changed.push(id);
      this.stock.set(id, figure);
    }
    return changed;
  }

  /**
   * Two orders of one product through two processes may record their figures in the other order than they
   * committed: a little after applying moves, off the read path and once for all moved in the meantime, the figures
   * are read back from the database, and answers showing a product whose figure differs are patched again.
   */
  private verifySoon(): void {
    if (this.verifying || this.verify.size === 0 || !this.readStock) return;
    this.verifying = setTimeout(() => {
      const ids = [...this.verify];
      this.verify.clear();
      this.readInto(ids)
        .then((changed) => {
          if (changed.length === 0) return;
          for (const cache of this.caches) cache.apply({ kind: 'stock', productIds: changed });
        })
        .catch((err: unknown) => this.log?.warn({ err }, 'stock could not be checked against the database'))
        .finally(() => {
          this.verifying = null;
          this.verifySoon();
        });
    }, VERIFY_AFTER_MS);
    this.verifying.unref();
  }

  private forget(): void {
    this.stock.clear();
    for (const cache of this.caches) cache.clear();
  }

  /**
   * Records what a write changed: applied by every process (this one included) before its next read. A stock move
   * carries the figures the writer reads back, so no reader waits for the database to apply it.
   */
  async changed(change: CatalogueChange): Promise<void> {
    let recorded = change;
    if (change.kind === 'stock' && !change.stock && this.readStock) {
      try {
        const now = await this.readStock(change.productIds);
        recorded = {
          ...change,
          stock: Object.fromEntries(change.productIds.map((id) => [id, now.has(id) ? now.get(id)! : null])),
        };
      } catch (err) {
        this.log?.warn({ err }, 'stock could not be read back: readers will read it');
      }
    }
    try {
      await this.changes.record(recorded);
    } catch (err) {
      // Other processes cannot be told: they keep serving what they remember for at most the TTL. This one forgets.
      this.log?.error({ err }, 'catalogue change could not be recorded');
      this.forget();
    }
  }

  close(): Promise<void> {
    return this.changes.close();
  }
}
