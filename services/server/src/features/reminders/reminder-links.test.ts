import { describe, expect, it } from 'vitest';
import { linkKeyOf, signReminderLink, verifyReminderLink } from './reminder-links.js';

const key = linkKeyOf('a'.repeat(40));
const startsAt = new Date('2026-12-10T05:00:00Z');
const before = new Date('2026-12-09T05:00:00Z');

describe('reminder links', () => {
  it('verifies a link it signed, with its booking, purpose and start', () => {
    const token = signReminderLink(key, { bookingId: 42, purpose: 'cancel', startsAt });
    expect(token.length).toBeLessThan(60);
    expect(verifyReminderLink(key, token, before)).toEqual({
      ok: true,
      link: { bookingId: 42, purpose: 'cancel', startsAt },
    });
  });

  it('refuses an altered payload, another key and a cut MAC', () => {
    const token = signReminderLink(key, { bookingId: 42, purpose: 'view', startsAt });
    const [payload, mac] = token.split('.');
    const forged = Buffer.from(`43:c:${startsAt.getTime() / 1000}`).toString('base64url');
    for (const bad of [
      `${forged}.${mac}`,
      `${payload}.${mac!.slice(0, -2)}`,
      `${payload}.${mac}.x`,
      'not-a-token',
    ]) {
      expect(verifyReminderLink(key, bad, before)).toEqual({ ok: false, reason: 'invalid' });
    }
    expect(verifyReminderLink(linkKeyOf('b'.repeat(40)), token, before)).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });

  it('expires at the booking start', () => {
    const token = signReminderLink(key, { bookingId: 42, purpose: 'view', startsAt });
    expect(verifyReminderLink(key, token, new Date(startsAt.getTime() - 1000)).ok).toBe(true);
    expect(verifyReminderLink(key, token, startsAt)).toEqual({ ok: false, reason: 'expired' });
  });
});
