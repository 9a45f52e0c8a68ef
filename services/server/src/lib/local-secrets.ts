import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { Config } from '../env.js';

const SecretsFile = z.object({
  codeHashSecret: z.string().min(32),
  reminderLinkSecret: z.string().min(32),
});

/**
 * The secrets that must outlive a restart (SMS codes hashed at rest, codes sealed in queued
 * jobs, reminder links valid until the booking starts), when the environment does not set
 * them: generated once into DATA_DIR/secrets.json (0600) and read back on every start. So the
 * embedded default survives a restart with its pending codes and mailed links intact. Several
 * instances must set CODE_HASH_SECRET and REMINDER_LINK_SECRET themselves (each has its own
 * DATA_DIR).
 */
export function withLocalSecrets(config: Config): Config {
  if (config.codeHashSecret && config.reminderLinkSecret) return config;
  const file = join(config.dataDir, 'secrets.json');
  let stored: z.infer<typeof SecretsFile>;
  try {
    stored = SecretsFile.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    stored = {
      codeHashSecret: randomBytes(36).toString('base64url'),
      reminderLinkSecret: randomBytes(36).toString('base64url'),
    };
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(file, `${JSON.stringify(stored)}\n`, { mode: 0o600 });
  }
  return {
    ...config,
    codeHashSecret: config.codeHashSecret ?? stored.codeHashSecret,
    reminderLinkSecret: config.reminderLinkSecret ?? stored.reminderLinkSecret,
  };
}
