import type { Redis } from 'ioredis';

/**
 * What a write changed in the catalogue, as the caches need to know it. The one vocabulary every module uses to say
 * "I changed this" (through `AppCaches.changed`), so each kept answer goes only when what it shows has changed:
 * - `stock`: units moved (an order, a cancellation, a restock). Kept answers are patched with the new figures where
 *   they are served, not recomputed; a page is drawn again only when what a shopper sees changes ("Only 3 left",
 *   "Out of stock").
 * - `products`: what these products show changed (price, pictures, rating). `lists: true` when it can also change
 *   which products a list or a search holds (created, deleted, renamed, (de)activated, featured, moved to another
 *   category): every list is recomputed then.
 * - `everything`: categories (every page shows them), or anything the caches cannot narrow down.
 */
export type CatalogueChange =
  | {
      kind: 'stock';
      productIds: string[];
      /** The units left after the move, as the writer read them back (filled in when the change is recorded). */
      stock?: Record<string, number | null>;
    }
  | { kind: 'products'; productIds: string[]; lists: boolean }
  | { kind: 'everything' };

/**
 * Where changes are numbered and kept for a while, so every process applies every change (in order) before it
 * answers from its caches: in memory for one process, in Redis for several. A read asks for the current number (one
 * Redis GET, shared by the reads of one turn of the event loop), and only when it moved, fetches the changes it has
 * not applied.
 */
export interface ChangeLog {
  /** Numbers and keeps a change; every process sees it on its next read. */
  record(change: CatalogueChange): Promise<void>;
  /** The number of the latest change. */
  version(): Promise<number>;
  /** The changes numbered after `from` up to `to`, or null when some are no longer kept (forget everything then). */
  since(from: number, to: number): Promise<CatalogueChange[] | null>;
  close(): Promise<void>;
}

/** More changes than this behind, a process forgets everything instead of applying them one by one. */
const MAX_BEHIND = 2_000;
/** How long Redis keeps a change (a process further behind than this forgets everything). */
const KEEP_SECONDS = 600;

export class MemoryChangeLog implements ChangeLog {
  private current = 0;
  private readonly kept = new Map<number, CatalogueChange>();

  async record(change: CatalogueChange) {
    this.current += 1;
    this.kept.set(this.current, change);
    this.kept.delete(this.current - MAX_BEHIND);
  }
  async version() {
    return this.current;
  }
  async since(from: number, to: number) {
    const changes: CatalogueChange[] = [];
    for (let v = from + 1; v <= to; v += 1) {
      const change = this.kept.get(v);
      if (!change) return null;
      changes.push(change);
    }
    return changes;
  }
  async close() {}
}

/** Numbers the change and keeps it in one step, so a reader that sees the number always finds its change. */
const RECORD_SCRIPT = `
local v = redis.call('INCR', KEYS[1])
redis.call('SET', KEYS[1] .. ':' .. v, ARGV[1], 'EX', ARGV[2])
return v`;

export class RedisChangeLog implements ChangeLog {
  /** The GET the reads of this turn of the event loop share: not sent yet, so it is asked after each arrived. */
  private next: Promise<number> | null = null;

  constructor(
    private readonly redis: Redis,
    private readonly key: string,
  ) {}
  async record(change: CatalogueChange) {
    await this.redis.eval(RECORD_SCRIPT, 1, this.key, JSON.stringify(change), KEEP_SECONDS);
  }
  /**
   * The reads that arrive in one turn of the event loop share one GET, sent once they have all arrived: a busy
   * process takes in thousands of reads a second and asked Redis once for each before, a write to its socket each
   * time. Each read still gets a number asked for after it arrived, so it sees every change recorded before it.
   */
  version(): Promise<number> {
    this.next ??= new Promise<number>((resolve, reject) => {
      setImmediate(() => {
        // Sent now: a read arriving from here on waits for a GET of its own.
        this.next = null;
        this.redis.get(this.key).then((value) => resolve(Number(value ?? 0)), reject);
      });
    });
    return this.next;
  }
  async since(from: number, to: number) {
    if (to - from > MAX_BEHIND) return null;
    const keys: string[] = [];
    for (let v = from + 1; v <= to; v += 1) keys.push(`${this.key}:${v}`);
    if (keys.length === 0) return [];
    const values = await this.redis.mget(...keys);
    if (values.some((value) => value === null)) return null;
    return values.map((value) => JSON.parse(value!) as CatalogueChange);
  }
  async close() {}
}
