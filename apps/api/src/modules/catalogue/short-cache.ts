/**
 * A few seconds' memory of expensive read answers: list totals (COUNT(*) over 100,000 products is the slowest
 * part of a paged list) and search pages (ranking thousands of matches). Every catalogue write in this process
 * clears it; another API process sees a change at most `ttlMs` late. Concurrent misses for one key share one
 * computation, so an expiry under load costs one query, not one per waiting request.
 */
export class ShortCache {
  private readonly entries = new Map<string, { value: Promise<unknown>; expires: number }>();
  private generation = 0;

  constructor(
    private readonly ttlMs = 5_000,
    private readonly maxEntries = 500,
  ) {}

  get<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value as Promise<T>;
    if (this.entries.size >= this.maxEntries) this.evictExpired(now);
    const generation = this.generation;
    const value = compute();
    this.entries.set(key, { value, expires: now + this.ttlMs });
    value.then(
      () => {
        // Computed across a write: serve it to those who waited, but do not keep it.
        if (generation !== this.generation && this.entries.get(key)?.value === value)
          this.entries.delete(key);
      },
      () => {
        if (this.entries.get(key)?.value === value) this.entries.delete(key);
      },
    );
    return value;
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  private evictExpired(now: number): void {
    for (const [key, entry] of this.entries) if (entry.expires <= now) this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.clear();
  }
}
