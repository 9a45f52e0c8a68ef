import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  /** The Message-ID header, e.g. `<key@carol.example>`. */
  messageId: string;
  /** The decoded text/plain body. */
  text: string;
  /** Decoded attachments of a multipart mail (empty for a single-part one). */
  attachments: Array<{ filename: string; contentType: string; content: string }>;
}

export interface TestSmtp {
  url: string;
  mails: ReceivedMail[];
  /** Resolves with the next mail to `to` (already received or still to come). */
  nextMailTo(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** A real SMTP server on a free local port that keeps every message it receives. */
export async function startTestSmtp(port = 0): Promise<TestSmtp> {
  const mails: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        mails.push({ to, ...parseMessage(Buffer.concat(chunks).toString('utf8')) });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  // A sender killed mid-message (the cluster test's kill -9) resets its connection: that is the
  // sender's failure, not the sink's, and must not crash the process that runs the sink.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.server.address() as AddressInfo).port;

  async function nextMailTo(to: string, timeoutMs = 5000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const mail = mails.find((m) => !taken.has(m) && m.to.includes(to.toLowerCase()));
      if (mail) {
        taken.add(mail);
        return mail;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  return {
    url: `smtp://127.0.0.1:${bound}`,
    mails,
    nextMailTo,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Enough MIME for nodemailer's mails: headers, QP or base64 bodies, and multipart/mixed with a
 * text/plain part plus attachments.
 */
function parseMessage(raw: string): Omit<ReceivedMail, 'to'> {
  const part = parsePart(raw);
  const mail: Omit<ReceivedMail, 'to'> = {
    subject: decodeEncodedWords(part.header('Subject')),
    messageId: part.header('Message-ID'),
    text: '',
    attachments: [],
  };
  collect(part, mail);
  return mail;
}

interface MimePart {
  header(name: string): string;
  body: string;
}

function parsePart(raw: string): MimePart {
  const split = raw.indexOf('\r\n\r\n') >= 0 ? raw.indexOf('\r\n\r\n') : raw.indexOf('\n\n');
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const header = (name: string) =>
    new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  return { header, body };
}

function decodeBody(part: MimePart): string {
  const encoding = part.header('Content-Transfer-Encoding').toLowerCase();
  if (encoding === 'base64')
    return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  return part.body;
}

function collect(part: MimePart, mail: Omit<ReceivedMail, 'to'>): void {
  const type = part.header('Content-Type');
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const sections = part.body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      collect(parsePart(section.replace(/^\r?\n/, '')), mail);
    }
    return;
  }
  const disposition = part.header('Content-Disposition');
  const content = decodeBody(part).replace(/\r?\n$/, '');
  if (/^attachment/i.test(disposition)) {
    mail.attachments.push({
      filename: /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? '',
      contentType: type,
      content,
    });
  } else if (!mail.text && (type === '' || /^text\/plain/i.test(type))) {
    mail.text = content.replace(/\r\n/g, '\n');
  }
}

function decodeQuotedPrintable(value: string): string {
  const soft = value.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(
      /=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi,
      (_, _charset: string, kind: string, data: string) =>
        kind.toUpperCase() === 'B'
          ? Buffer.from(data, 'base64').toString('utf8')
          : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

/** The first link in a mail whose path starts with `pathPrefix`. */
export function linkIn(mail: ReceivedMail, pathPrefix: string): URL {
  const match = new RegExp(`https?://[^\\s]+${pathPrefix.replace(/\//g, '\\/')}[^\\s]*`).exec(
    mail.text,
  );
  if (!match) throw new Error(`no ${pathPrefix} link in mail:\n${mail.text}`);
  return new URL(match[0]);
}
