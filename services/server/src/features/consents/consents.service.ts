import {
  consentFields,
  consentVersions,
  missingSignUpConsents,
  signUpConsentItems,
  type ConsentItem,
  type ConsentRecord,
  type Server,
  type SignUpConsentFields,
  type SignUpConsentItem,
} from '@carol/contracts';
import type { Database, DbTransaction } from '../../db/index.js';
import { AppError } from '../../lib/errors.js';
import * as repo from './consents.repo.js';

// Sign-up consents (docs/decisions/025-sign-up-consents-and-welcome.md): every path
// that creates a member checks the market's required items first and records what was agreed,
// in the same transaction as the member.

/**
 * Refuses a sign-up without the market's required consents: SIGNUP_CONSENT_REQUIRED with one
 * localized field message per missing item. Runs before anything else of the sign-up.
 */
export function assertSignUpConsents(server: Server, consents: SignUpConsentFields): void {
  const missing = missingSignUpConsents(server, consents);
  if (missing.length > 0) throw new AppError('SIGNUP_CONSENT_REQUIRED', { fields: missing });
}

/** One record per item the market's sign-up shows: what was chosen and the text's version. */
function signUpRecords(server: Server, consents: SignUpConsentFields): repo.ConsentInsert[] {
  const items: readonly SignUpConsentItem[] = signUpConsentItems[server];
  return items.map(({ item }) => ({
    item,
    version: consentVersions[item],
    agreed: consents[consentFields[item]],
    source: 'sign_up' as const,
  }));
}

/** Records the sign-up's choices for a new (or re-registering pending) member. */
export async function recordSignUpConsents(
  db: Database | DbTransaction,
  memberId: number,
  server: Server,
  consents: SignUpConsentFields,
  at = new Date(),
): Promise<void> {
  assertSignUpConsents(server, consents);
  await repo.insertConsents(db, memberId, signUpRecords(server, consents), at);
}

function present(row: repo.ConsentRow): ConsentRecord {
  return {
    item: row.item,
    version: row.version,
    agreed: row.agreed,
    recorded_at: row.recordedAt.toISOString(),
  };
}

const itemOrder: Record<ConsentItem, number> = { terms: 0, privacy: 1, age: 2, marketing: 3 };

/** The member's current choice per item, in the order the sign-up shows them. */
export async function listConsents(db: Database, memberId: number): Promise<ConsentRecord[]> {
  const rows = await repo.latestConsents(db, memberId);
  return rows.sort((a, b) => itemOrder[a.item] - itemOrder[b.item]).map(present);
}

/**
 * Marketing by e-mail and SMS, changed in settings: a new record with the current version.
 * Choosing what is already recorded adds nothing and answers the existing record (its date
 * is when the member actually chose it).
 */
export async function setMarketingConsent(
  db: Database,
  memberId: number,
  agree: boolean,
): Promise<ConsentRecord> {
  return db.transaction(async (tx) => {
    await repo.lockMemberConsents(tx, memberId);
    const current = (await repo.latestConsents(tx, memberId)).find((r) => r.item === 'marketing');
    if (current && current.agreed === agree && current.version === consentVersions.marketing) {
      return present(current);
    }
    const [row] = await repo.insertConsents(
      tx,
      memberId,
      [
        {
          item: 'marketing',
          version: consentVersions.marketing,
          agreed: agree,
          source: 'settings',
        },
      ],
      new Date(),
    );
    if (!row) throw new Error('insert returned no row');
    return present(row);
  });
}
