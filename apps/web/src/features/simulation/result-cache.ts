/**
 * Recoloured photos of the current photo, by colour and strength, so going back to a colour is
 * instant and costs the ML service nothing. Holds object URLs; evicts (and revokes) the oldest
 * beyond `capacity`, and everything on `clear()` (a new photo).
 */
export class ResultCache {
  private readonly entries = new Map<string, { blob: Blob; url: string }>();

  constructor(
    private readonly capacity = 12,
    private readonly revoke: (url: string) => void = (url) => URL.revokeObjectURL(url),
  ) {}

  static keyOf(hex: string, strength: number): string {
    return `${hex.toLowerCase()}@${strength.toFixed(2)}`;
  }

  get(key: string): { blob: Blob; url: string } | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      // Most recently used last.
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, entry: { blob: Blob; url: string }): void {
    const previous = this.entries.get(key);
    if (previous && previous.url !== entry.url) this.revoke(previous.url);
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.capacity) {
      const [oldestKey, oldest] = this.entries.entries().next().value!;
      this.entries.delete(oldestKey);
      this.revoke(oldest.url);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    for (const entry of this.entries.values()) this.revoke(entry.url);
    this.entries.clear();
  }
}
