import { randomBytes } from 'node:crypto';
import type { Language, Server } from '@carol/contracts';
import { isUniqueViolation } from '../../db/index.js';
import { AppError } from '../../lib/errors.js';
import { sessionStoreOf } from '../../lib/session-store.js';
import {
  authLimits,
  body,
  issueLink,
  link,
  mailTexts,
  sha256,
  underMailLimit,
  type AuthContext,
} from './auth.service.js';
import * as codes from '../../lib/one-time-codes.js';
import * as repo from './auth.repo.js';

/**
 * Changing the sign-in e-mail (spec 4: "An e-mail change sends a verification mail to the new
 * address and completes through that mail"). The caller has re-authenticated (account.service
 * reauthenticate) before `requestEmailChange`. The link only works for the member who asked,
 * signed in (it opens under /mypage), once, for 24 hours.
 */
export const emailChangeLinkTtlMs = 24 * 60 * 60 * 1000;

export interface ChangeRequester {
  id: number;
  email: string | null;
  language: Language;
}

/**
 * Always answers the same way for a new address, so the screen cannot be used to find out which
 * addresses have accounts: a free address gets the link, a taken one a notice without a link.
 * The current address (if any) is told that a change was requested.
 */
export async function requestEmailChange(
  ctx: AuthContext,
  member: ChangeRequester,
  newEmail: string,
  server: Server,
): Promise<void> {
  if (member.email === newEmail) {
    throw new AppError('VALIDATION_FAILED', {
      fields: [{ field: 'new_email', code: 'VALIDATION_FAILED' }],
    });
  }
  if (!(await underMailLimit(ctx, 'email_change', newEmail))) return;
  const texts = mailTexts(member.language);
  const owner = await repo.findMemberByEmail(ctx.db, newEmail);
  if (owner && owner.status !== 'withdrawn') {
    await ctx.db.transaction(async (tx) => {
      await codes.insertCode(tx, {
        purpose: 'email_change',
        target: newEmail,
        codeHash: sha256(randomBytes(32).toString('base64url')),
        memberId: member.id,
        expiresAt: new Date(),
      });
      await ctx.outgoing.mail(tx, {
        to: newEmail,
        subject: texts.emailChangeTaken.subject,
        text: body(member.language, texts.emailChangeTaken.body, {}),
      });
    });
    return;
  }
  await ctx.db.transaction(async (tx) => {
    const token = await issueLink(
      { db: tx },
      'email_change',
      { id: member.id, email: newEmail },
      emailChangeLinkTtlMs,
    );
    await ctx.outgoing.mail(tx, {
      to: newEmail,
      subject: texts.emailChange.subject,
      text: body(member.language, texts.emailChange.body, {
        link: link(ctx, `/mypage/setting/changeemailsendafter/${server}/${token}`),
      }),
    });
    if (member.email) {
      await ctx.outgoing.mail(tx, {
        to: member.email,
        subject: texts.emailChangeRequested.subject,
        text: body(member.language, texts.emailChangeRequested.body, {
          email: newEmail,
          resetLink: link(ctx, '/login/findpassword'),
        }),
      });
    }
  });
}

/** Sends the pending change's link again (a fresh one; the old link stops working). */
export async function resendEmailChange(
  ctx: AuthContext,
  member: ChangeRequester,
  server: Server,
): Promise<string> {
  const target = await repo.findLiveChangeTarget(ctx.db, member.id);
  if (!target) throw new AppError('LINK_INVALID');
  await requestEmailChange(ctx, member, target, server);
  return target;
}

/**
 * Completes the change from the link. Only the member who asked can use it (another member's
 * session gets LINK_INVALID, like an unknown link). The member's other sessions end; the
 * session that confirmed stays signed in.
 */
export async function confirmEmailChange(
  ctx: AuthContext,
  session: { memberId: number; sessionId: string },
  token: string,
): Promise<string> {
  const code = await codes.touchLiveCode(
    ctx.db,
    'email_change',
    sha256(token),
    authLimits.linkMaxAttempts,
  );
  if (!code || code.memberId !== session.memberId) throw new AppError('LINK_INVALID');
  const before = await repo.findMemberById(ctx.db, session.memberId);
  if (!(await codes.consumeCode(ctx.db, code.id))) throw new AppError('LINK_INVALID');
  let updated;
  try {
    updated = await repo.replaceEmail(ctx.db, session.memberId, code.target, session.sessionId);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('EMAIL_IN_USE');
    throw error;
  }
  if (!updated) throw new AppError('UNAUTHORIZED');
  // The database rows went in the same transaction; a Redis store needs its own call.
  await sessionStoreOf(ctx.db).deleteForMember(session.memberId, { except: session.sessionId });
  if (before?.email && before.email !== code.target) {
    const texts = mailTexts(updated.language);
    await ctx.outgoing.mail(ctx.db, {
      to: before.email,
      subject: texts.emailChanged.subject,
      text: body(updated.language, texts.emailChanged.body, { email: code.target }),
    });
  }
  return code.target;
}
