import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  checkVerificationCode,
  logout as logoutEndpoint,
  parsePhone,
  sendVerificationCode,
  type RequestOf,
} from '@carol/contracts';
import { SendIcon } from '../../components/icons';
import { Page } from '../../components/page';
import { Button, Input, Skeleton } from '../../components/ui';
import { isApiError } from '../../lib/api/api-error';
import { callEndpoint } from '../../lib/api/client';
import { useForm } from '../../lib/forms/use-form';
import { logout } from '../../lib/session';
import { useCommonStore } from '../../lib/stores/common.store';
import { styles } from './auth-styles';
import phoneStyles from './phone.module.css';
import { phoneFieldError } from './phone-validation';
import { handleResendTooSoon, useSecondsLeft, type Cooldown } from './resend-cooldown';
import { SmsCodeStep, type SentCode } from './sms-code-step';
import { useUserInfo, userInfoKey } from './use-user-info';
import { FailureBanner } from '../../components/failure-banner';

/**
 * /mypage/setting/createtel and changetel: new number (+ current password when the member has
 * one: re-authentication) → SMS code → the number is saved as verified, back to settings.
 */
export function PhoneChangeScreen({
  mode,
  onDone,
}: {
  mode: 'createTel' | 'changeTel';
  /** Used in place (the reservation check step): called once the number is verified. */
  onDone?: () => void;
}) {
  const info = useUserInfo();
  if (info.isPending) {
    return (
      <Page>
        <Skeleton height={220} />
      </Page>
    );
  }
  return (
    <PhoneChangeForm
      mode={mode}
      onDone={onDone}
      hasPassword={info.data?.has_password ?? true}
      currentPhone={info.data?.phone ?? ''}
    />
  );
}

function PhoneChangeForm({
  mode,
  onDone,
  hasPassword,
  currentPhone,
}: {
  mode: 'createTel' | 'changeTel';
  onDone?: () => void;
  hasPassword: boolean;
  currentPhone: string;
}) {
  const { t } = useTranslation('phone');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const language = useCommonStore((s) => s.language);
  const server = useCommonStore((s) => s.server);
  const telError = (tel: string) => phoneFieldError(tel, server, language);
  const form = useForm({
    initial: { tel: '', password: '' },
    checks: {
      tel: telError,
      password: (password) => (hasPassword && !password ? t('settings.passwordRequired') : null),
    },
    // The number is checked as it is typed (an emptied box says nothing until the next send);
    // the password only clears its message once filled.
    live: { tel: 'always', password: 'shown' },
    liveChecks: { tel: (tel) => (tel ? telError(tel) : null) },
  });
  const { values, errors } = form;
  const [sent, setSent] = useState<SentCode | null>(null);
  const [failure, setFailure] = useState<{ message: string; reauth: boolean } | null>(null);
  // A new code asked for within the cool-down: a countdown, not a failure.
  const [cooldown, setCooldown] = useState<Cooldown | null>(null);
  const [codeNotice, setCodeNotice] = useState<string | null>(null);
  const waitSeconds = useSecondsLeft(cooldown);

  const fail = (error: unknown) => {
    const notify = () => setCodeNotice(t('code.tooSoon'));
    if (handleResendTooSoon(error, sent, { setSent, setCooldown, notify })) return;
    if (!isApiError(error)) {
      setFailure({ message: tc('errorBoundary.body'), reauth: false });
      return;
    }
    const fieldErrors = error.fields.filter(({ field }) => field === 'tel' || field === 'password');
    if (!sent && fieldErrors.length > 0) {
      form.showServerErrors(fieldErrors);
      return;
    }
    setFailure({ message: error.resMessage, reauth: error.resCode === 'REAUTH_REQUIRED' });
  };

  const send = useMutation({
    mutationFn: (body: RequestOf<typeof sendVerificationCode>) =>
      callEndpoint(sendVerificationCode, body),
    onMutate: () => setFailure(null),
    onSuccess: (answer, body) => {
      const check = parsePhone(body.tel, server);
      setCooldown(null);
      setCodeNotice(null);
      setSent({
        tel: check.ok ? check.phone : body.tel,
        sentAt: Date.now(),
        expiresIn: answer.data.expires_in,
        resendAfter: answer.data.resend_after,
      });
    },
    onError: fail,
  });

  const confirm = useMutation({
    mutationFn: (body: RequestOf<typeof checkVerificationCode>) =>
      callEndpoint(checkVerificationCode, body),
    onMutate: () => setFailure(null),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: userInfoKey });
      useCommonStore.getState().showToast(t(`settings.${mode}.done`));
      if (onDone) onDone();
      else void navigate('/mypage/setting', { replace: true });
    },
    onError: fail,
  });

  const relogin = useMutation({
    mutationFn: () => callEndpoint(logoutEndpoint, {}),
    onSettled: () => {
      logout();
      void navigate('/login', { replace: true });
    },
  });

  const sendBody = () => ({
    tel: values.tel,
    ...(hasPassword ? { password: values.password } : {}),
  });

  const onSend = form.handleSubmit(() => send.mutate(sendBody()));

  return (
    <Page>
      <div className={styles.intro}>
        <h2 className={styles.heading}>{t(`settings.${mode}.heading`)}</h2>
        <p className={styles.lead}>{t(`settings.${mode}.lead`)}</p>
      </div>
      {failure && (
        <FailureBanner title={t('settings.failureTitle')} message={failure.message}>
          {failure.reauth && (
            <Button
              variant="outline"
              size="md"
              onClick={() => relogin.mutate()}
              isBusy={relogin.isPending}
            >
              {t('settings.relogin')}
            </Button>
          )}
        </FailureBanner>
      )}
      {sent ? (
        <SmsCodeStep
          key={sent.sentAt}
          sent={sent}
          submitLabel={t(`settings.${mode}.submit`)}
          isBusy={confirm.isPending}
          isResending={send.isPending}
          notice={codeNotice}
          onSubmit={(code) => confirm.mutate({ tel: sent.tel, code })}
          onResend={() => send.mutate(sendBody())}
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
          {mode === 'changeTel' && currentPhone && (
            <p className={phoneStyles.sentTo}>
              <span>{t('settings.changeTel.current')}</span>
              <strong>{currentPhone}</strong>
            </p>
          )}
          <Input
            label={t('fields.tel')}
            name="tel"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder={t(`placeholders.${server}`)}
            value={values.tel}
            onChange={(event) => form.setValue('tel', event.target.value)}
            maxLength={20}
            error={errors.tel}
            required
          />
          {hasPassword ? (
            <Input
              label={t('fields.password')}
              name="password"
              type="password"
              autoComplete="current-password"
              hint={t('settings.passwordHint')}
              value={values.password}
              onChange={(event) => form.setValue('password', event.target.value)}
              maxLength={128}
              error={errors.password}
              required
            />
          ) : (
            <p className={phoneStyles.note}>{t('settings.reauthHint')}</p>
          )}
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
    </Page>
  );
}
