import { hkdfSync, randomBytes } from 'node:crypto';

/** Used when no secret is configured (tests, a bench): keys that last as long as the process. */
const processSecret = randomBytes(32);

/**
 * A 32-byte key for one purpose (`label`), derived with HKDF-SHA256 from a configured secret,
 * so one secret can serve several purposes without one key opening another's data. Without a
 * secret, from a random one of this process (main.ts always supplies one: lib/local-secrets.ts).
 */
export function deriveKey(secret: string | undefined, label: string): Buffer {
  const input = secret ? Buffer.from(secret, 'utf8') : processSecret;
  return Buffer.from(hkdfSync('sha256', input, 'carol', label, 32));
}
