import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { qrCodeLength } from '@carol/contracts';
import { AlertIcon, ClockIcon, QrIcon } from '../../components/icons';
import { Button, Input } from '../../components/ui';
import { cx } from '../../lib/cx';
import { useForm } from '../../lib/forms/use-form';
import { formatCountdown, parseScannedCode } from './qr-code';
import { useQrCamera } from './use-qr-camera';
import styles from './qr.module.css';

/** The camera with a viewfinder; calls `onCode` with the first valid code it sees. */
export function QrCamera({ onCode }: { onCode: (code: string) => void }) {
  const { t } = useTranslation('qr');
  const [active, setActive] = useState(true);
  const { videoRef, state, retry } = useQrCamera(active, (text) => {
    const code = parseScannedCode(text);
    if (!code) return;
    setActive(false);
    onCode(code);
  });
  const blocked = state === 'denied' || state === 'unavailable';
  return (
    <div
      className={styles.viewfinder}
      role="img"
      aria-label={t('scanner.viewfinderLabel')}
      data-camera-state={state}
    >
      <video ref={videoRef} className={styles.video} muted playsInline aria-hidden="true" />
      {state === 'scanning' && (
        <>
          <span className={styles.frame} />
          <span className={styles.scanLine} />
        </>
      )}
      {(state === 'starting' || state === 'idle') && (
        <div className={styles.cameraMessage}>
          <span className={styles.cameraIcon}>
            <QrIcon size={30} />
          </span>
          <span>{state === 'starting' ? t('scanner.starting') : t('scanner.start')}</span>
        </div>
      )}
      {blocked && (
        <div className={styles.cameraMessage} role="status">
          <span className={styles.cameraIcon}>
            <AlertIcon size={28} />
          </span>
          <strong>
            {state === 'denied' ? t('scanner.deniedTitle') : t('scanner.unavailableTitle')}
          </strong>
          <span>{state === 'denied' ? t('scanner.deniedBody') : t('scanner.unavailableBody')}</span>
          <Button variant="onDark" size="md" onClick={retry}>
            {t('scanner.retry')}
          </Button>
        </div>
      )}
    </div>
  );
}

/** Typing the code shown under the mirror's QR; validated as you type. */
export function ManualCodeForm({
  onCode,
  initial = '',
}: {
  onCode: (code: string) => void;
  initial?: string;
}) {
  const { t } = useTranslation('qr');
  // A wrong code is told once the box was left with it, once the whole code could be there,
  // after a tap on the button, or at once for a link's code; from then on as it is typed. An
  // empty box says nothing, and left empty it starts over (ADR 063).
  const form = useForm({
    initial: { code: initial },
    checks: {
      code: (value) =>
        value.trim() === '' || parseScannedCode(value) ? null : t('manual.formatError'),
    },
    live: 'touched',
    whole: { code: (value) => value.replace(/[\s-]/g, '').length >= qrCodeLength },
  });
  // The one message, in the language shown now.
  const error = form.errors.code ? t('manual.formatError') : null;

  const onSubmit = form.handleSubmit(({ code }) => {
    const parsed = parseScannedCode(code);
    if (parsed) onCode(parsed);
  });

  return (
    <form className={styles.manual} onSubmit={onSubmit} noValidate>
      <h3 className={styles.manualTitle}>{t('manual.title')}</h3>
      <Input
        label={t('manual.label')}
        name="code"
        className={styles.codeInput}
        placeholder={t('manual.placeholder')}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={40}
        value={form.values.code}
        hint={t('manual.hint')}
        error={error}
        onChange={(event) => form.setValue('code', event.target.value)}
        onBlur={() => form.blur('code')}
      />
      <Button type="submit" block variant="secondary">
        {t('manual.submit')}
      </Button>
    </form>
  );
}

/** Seconds left until `deadline` (ms since epoch), ticking every second. */
export function useSecondsLeft(deadline: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

export function CountdownChip({ seconds }: { seconds: number }) {
  const { t } = useTranslation('qr');
  return (
    <span
      className={cx(styles.countdown, seconds <= 20 && styles.countdownLow)}
      aria-live={seconds <= 10 ? 'polite' : 'off'}
    >
      <ClockIcon size={16} />
      {t('confirm.expiresIn', { time: formatCountdown(seconds) })}
    </span>
  );
}

export { styles as qrStyles };
