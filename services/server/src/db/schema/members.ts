import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  createdAt,
  id,
  languageValues,
  oneOf,
  ref,
  serverValues,
  timestamptz,
  updatedAt,
} from './columns.js';
import { shops } from './shops.js';

export const joinedViaValues = ['app', 'smart_mirror'] as const;
/** `pending`: registered by e-mail, waiting for the confirmation link (cannot sign in yet). */
export const memberStatusValues = ['pending', 'active', 'withdrawn'] as const;
export const identityProviderValues = ['google', 'apple', 'line', 'kakao', 'oidc'] as const;
export const oneTimeCodePurposeValues = [
  'email_verify',
  'password_reset',
  'email_change',
  'sms_login',
  'phone_verify',
  /** A used OpenID Connect nonce (sha256): an id token is accepted once, never replayed. */
  'oidc_nonce',
] as const;
export const qrPurposeValues = ['login', 'link'] as const;

/**
 * Members are never hard-deleted by the app: withdrawal sets status and should blank the
 * personal fields (email, phone, names) so the unique email/phone can be reused.
 */
export const members = pgTable(
  'members',
  {
    id: id(),
    /** Stored lower-cased (CHECKed) so the plain unique index is case-insensitive. */
    email: text('email'),
    /** Null for members who only sign in with an external identity or phone PIN. */
    passwordHash: text('password_hash'),
    familyName: text('family_name').notNull().default(''),
    givenName: text('given_name').notNull().default(''),
    phone: text('phone'),
    phoneVerifiedAt: timestamptz('phone_verified_at'),
    language: text('language', { enum: languageValues }).notNull().default('ko'),
    server: text('server', { enum: serverValues }).notNull().default('kr'),
    joinedVia: text('joined_via', { enum: joinedViaValues }).notNull().default('app'),
    status: text('status', { enum: memberStatusValues }).notNull().default('active'),
    withdrawnAt: timestamptz('withdrawn_at'),
    withdrawReason: text('withdraw_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('members_email_uq').on(t.email),
    // One active member per verified phone ("phone number already in use"); also serves phone-PIN login.
    uniqueIndex('members_phone_verified_uq')
      .on(t.phone)
      .where(sql`${t.phoneVerifiedAt} is not null and ${t.status} = 'active'`),
    index('members_phone_idx').on(t.phone),
    check('members_email_lower_check', sql`${t.email} = lower(${t.email})`),
    check('members_language_check', oneOf(t.language, languageValues)),
    check('members_server_check', oneOf(t.server, serverValues)),
    check('members_joined_via_check', oneOf(t.joinedVia, joinedViaValues)),
    check('members_status_check', oneOf(t.status, memberStatusValues)),
    check(
      'members_withdrawn_check',
      sql`(${t.status} = 'withdrawn') = (${t.withdrawnAt} is not null)`,
    ),
  ],
);

export const memberIdentities = pgTable(
  'member_identities',
  {
    id: id(),
    memberId: ref('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** The id token's `iss` and `sub`: together they identify the external account. */
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    provider: text('provider', { enum: identityProviderValues }).notNull(),
    email: text('email'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('member_identities_issuer_subject_uq').on(t.issuer, t.subject),
    index('member_identities_member_idx').on(t.memberId),
    check('member_identities_provider_check', oneOf(t.provider, identityProviderValues)),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** sha256 hex of the cookie token: a leaked table does not yield usable cookies. */
    id: text('id').primaryKey(),
    memberId: ref('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [
    index('sessions_member_idx').on(t.memberId),
    index('sessions_expires_idx').on(t.expiresAt),
  ],
);

export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: id(),
    purpose: text('purpose', { enum: oneTimeCodePurposeValues }).notNull(),
    /** What the code was sent to: a lower-cased e-mail address or a phone number. */
    target: text('target').notNull(),
    codeHash: text('code_hash').notNull(),
    memberId: ref('member_id').references(() => members.id, { onDelete: 'cascade' }),
    expiresAt: timestamptz('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: timestamptz('consumed_at'),
    /**
     * Phone sign-in codes requested from a trusted client of the number's member:
     * the SHA-256 of its device cookie or of member id and address. Only that client can use
     * the code, so guesses and new requests from elsewhere neither burn nor revoke it. Null for
     * every other code.
     */
    boundTo: text('bound_to'),
    createdAt: createdAt(),
  },
  (t) => [
    check('one_time_codes_purpose_check', oneOf(t.purpose, oneTimeCodePurposeValues)),
    check('one_time_codes_attempts_check', sql`${t.attempts} >= 0`),
    // Latest code for a target, and resend rate limits by counting recent rows.
    index('one_time_codes_lookup_idx').on(t.purpose, t.target, t.createdAt.desc()),
    // E-mail links carry the token itself, so its hash is looked up directly.
    index('one_time_codes_code_hash_idx').on(t.codeHash),
    index('one_time_codes_member_idx').on(t.memberId),
    index('one_time_codes_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Failed-sign-in throttle per account (spec: rate limits per account). `key` is
 * `login:` + sha256 of the lower-cased e-mail, so unknown addresses are throttled exactly like
 * known ones (no enumeration through the limit) and no address is stored in clear.
 */
export const loginThrottles = pgTable('login_throttles', {
  key: text('key').primaryKey(),
  windowStartedAt: timestamptz('window_started_at').notNull().defaultNow(),
  attempts: integer('attempts').notNull().default(0),
});

export const trustedDeviceKindValues = ['cookie', 'address'] as const;

/**
 * Where a member signed in before: a browser
 * holding the device cookie (`cookie`: sha256 of its random token) or a client address
 * (`address`: sha256 of member id and IP). Sign-ins from these are exempt from the account-wide
 * lock for untrusted clients and have a counter of their own. Revoked on password change, reset
 * and withdrawal; expired rows are purged.
 */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    id: id(),
    memberId: ref('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: trustedDeviceKindValues }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('trusted_devices_member_kind_hash_uq').on(t.memberId, t.kind, t.tokenHash),
    index('trusted_devices_token_hash_idx').on(t.tokenHash),
    index('trusted_devices_expires_idx').on(t.expiresAt),
    check('trusted_devices_kind_check', oneOf(t.kind, trustedDeviceKindValues)),
  ],
);

/** A smart mirror shows a QR code; the member's phone scans it to log the mirror in or link data. */
export const qrSessions = pgTable(
  'qr_sessions',
  {
    id: id(),
    shopId: ref('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    purpose: text('purpose', { enum: qrPurposeValues }).notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    memberId: ref('member_id').references(() => members.id, { onDelete: 'cascade' }),
    confirmedAt: timestamptz('confirmed_at'),
    /** When the mirror collected the session the confirmation created (handed out once). */
    claimedAt: timestamptz('claimed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('qr_sessions_token_hash_uq').on(t.tokenHash),
    index('qr_sessions_shop_idx').on(t.shopId),
    index('qr_sessions_member_idx').on(t.memberId),
    check('qr_sessions_purpose_check', oneOf(t.purpose, qrPurposeValues)),
  ],
);
