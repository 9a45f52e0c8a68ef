import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { inquiries } from '../../db/schema/index.js';
import { createTestApp, postForm, type TestApp } from '../../../test/app.js';

let t: TestApp;
const valid = {
  kind: 'partnership',
  name: '박지민',
  email: 'Jimin.Park@Example.com',
  company: '라온 헤어',
  title: '입점 문의',
  message: '강남구에서 헤어살롱을 운영하고 있습니다. 입점 절차가 궁금합니다.',
};

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('POST /api/carol/support/send_inquiry', () => {
  it('stores an inquiry with the sender language and server', async () => {
    const res = await postForm(t.app, '/api/carol/support/send_inquiry', valid, { server: 'kr' });
    expect(res.statusCode).toBe(200);
    const { inquiry_id } = res.json<{ inquiry_id: number }>();
    const [row] = await t.database.db.select().from(inquiries).where(eq(inquiries.id, inquiry_id));
    expect(row).toMatchObject({
      kind: 'partnership',
      email: 'jimin.park@example.com',
      language: 'ko',
      server: 'kr',
    });
  });

  it('refuses an invalid e-mail and a too-short message, naming each field, and stores nothing', async () => {
    const before = (await t.database.db.select().from(inquiries)).length;
    const res = await postForm(
      t.app,
      '/api/carol/support/send_inquiry',
      { ...valid, email: 'not-an-email', message: 'short' },
      { headers: { 'accept-language': 'ja' } },
    );
    expect(res.statusCode).toBe(400);
    const body = res.json<{
      resCode: string;
      fields: Array<{ field: string; resMessage: string }>;
    }>();
    expect(body.resCode).toBe('VALIDATION_FAILED');
    expect(body.fields.map((f) => f.field).sort()).toEqual(['email', 'message']);
    expect(body.fields[0]?.resMessage).toBe('入力された情報が正しくありません。');
    expect((await t.database.db.select().from(inquiries)).length).toBe(before);
  });

  it('rate-limits bursts from one client', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await postForm(t.app, '/api/carol/support/send_inquiry', {
        ...valid,
        title: `문의 ${i}`,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    const limited = await postForm(t.app, '/api/carol/support/send_inquiry', valid, {
      headers: { 'accept-language': 'en' },
    });
    expect(limited.json()).toMatchObject({
      resCode: 'RATE_LIMITED',
      resMessage: 'Too many requests. Please wait a moment and try again.',
    });
  });
});
