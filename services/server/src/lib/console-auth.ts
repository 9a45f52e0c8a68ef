import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/index.js';
import { shopConsoleKeys } from '../db/schema/index.js';
import { bearerTokenOf } from './session.js';

/** The shop a console call acts for (smart mirrors and other shop devices). */
export interface ConsoleShop {
  shopId: number;
}

/** Console keys are stored as their SHA-256 only; a leaked table is not a key. */
export function consoleKeyHashOf(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/**
 * `Authorization: Bearer <console key>` → SHA-256 → an active (not revoked) shop_console_keys
 * row → its shop. The lookup is by the hash through a unique index, so there is no
 * character-by-character comparison of secrets to time.
 */
export function createConsoleKeyLoader(db: Database) {
  return async function loadConsoleShop(request: FastifyRequest): Promise<ConsoleShop | null> {
    const key = bearerTokenOf(request);
    if (!key || key.length < 24 || key.length > 128) return null;
    const rows = await db
      .select({ shopId: shopConsoleKeys.shopId })
      .from(shopConsoleKeys)
      .where(
        and(eq(shopConsoleKeys.keyHash, consoleKeyHashOf(key)), isNull(shopConsoleKeys.revokedAt)),
      )
      .limit(1);
    return rows[0] ?? null;
  };
}
