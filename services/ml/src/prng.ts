/**
 * Deterministic PRNG (mulberry32): tiny, fast, good enough for textures and demo data, never for
 * anything secret. The bangs removal draws with it so that the same photo always gives the same
 * result; the server's seed (`services/server/src/lib/prng.ts`) so that the same seed gives the
 * same rows and images. One copy, exported as `@carol/ml/prng` (no model or runtime behind it).
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
