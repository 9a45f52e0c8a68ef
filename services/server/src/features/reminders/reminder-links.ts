import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ReminderLinkPurpose } from '@carol/contracts';
import { deriveKey } from '../../lib/derived-key.js';

/**
 * The one-tap links of a reminder (ADR 050): `<payload>.<mac>`, both base64url. The payload is
 * `<booking id>:<purpose v|c>:<booking start, epoch seconds>`; the MAC is HMAC-SHA256 over a
 * label and the payload, cut to 128 bits (the link must fit an SMS). One purpose per link: a
 * view link cannot cancel. The start doubles as the expiry, and a booking moved to another time
 * no longer matches its old links.
 */
export type LinkKey = Buffer;

export function linkKeyOf(secret: string | undefined): LinkKey {
  return deriveKey(secret, 'reminder-link');
}

export interface ReminderLink {
  bookingId: number;
  purpose: ReminderLinkPurpose;
  /** The booking's start when the link was made; the link expires then. */
  startsAt: Date;
}

const purposeCodes = { view: 'v', cancel: 'c' } as const satisfies Record<
  ReminderLinkPurpose,
  string
>;

function macOf(key: LinkKey, payload: string): Buffer {
  return createHmac('sha256', key).update(`reminder-link\n${payload}`).digest().subarray(0, 16);
}

export function signReminderLink(key: LinkKey, link: ReminderLink): string {
  const payload = Buffer.from(
    `${link.bookingId}:${purposeCodes[link.purpose]}:${Math.floor(link.startsAt.getTime() / 1000)}`,
    'utf8',
  ).toString('base64url');
  return `${payload}.${macOf(key, payload).toString('base64url')}`;
}

export type LinkCheck =
  { ok: true; link: ReminderLink } | { ok: false; reason: 'invalid' | 'expired' };

/** The link of a token signed with `key`; expired from its booking's start time on. */
export function verifyReminderLink(key: LinkKey, token: string, now: Date): LinkCheck {
  const [payload, mac, extra] = token.split('.');
  if (!payload || !mac || extra !== undefined) return { ok: false, reason: 'invalid' };
  const expected = macOf(key, payload);
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'invalid' };
  }
  const match = /^(\d{1,15}):([vc]):(\d{1,12})$/.exec(Buffer.from(payload, 'base64url').toString());
  if (!match) return { ok: false, reason: 'invalid' };
  const link: ReminderLink = {
    bookingId: Number(match[1]),
    purpose: match[2] === 'c' ? 'cancel' : 'view',
    startsAt: new Date(Number(match[3]) * 1000),
  };
  if (now.getTime() >= link.startsAt.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, link };
}
