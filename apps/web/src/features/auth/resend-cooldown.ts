import { useEffect, useState } from 'react';
import { phoneCodeLimits } from '@carol/contracts';
import { isApiError } from '../../lib/api/api-error';
import type { SentCode } from './sms-code-step';

/**
 * Seconds to wait when the server refused a new code as too early (RESEND_TOO_SOON), from its
 * own clock (`retry_after`); null for any other failure. A too-early request is not a failure
 * to show: the screen counts down instead.
 */
export function resendWaitOf(error: unknown): number | null {
  if (!isApiError(error) || error.resCode !== 'RESEND_TOO_SOON') return null;
  return error.retryAfter ?? phoneCodeLimits.resendAfterSeconds;
}

/** A wait that started at `since` (ms since epoch, taken in an event handler) until `until`. */
export interface Cooldown {
  since: number;
  until: number;
}

export function cooldownOf(seconds: number, now = Date.now()): Cooldown {
  return { since: now, until: now + seconds * 1000 };
}

/**
 * A new code refused as too early: with a code on screen only its resend button waits longer
 * (and `notify` says why); before any code, the send button counts down. False for any other
 * failure, which the screen shows as it does.
 */
export function handleResendTooSoon(
  error: unknown,
  sent: SentCode | null,
  on: { setSent(sent: SentCode): void; setCooldown(cooldown: Cooldown): void; notify(): void },
): boolean {
  const wait = resendWaitOf(error);
  if (wait === null) return false;
  const now = Date.now();
  if (sent) {
    on.setSent({ ...sent, resendAfter: (now - sent.sentAt) / 1000 + wait });
    on.notify();
  } else {
    on.setCooldown(cooldownOf(wait, now));
  }
  return true;
}

/** Whole seconds left of the cooldown, re-rendering a few times a second while it runs. */
export function useSecondsLeft(cooldown: Cooldown | null, intervalMs = 250): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!cooldown) return;
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= cooldown.until) window.clearInterval(timer);
    }, intervalMs);
    return () => window.clearInterval(timer);
  }, [cooldown, intervalMs]);
  if (!cooldown) return 0;
  // `now` may predate the cooldown until the first tick; never count from before it began.
  const current = Math.max(now, cooldown.since);
  return Math.max(0, Math.ceil((cooldown.until - current) / 1000));
}
