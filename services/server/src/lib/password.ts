import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id (the library default algorithm) with OWASP's baseline: 19 MiB, 2 passes, 1 lane.
 * About 20–40 ms per hash on a server core; the parameters live in each PHC string, so they can
 * be raised later and old hashes still verify.
 */
const argon2Options = { memoryCost: 19_456, timeCost: 2, parallelism: 1, outputLen: 32 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Options);
}

let dummyHash: Promise<string> | undefined;
/** A real hash of a random secret, so unknown accounts cost the same verify as known ones. */
function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hash(randomBytes(16).toString('base64url'), argon2Options);
  return dummyHash;
}

/** Constant-cost check: a missing hash still costs one argon2 verify. */
export async function verifyPassword(
  storedHash: string | null,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    await verify(await dummyPasswordHash(), password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
