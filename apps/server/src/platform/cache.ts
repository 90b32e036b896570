/**
 * A small in-process cache for read-only catalogue and configuration answers. Entries live a few
 * seconds, so an operator's change shows up quickly and several instances never disagree for
 * long; nothing in it is state another instance would need (the database stays the truth).
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: Promise<V>; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 500,
    private readonly now: () => number = Date.now,
  ) {}

  /** The cached value for `key`, or the loader's (shared by concurrent callers; failures are not kept). */
  get(key: string, load: () => Promise<V>): Promise<V> {
    return this.peek(key) ?? this.put(key, load());
  }

  /** The cached value for `key`, or undefined: nothing is loaded. */
  peek(key: string): Promise<V> | undefined {
    const hit = this.entries.get(key);
    if (hit && hit.expires > this.now()) return hit.value;
    if (hit) this.entries.delete(key);
    return undefined;
  }

  /** Keeps `value` for `key` from now on. */
  set(key: string, value: V): void {
    this.entries.delete(key);
    void this.put(key, Promise.resolve(value));
  }

  private put(key: string, value: Promise<V>): Promise<V> {
    if (this.entries.size >= this.maxEntries) {
      // Oldest first: Map keeps insertion order.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, expires: this.now() + this.ttlMs });
    value.catch(() => this.entries.delete(key));
    return value;
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
