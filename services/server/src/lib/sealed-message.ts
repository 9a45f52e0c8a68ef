import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { deriveKey } from './derived-key.js';

/**
 * Messages that carry a secret (a sign-in link, an SMS code) wait in the job queue sealed with
 * AES-256-GCM: a dump of the job tables shows neither the code nor the recipient. The key is
 * derived from CODE_HASH_SECRET (the same on every instance, so any instance can send what
 * another one queued; the embedded default keeps a generated one in DATA_DIR). A job sealed
 * with another key cannot be opened and is dropped (the code it carried was short-lived;
 * ADR 049).
 */
export type SealKey = Buffer;

export function sealKeyOf(secret: string | undefined): SealKey {
  return deriveKey(secret, 'queued-message-seal');
}

/** `v1.<iv>.<tag>.<ciphertext>`, base64url; `context` (e.g. the channel) is authenticated too. */
export function seal(key: SealKey, context: string, value: unknown): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url'));
  return ['v1', ...parts].join('.');
}

/** The sealed value, or undefined when it was sealed with another key or altered. */
export function unseal(key: SealKey, context: string, sealed: string): unknown {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const text = Buffer.concat([
      decipher.update(Buffer.from(body, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
