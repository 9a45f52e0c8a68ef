import { boolean, check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf, ref, timestamptz } from './columns.js';
import { identityProviderValues, members } from './members.js';

// Sign-up consents and the first Google / Apple sign-in waiting for them (ADR 025).

export const consentItemValues = ['terms', 'privacy', 'age', 'marketing'] as const;
export const consentSourceValues = ['sign_up', 'settings'] as const;

/**
 * Every consent choice a member made, append-only: which item, which version of its text,
 * agreed or not, when, and where (sign-up or settings). The latest row per item is the
 * member's current choice; the earlier ones are the record of what was agreed and when.
 */
export const memberConsents = pgTable(
  'member_consents',
  {
    id: id(),
    memberId: ref('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    item: text('item', { enum: consentItemValues }).notNull(),
    version: text('version').notNull(),
    agreed: boolean('agreed').notNull(),
    source: text('source', { enum: consentSourceValues }).notNull(),
    recordedAt: timestamptz('recorded_at').notNull().defaultNow(),
  },
  (t) => [
    index('member_consents_member_item_idx').on(t.memberId, t.item, t.recordedAt.desc(), t.id),
    check('member_consents_item_check', oneOf(t.item, consentItemValues)),
    check('member_consents_source_check', oneOf(t.source, consentSourceValues)),
  ],
);

/**
 * A verified first sign-in with an external account no member holds, waiting (30 minutes)
 * for the consents before the member is created. Only the sign-up token's SHA-256 is stored;
 * the row is deleted when it is used, and the purge job removes expired ones.
 */
export const pendingSignUps = pgTable(
  'pending_sign_ups',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    provider: text('provider', { enum: identityProviderValues }).notNull(),
    /** The id token's e-mail (shown, and kept on the identity). */
    email: text('email'),
    emailVerified: boolean('email_verified').notNull().default(false),
    familyName: text('family_name').notNull().default(''),
    givenName: text('given_name').notNull().default(''),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('pending_sign_ups_token_hash_uq').on(t.tokenHash),
    index('pending_sign_ups_expires_idx').on(t.expiresAt),
    check('pending_sign_ups_provider_check', oneOf(t.provider, identityProviderValues)),
  ],
);
