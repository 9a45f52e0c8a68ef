import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatQrCode, qrLimits } from '@carol/contracts';
import { CheckIcon } from '../../components/icons';
import { Button, Input } from '../../components/ui';
import { useSecondsLeft } from '../../features/qr/qr-scanner-parts';
import { useMirror, type ShownCode } from '../../features/qr/use-mirror';
import styles from '../../features/qr/mirror.module.css';
import { useForm } from '../../lib/forms/use-form';
import { useCommonStore } from '../../lib/stores/common.store';

/**
 * /mirror — a stand-in for a salon's smart mirror (a separate device in production), for demos
 * and the browser tests. Outside the member app: no header, tab bar or member session; it
 * authenticates with the shop's console key, which it keeps in this tab's sessionStorage.
 */
export default function MirrorScreen() {
  const { t } = useTranslation('qr');
  const { t: tr } = useTranslation('records');
  const language = useCommonStore((s) => s.language);
  const { phase, purpose, setPurpose, nextCode, connectionProblem, submitKey, changeKey, signOut } =
    useMirror(language);
  const hasModes = phase.kind === 'opening' || phase.kind === 'showing' || phase.kind === 'linked';

  useEffect(() => {
    document.title = t('mirror.documentTitle');
  }, [t]);

  return (
    <main className={styles.screen}>
      <header className={styles.top}>
        <span className={styles.brand}>{t('mirror.brand')}</span>
        {phase.kind !== 'key' && phase.kind !== 'welcome' && (
          <button type="button" className={styles.textButton} onClick={changeKey}>
            {t('mirror.changeKey')}
          </button>
        )}
      </header>
      <div className={styles.center}>
        {phase.kind === 'key' && <KeyForm rejected={phase.rejected} onSubmit={submitKey} />}
        {hasModes && (
          <div className={styles.modes} role="group" aria-label={tr('mirror.modeLabel')}>
            {(['login', 'link'] as const).map((mode) => (
              <button
                key={mode}
                type="button"
                className={styles.mode}
                aria-pressed={purpose === mode}
                onClick={() => setPurpose(mode)}
              >
                {mode === 'login' ? tr('mirror.modeLogin') : tr('mirror.modeLink')}
              </button>
            ))}
          </div>
        )}
        {phase.kind === 'opening' && (
          <>
            <h1 className={styles.heading}>
              {purpose === 'link' ? tr('mirror.linkHeading') : t('mirror.scanHeading')}
            </h1>
            <div className={styles.qrCard} aria-busy="true">
              <span className={styles.placeholder} aria-hidden="true" />
            </div>
            <p className={styles.steps}>{t('mirror.refreshing')}</p>
          </>
        )}
        {phase.kind === 'showing' && <ShowCode shown={phase.shown} />}
        {phase.kind === 'linked' && (
          <>
            <span className={styles.linkedIcon} aria-hidden="true">
              <CheckIcon size={44} />
            </span>
            <h1 className={styles.welcome} data-testid="mirror-linked">
              {phase.name
                ? tr('mirror.linkedName', { name: phase.name })
                : tr('mirror.linkedTitle')}
            </h1>
            <p className={styles.welcomeBody}>{tr('mirror.linkedBody')}</p>
            <Button variant="onDark" onClick={nextCode}>
              {tr('mirror.nextCode')}
            </Button>
          </>
        )}
        {phase.kind === 'welcome' && (
          <>
            <span className={styles.avatar} aria-hidden="true">
              {phase.name.slice(0, 1)}
            </span>
            <h1 className={styles.welcome} data-testid="mirror-welcome">
              {t('mirror.welcome', { name: phase.name })}
            </h1>
            <p className={styles.welcomeBody}>{t('mirror.welcomeBody')}</p>
            <Button variant="onDark" onClick={() => void signOut()}>
              {t('mirror.logout')}
            </Button>
            <p className={styles.footnote}>
              {t('mirror.signedInUntil', { minutes: phase.minutes })}
            </p>
          </>
        )}
        {connectionProblem && (
          <p className={styles.notice} role="status">
            {t('mirror.connectionProblem')}
          </p>
        )}
      </div>
    </main>
  );
}

function ShowCode({ shown }: { shown: ShownCode }) {
  const { t } = useTranslation('qr');
  const { t: tr } = useTranslation('records');
  const seconds = useSecondsLeft(shown.deadline);
  const share = Math.min(100, (seconds / qrLimits.codeTtlSeconds) * 100);
  const heading = shown.purpose === 'link' ? tr('mirror.linkHeading') : t('mirror.scanHeading');
  return (
    <>
      <h1 className={styles.heading}>{heading}</h1>
      <p className={styles.steps}>
        {shown.purpose === 'link' ? tr('mirror.linkSteps') : t('mirror.scanSteps')}
      </p>
      <div
        className={styles.qrCard}
        data-qr-code={shown.code}
        data-qr-session={shown.id}
        data-qr-purpose={shown.purpose}
      >
        <img src={shown.image} alt={heading} />
      </div>
      <div className={styles.timer}>
        <div className={styles.bar} aria-hidden="true">
          <div className={styles.barFill} style={{ width: `${share}%` }} />
        </div>
        <span>{t('mirror.refreshIn', { seconds })}</span>
      </div>
      <div className={styles.codeBlock}>
        <span className={styles.codeLabel}>{t('mirror.codeLabel')}</span>
        <span className={styles.code} data-testid="mirror-code">
          {formatQrCode(shown.code)
            .split('-')
            .map((group, i) => (
              <span key={i}>{i === 0 ? group : `-${group}`}</span>
            ))}
        </span>
      </div>
    </>
  );
}

function KeyForm({ rejected, onSubmit }: { rejected: boolean; onSubmit: (key: string) => void }) {
  const { t } = useTranslation('qr');
  const required = (key: string) => (key.trim() ? null : t('mirror.keyRequired'));
  // Checked on a tap on Start; typing a key (not spaces alone) clears the message, the
  // server's refusal of the last key included.
  const form = useForm({
    initial: { key: '' },
    checks: { key: required },
    live: 'clears',
    liveChecks: { key: required },
    initialErrors: rejected ? { key: t('mirror.keyRejected') } : {},
  });
  const submit = form.handleSubmit(({ key }) => onSubmit(key.trim()));
  return (
    <form className={styles.keyCard} onSubmit={submit} noValidate>
      <h1 className={styles.keyHeading}>{t('mirror.keyHeading')}</h1>
      <p className={styles.keyLead}>{t('mirror.keyLead')}</p>
      <Input
        label={t('mirror.keyLabel')}
        name="console_key"
        type="password"
        autoComplete="off"
        spellCheck={false}
        maxLength={128}
        value={form.values.key}
        error={form.errors.key}
        onChange={(event) => form.setValue('key', event.target.value)}
      />
      <Button type="submit" block>
        {t('mirror.keySubmit')}
      </Button>
    </form>
  );
}
