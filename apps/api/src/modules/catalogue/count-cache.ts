/**
 * Short-lived memory of list totals (COUNT(*) over many rows is the slowest part of a paged list at 100,000
 * products). Every catalogue write in this process clears it; another API process sees a change to a total at most
 * `ttlMs` late, which only affects the "Page n of N" line.
 */
export class CountCache {
  private readonly entries = new Map<string, { value: number; expires: number }>();
  private generation = 0;

  constructor(
    private readonly ttlMs = 5_000,
    private readonly maxEntries = 500,
  ) {}

  async get(key: string, compute: () => Promise<number>): Promise<number> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    const generation = this.generation;
    const value = await compute();
    // A write that happened while counting makes the value suspect: use it once, do not keep it.
    if (generation === this.generation) {
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      this.entries.set(key, { value, expires: now + this.ttlMs });
    }
    return value;
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }
}
