import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { IdSchema } from '../common.js';

/**
 * QR-code login between a salon's smart mirror and the member's phone (spec 1, 5, 6).
 *
 * The mirror (shop console API, `Authorization: Bearer <console key>`) opens a one-time QR
 * session and shows its code as a QR (a link to /mypage/qrcodescanner?code=...). The signed-in
 * member scans it, sees the shop, confirms; the mirror's next poll collects a member session
 * token exactly once and uses it as `Authorization: Bearer <token>` on member calls.
 */
export const qrLimits = {
  /** Lifetime of one QR code (the issue: at most 120 s). */
  codeTtlSeconds: 120,
  /** After confirmation, how long the mirror may still collect its session once the code has expired. */
  claimGraceSeconds: 30,
  /** Lifetime of the session handed to a mirror: a shared device in a salon. */
  mirrorSessionSeconds: 30 * 60,
  /** How often the mirror page polls. */
  pollIntervalMs: 1_500,
} as const;

/**
 * Code alphabet: Crockford base32 (no I, L, O, U), 28 characters = 140 random bits. Shown in
 * groups of four for typing; only its SHA-256 is stored.
 */
export const qrCodeAlphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const qrCodeLength = 28;

/**
 * The canonical code in anything a person or a scanner may hand us: the QR's URL (any origin,
 * `code` query parameter), or the code itself in any case with spaces or dashes, with the
 * letters Crockford base32 reads as digits (O → 0, I/L → 1). Null when it is not a code.
 */
export function normalizeQrCode(input: string): string | null {
  let text = input.trim();
  if (text.length === 0 || text.length > 1024) return null;
  if (/^https?:\/\//i.test(text) || text.includes('?code=') || text.includes('&code=')) {
    try {
      const url = new URL(text, 'http://localhost');
      text = url.searchParams.get('code') ?? '';
    } catch {
      return null;
    }
  }
  const compact = text.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (compact.length !== qrCodeLength) return null;
  for (const ch of compact) if (!qrCodeAlphabet.includes(ch)) return null;
  return compact;
}

/** `ABCD-EFGH-...` for reading off a screen. */
export function formatQrCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}

const CodeInputSchema = z.string().trim().min(1, 'QR_INVALID').max(1024, 'QR_INVALID');

export const qrPurposeValues = ['login', 'link'] as const;
export type QrPurpose = (typeof qrPurposeValues)[number];

export const qrSessionStatusValues = ['pending', 'confirmed', 'claimed', 'expired'] as const;
export type QrSessionStatus = (typeof qrSessionStatusValues)[number];

// --- console (the smart mirror) ---------------------------------------------------------------

export const openQrSession = defineEndpoint({
  base: 'shop',
  path: '/console/qr/open_session',
  summary:
    'Mirror: open a one-time QR session (code valid at most 120 s): `purpose=login` signs the mirror in as the member who scans it, `purpose=link` links that member with the shop (user_link_add)',
  tag: 'qr',
  access: 'console',
  envelope: 'shop',
  request: z.object({ purpose: z.enum(qrPurposeValues).default('login') }),
  response: z.object({
    qr_session_id: z.number().int(),
    /** What the member types; the QR holds `qr_url`. Shown once, stored only hashed. */
    code: z.string(),
    qr_url: z.string(),
    expires_in: z.number().int(),
  }),
});

export const getQrSessionStatus = defineEndpoint({
  base: 'shop',
  path: '/console/qr/get_session_status',
  summary:
    'Mirror: poll a QR session it opened; for a login code the first poll after confirmation carries the member session token (once); for a link code, confirmed names the member who linked',
  tag: 'qr',
  access: 'console',
  envelope: 'shop',
  request: z.object({ qr_session_id: IdSchema }),
  response: z.object({
    /**
     * pending: waiting for a member; confirmed: a member confirmed, this answer carries the
     * session (only this once); claimed: the session was already handed out; expired.
     */
    status: z.enum(qrSessionStatusValues),
    expires_in: z.number().int(),
    session_token: z.string().optional(),
    session_expires_in: z.number().int().optional(),
    /**
     * A link code (`purpose=link`) a member confirmed: who linked, for the mirror's greeting. A
     * link session never carries a session token; `confirmed` stays its status until it is purged.
     */
    linked_member: z.object({ family_name: z.string(), given_name: z.string() }).optional(),
  }),
});

// --- member (the phone) -----------------------------------------------------------------------

export const getQrCodeInfo = defineEndpoint({
  base: 'main',
  path: '/carol/qr/get_code_info',
  summary: 'Which shop a scanned QR code belongs to, and how long it stays valid',
  tag: 'qr',
  access: 'member',
  envelope: 'main',
  request: z.object({ code: CodeInputSchema }),
  response: z.object({
    shop_id: z.number().int(),
    shop_name: z.string(),
    expires_in: z.number().int(),
    /** What confirming does: sign the mirror in (confirm_login) or link the shop (user_link_add). */
    purpose: z.enum(qrPurposeValues),
  }),
});

export const confirmQrLogin = defineEndpoint({
  base: 'main',
  path: '/carol/qr/confirm_login',
  summary: "Sign the shop's mirror in as the signed-in member (phone must be verified; single use)",
  tag: 'qr',
  access: 'member',
  envelope: 'main',
  request: z.object({ code: CodeInputSchema }),
  response: z.object({ shop_id: z.number().int(), shop_name: z.string() }),
});
