import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Config } from '../env.js';
import { withLocalSecrets } from './local-secrets.js';

const dirs: string[] = [];
function configIn(overrides: Partial<Config> = {}): Config {
  const dataDir = mkdtempSync(join(tmpdir(), 'carol-secrets-'));
  dirs.push(dataDir);
  return {
    dataDir,
    codeHashSecret: undefined,
    reminderLinkSecret: undefined,
    ...overrides,
  } as Config;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('withLocalSecrets', () => {
  it('generates the secrets once and reads the same ones back after a restart', () => {
    const config = configIn();
    const first = withLocalSecrets(config);
    expect(first.codeHashSecret?.length).toBeGreaterThanOrEqual(32);
    expect(first.reminderLinkSecret?.length).toBeGreaterThanOrEqual(32);
    expect(first.codeHashSecret).not.toBe(first.reminderLinkSecret);
    expect(statSync(join(config.dataDir, 'secrets.json')).mode & 0o777).toBe(0o600);
    const again = withLocalSecrets(config);
    expect(again.codeHashSecret).toBe(first.codeHashSecret);
    expect(again.reminderLinkSecret).toBe(first.reminderLinkSecret);
  });

  it('keeps what the environment sets and touches no file when both are set', () => {
    const set = 'x'.repeat(40);
    const config = configIn({ codeHashSecret: set, reminderLinkSecret: set });
    expect(withLocalSecrets(config)).toBe(config);
    const one = withLocalSecrets(configIn({ codeHashSecret: set }));
    expect(one.codeHashSecret).toBe(set);
    expect(one.reminderLinkSecret).not.toBe(set);
  });

  it('replaces a damaged file rather than failing to start', () => {
    const config = configIn();
    writeFileSync(join(config.dataDir, 'secrets.json'), '{"codeHashSecret":"short"}');
    expect(withLocalSecrets(config).codeHashSecret?.length).toBeGreaterThanOrEqual(32);
  });
});
