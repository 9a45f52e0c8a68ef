/**
 * Seeded randomness for demo data and the drawn hairstyle overlays. Math.random is never used in
 * the seed so that the same seed yields byte-identical rows and images on every machine.
 */
import { mulberry32 } from '@carol/ml/prng';

/** FNV-1a, so string keys (a shop index, an image key) can derive independent sub-streams. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export class Rng {
  private readonly next: () => number;

  constructor(seed: number | string) {
    this.next = mulberry32(typeof seed === 'number' ? seed : hashString(seed));
  }

  /** A child stream keyed by name: adding draws in one part of the seed never shifts another part. */
  static derive(seed: number, key: string): Rng {
    return new Rng((hashString(key) ^ Math.imul(seed >>> 0, 0x9e3779b1)) >>> 0);
  }

  float(): number {
    return this.next();
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  range(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('Rng.pick on an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Picks by weight; weights need not sum to 1. */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    const total = items.reduce((sum, [, w]) => sum + w, 0);
    let r = this.next() * total;
    for (const [item, w] of items) {
      r -= w;
      if (r < 0) return item;
    }
    const last = items[items.length - 1];
    if (!last) throw new Error('Rng.weighted on an empty list');
    return last[0];
  }

  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  }

  sample<T>(items: readonly T[], count: number): T[] {
    return this.shuffle(items).slice(0, Math.min(count, items.length));
  }

  /** Approximately normal (Irwin–Hall of 4), cheap and bounded: fine for ratings and prices. */
  normalish(mean: number, spread: number): number {
    const u = (this.next() + this.next() + this.next() + this.next() - 2) / 2;
    return mean + u * spread * 2;
  }

  hex(bytes: number): string {
    let s = '';
    for (let i = 0; i < bytes; i++)
      s += Math.floor(this.next() * 256)
        .toString(16)
        .padStart(2, '0');
    return s;
  }
}
