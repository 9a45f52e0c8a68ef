import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createOutboxMailer } from './mail.js';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('dev outbox mailer', () => {
  it('writes each mail as .eml and .json and logs the path', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'carol-outbox-'));
    dirs.push(dir);
    const outbox = join(dir, 'outbox');
    const log = { info: vi.fn(), error: vi.fn() };
    const mailer = createOutboxMailer(outbox, 'Carol <no-reply@carol.local>', log);
    await mailer.send({ to: 'a@example.test', subject: '[캐롤] 안내', text: '링크: http://x/y' });
    const files = (await readdir(outbox)).sort();
    expect(files).toHaveLength(2);
    const json = JSON.parse(await readFile(join(outbox, files[1]!), 'utf8')) as Record<
      string,
      string
    >;
    expect(json).toMatchObject({
      to: 'a@example.test',
      subject: '[캐롤] 안내',
      text: '링크: http://x/y',
    });
    const eml = await readFile(join(outbox, files[0]!), 'utf8');
    expect(eml).toMatch(/^To: a@example\.test$/m);
    expect(log.info).toHaveBeenCalledWith({ file: join(outbox, files[0]!) }, expect.any(String));
  });

  it('puts attachments in the .eml and only their name, type and size in the .json', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'carol-outbox-'));
    dirs.push(dir);
    const outbox = join(dir, 'outbox');
    const mailer = createOutboxMailer(outbox, 'Carol <no-reply@carol.local>', {
      info: vi.fn(),
      error: vi.fn(),
    });
    const ics = 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n';
    await mailer.send({
      to: 'a@example.test',
      subject: 'booking',
      text: 'see attached',
      attachments: [{ filename: 'carol-1.ics', content: ics, contentType: 'text/calendar' }],
    });
    const files = (await readdir(outbox)).sort();
    const json = JSON.parse(await readFile(join(outbox, files[1]!), 'utf8')) as {
      attachments: unknown;
    };
    expect(json.attachments).toEqual([
      { filename: 'carol-1.ics', contentType: 'text/calendar', bytes: ics.length },
    ]);
    const eml = await readFile(join(outbox, files[0]!), 'utf8');
    expect(eml).toMatch(/^Content-Type: multipart\/mixed/m);
    expect(eml).toContain('filename=carol-1.ics');
  });
});
