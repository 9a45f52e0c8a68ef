import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../env.js';

export interface MailAttachment {
  filename: string;
  content: string | Buffer;
  /** e.g. 'text/calendar; charset=utf-8; method=PUBLISH' */
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  attachments?: MailAttachment[];
  /**
   * The Message-ID header (`<local@domain>`). Queued mails derive it from their job key
   * (`messageIdFor`), so a mail sent again by a retry carries the same id as the first one.
   */
  messageId?: string;
}

/** A stable Message-ID for a queued mail: the job key at the sender's domain. */
export function messageIdFor(jobKey: string, from: string): string {
  const domain = /@([^>\s]+)/.exec(from)?.[1] ?? 'carol.invalid';
  return `<${jobKey.replace(/[^A-Za-z0-9._-]/g, '')}@${domain}>`;
}

/** Sends transactional mail. Callers never learn more than "it was handed over" or an error. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface MailLogger {
  info(object: Record<string, unknown>, message: string): void;
  error(object: Record<string, unknown>, message: string): void;
}

/** Real delivery through the SMTP server of SMTP_URL (smtp:// with STARTTLS when offered, or smtps://). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.attachments ? { attachments: message.attachments } : {}),
        ...(message.messageId ? { messageId: message.messageId } : {}),
      });
    },
  };
}

/**
 * Development: every mail becomes `<outboxDir>/<time>-<id>.eml` (the raw message, openable in a
 * mail client) plus a `.json` twin for scripts and browser tests; the path is logged.
 */
export function createOutboxMailer(outboxDir: string, from: string, log: MailLogger): Mailer {
  const composer = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    async send(message) {
      await mkdir(outboxDir, { recursive: true });
      const info = await composer.sendMail({ from, ...message });
      const base = join(
        outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}`,
      );
      await writeFile(`${base}.eml`, info.message as Buffer, { mode: 0o600 });
      await writeFile(
        `${base}.json`,
        JSON.stringify(
          {
            from,
            ...message,
            attachments: message.attachments?.map((a) => ({
              filename: a.filename,
              contentType: a.contentType,
              bytes: Buffer.byteLength(a.content),
            })),
            date: new Date().toISOString(),
          },
          null,
          2,
        ),
        { mode: 0o600 },
      );
      log.info({ file: `${base}.eml` }, 'mail written to the dev outbox');
    },
  };
}

export function createMailer(config: Config, log: MailLogger): Mailer {
  return config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom)
    : createOutboxMailer(config.outboxDir, config.mailFrom, log);
}
