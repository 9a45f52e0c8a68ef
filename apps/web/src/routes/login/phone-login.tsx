import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { parsePhone } from '@carol/contracts';
import { SendIcon } from '../../components/icons';
import { Page } from '../../components/page';
import { Button, Input } from '../../components/ui';
import { usePhoneLogin, useSendLoginSms } from '../../features/auth/api';
import { styles } from '../../features/auth/auth-styles';
import phoneStyles from '../../features/auth/phone.module.css';
import { phoneFieldError } from '../../features/auth/phone-validation';
import { completeSignIn, recordSignInFailure } from '../../features/auth/sign-in';
import {
  handleResendTooSoon,
  useSecondsLeft,
  type Cooldown,
} from '../../features/auth/resend-cooldown';
import { SmsCodeStep, type SentCode } from '../../features/auth/sms-code-step';
import { isApiError } from '../../lib/api/api-error';
import { useForm } from '../../lib/forms/use-form';
import { paths } from '../../lib/paths';
import { useCommonStore } from '../../lib/stores/common.store';
import { FailureBanner } from '../../components/failure-banner';

/** /login/phonelogin — phone PIN sign-in for members who joined through a smart mirror (spec 6). */
export default function PhoneLoginScreen() {
  const { t } = useTranslation('phone');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const language = useCommonStore((s) => s.language);
  const server = useCommonStore((s) => s.server);
  const telError = (tel: string) => phoneFieldError(tel, server, language);
  // The number is checked as it is typed; an emptied box says nothing until the next send.
  const form = useForm({
    initial: { tel: '' },
    checks: { tel: telError },
    live: 'always',
    liveChecks: { tel: (tel) => (tel ? telError(tel) : null) },
  });
  const [sent, setSent] = useState<SentCode | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // A new code asked for within the cool-down: a countdown, not a failure.
  const [cooldown, setCooldown] = useState<Cooldown | null>(null);
  const [codeNotice, setCodeNotice] = useState<string | null>(null);
  const waitSeconds = useSecondsLeft(cooldown);

  const send = useSendLoginSms({
    onMutate: () => setFailure(null),
    onSuccess: (answer, body) => {
      const check = parsePhone(body.tel, server);
      setCooldown(null);
      setCodeNotice(null);
      setSent({
        tel: check.ok ? check.phone : body.tel,
        sentAt: Date.now(),
        expiresIn: answer.expires_in,
        resendAfter: answer.resend_after,
      });
    },
    onError: (error) => {
      const notify = () => setCodeNotice(t('code.tooSoon'));
      if (handleResendTooSoon(error, sent, { setSent, setCooldown, notify })) return;
      if (isApiError(error)) {
        const field = error.fields.find((f) => f.field === 'tel');
        if (field && !sent) form.showServerErrors([field]);
        else setFailure(error.resMessage);
      } else setFailure(tc('errorBoundary.body'));
    },
  });

  const login = usePhoneLogin({
    onMutate: () => setFailure(null),
    onSuccess: (member) => {
      completeSignIn(member);
      void navigate(paths.home, { replace: true });
    },
    onError: (error) => {
      const message = isApiError(error) ? error.resMessage : tc('errorBoundary.body');
      recordSignInFailure(message);
      setFailure(message);
    },
  });

  const onSend = form.handleSubmit(({ tel }) => send.mutate({ tel }));

  const banner = failure && <FailureBanner title={t('login.failureTitle')} message={failure} />;

  return (
    <Page>
      <div className={styles.intro}>
        <h2 className={styles.heading}>{t('login.heading')}</h2>
        <p className={styles.lead}>{t('login.lead')}</p>
      </div>
      {banner}
      {sent ? (
        <SmsCodeStep
          key={sent.sentAt}
          sent={sent}
          submitLabel={login.isPending ? t('login.submitting') : t('login.submit')}
          isBusy={login.isPending}
          isResending={send.isPending}
          notice={codeNotice}
          onSubmit={(code) => login.mutate({ tel: sent.tel, code })}
          onResend={() => send.mutate({ tel: sent.tel })}
          onChangeNumber={() => {
            setSent(null);
            setFailure(null);
            setCodeNotice(null);
          }}
        />
      ) : (
        <form className={styles.form} onSubmit={onSend} noValidate>
          {waitSeconds > 0 && (
            <p className={phoneStyles.notice} role="status">
              {t('code.tooSoon')}
            </p>
          )}
          <Input
            label={t('fields.tel')}
            name="tel"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder={t(`placeholders.${server}`)}
            value={form.values.tel}
            onChange={(event) => form.setValue('tel', event.target.value)}
            maxLength={20}
            error={form.errors.tel}
            required
          />
          <Button
            type="submit"
            block
            isBusy={send.isPending}
            disabled={waitSeconds > 0}
            className={phoneStyles.resendButton}
          >
            {send.isPending ? (
              t('code.sending')
            ) : waitSeconds > 0 ? (
              t('code.sendIn', { seconds: waitSeconds })
            ) : (
              <>
                <SendIcon size={18} />
                {t('code.send')}
              </>
            )}
          </Button>
        </form>
      )}
      <p className={phoneStyles.note}>{t('login.eligibility')}</p>
      <nav className={styles.links}>
        <Link to="/login">{t('login.emailLogin')}</Link>
      </nav>
    </Page>
  );
}
