import { appendFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../env.js';

export interface SmsMessage {
  /** Canonical phone number as stored (e.g. 010-1234-5678). */
  to: string;
  text: string;
}

/** Sends text messages. Callers never learn more than "it was handed over" or an error. */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

export interface SmsLogger {
  info(object: Record<string, unknown>, message: string): void;
  error(object: Record<string, unknown>, message: string): void;
}

/**
 * Development provider: every message is appended as one JSON line to `<dir>/sms.jsonl`
 * (`{"to","text","date"}`, file mode 0600), so a reviewer can read the code in the file. The log
 * line names the file only; with `showInLog` (NODE_ENV=development, by design) it also shows the
 * number and the text, code included. A real provider (an SMS gateway's HTTP API) implements
 * SmsSender.
 */
export function createOutboxSms(
  dir: string,
  log: SmsLogger,
  options: { showInLog?: boolean } = {},
): SmsSender {
  const file = join(dir, 'sms.jsonl');
  return {
    async send(message) {
      await mkdir(dir, { recursive: true });
      const line = JSON.stringify({ ...message, date: new Date().toISOString() });
      await appendFile(file, `${line}\n`, { mode: 0o600 });
      log.info(
        options.showInLog ? { file, to: message.to, text: message.text } : { file },
        'sms written to the dev outbox',
      );
    },
  };
}

export function createSms(
  config: Pick<Config, 'smsOutboxDir' | 'nodeEnv'>,
  log: SmsLogger,
): SmsSender {
  return createOutboxSms(config.smsOutboxDir, log, {
    showInLog: config.nodeEnv === 'development',
  });
}
