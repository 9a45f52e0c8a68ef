import { useEffect, useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { ClockIcon } from '../../components/icons';
import { Button } from '../../components/ui';
import { describedBy, FieldChrome } from '../../components/ui/field';
import fieldStyles from '../../components/ui/field.module.css';
import { cx } from '../../lib/cx';
import { useForm } from '../../lib/forms/use-form';
import { codeInput, formatCountdown } from './phone-validation';
import { styles } from './auth-styles';
import phoneStyles from './phone.module.css';

/** When a code was sent and what the server said about its lifetime (seconds). */
export interface SentCode {
  tel: string;
  sentAt: number;
  expiresIn: number;
  resendAfter: number;
}

/** Re-renders every quarter second while mounted; the countdowns read Date.now() each time. */
function useNow(intervalMs = 250): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

export interface SmsCodeStepProps {
  sent: SentCode;
  submitLabel: string;
  isBusy: boolean;
  isResending: boolean;
  /** A message for the code field (from the server), shown under the box. */
  codeError?: string | null;
  /** A note that is not a failure (a new code asked for too early), shown above the resend row. */
  notice?: string | null;
  onSubmit: (code: string) => void;
  onResend: () => void;
  onChangeNumber: () => void;
}

/**
 * The 6-digit code step shared by phone login and phone create/change: where the code went,
 * the code box (one-time-code autofill, numeric keyboard) with a visible mm:ss countdown, a
 * resend button that unlocks after the cool-down, and the submit button. Give it a `key` that
 * changes with each sent code so the box and the clock start over.
 */
export function SmsCodeStep({
  sent,
  submitLabel,
  isBusy,
  isResending,
  codeError,
  notice,
  onSubmit,
  onResend,
  onChangeNumber,
}: SmsCodeStepProps) {
  const { t } = useTranslation('phone');
  const id = useId();
  const now = useNow();
  // An incomplete code is told once the box was left with digits in it, once it held all six,
  // or after a submit; from then on as it is typed (ADR 063).
  const form = useForm({
    initial: { code: '' },
    checks: { code: (code) => (code.length === 6 ? null : t('code.required')) },
    live: 'touched',
  });
  const remaining = (sent.sentAt + sent.expiresIn * 1000 - now) / 1000;
  const resendIn = (sent.sentAt + sent.resendAfter * 1000 - now) / 1000;
  const expired = remaining <= 0;
  // The clock's message wins over the box's, which wins over the server's.
  const error = (expired ? t('code.expired') : form.errors.code) ?? codeError ?? null;

  const submit = form.handleSubmit(({ code }) => {
    if (!expired) onSubmit(code);
  });

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <div className={phoneStyles.sentTo}>
        <p>
          <Trans
            t={t}
            i18nKey="code.sentTo"
            values={{ tel: sent.tel }}
            components={{ strong: <strong /> }}
          />
        </p>
        <button type="button" className={phoneStyles.linkButton} onClick={onChangeNumber}>
          {t('code.changeNumber')}
        </button>
      </div>
      <FieldChrome id={id} label={t('fields.code')} error={error}>
        <div className={phoneStyles.codeBox}>
          <input
            id={id}
            name="code"
            className={cx(fieldStyles.control, phoneStyles.codeControl)}
            value={form.values.code}
            onChange={(event) => form.setValue('code', codeInput(event.target.value))}
            onBlur={() => form.blur('code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            placeholder={t('placeholders.code')}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(id, false, error)}
            autoFocus
            required
          />
          <span
            className={cx(phoneStyles.timer, expired && phoneStyles.timerExpired)}
            role="timer"
            aria-label={`${t('code.remaining')} ${formatCountdown(remaining)}`}
          >
            <ClockIcon size={16} />
            {formatCountdown(remaining)}
          </span>
        </div>
      </FieldChrome>
      {notice && resendIn > 0 && (
        <p className={phoneStyles.notice} role="status">
          {notice}
        </p>
      )}
      <div className={phoneStyles.resendRow}>
        <span>{resendIn > 0 ? t('code.notArrivedShort') : t('code.notArrived')}</span>
        {/* The cool-down shows on the button itself: it says when it can be pressed. */}
        <Button
          variant="outline"
          size="md"
          className={phoneStyles.resendButton}
          onClick={onResend}
          disabled={resendIn > 0}
          isBusy={isResending}
        >
          {resendIn > 0 ? t('code.resendIn', { seconds: Math.ceil(resendIn) }) : t('code.resend')}
        </Button>
      </div>
      <Button type="submit" block isBusy={isBusy} disabled={expired}>
        {submitLabel}
      </Button>
    </form>
  );
}
