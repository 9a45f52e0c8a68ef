import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { changeMailAddress, type RequestOf } from '@carol/contracts';
import { FailureBanner } from '../../components/failure-banner';
import { Page } from '../../components/page';
import { Button, Input, Skeleton } from '../../components/ui';
import { styles } from '../../features/auth/auth-styles';
import { useUserInfo } from '../../features/auth/use-user-info';
import { emailError } from '../../features/auth/validation';
import { isApiError } from '../../lib/api/api-error';
import { callEndpoint } from '../../lib/api/client';
import { paths } from '../../lib/paths';
import { logout } from '../../lib/session';

/**
 * /mypage/setting/changeemail — the new address, plus the current password when the member has
 * one (re-authentication). A link goes to the new address; nothing changes until it is opened.
 */
export default function ChangeEmailScreen() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const user = useUserInfo();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string | null; password?: string | null }>({});

  const mutation = useMutation({
    mutationFn: (body: RequestOf<typeof changeMailAddress>) =>
      callEndpoint(changeMailAddress, body),
    onSuccess: (answer) =>
      void navigate('/mypage/setting/changeemailsend', {
        replace: true,
        state: { email: answer.email },
      }),
    onError: (error) => {
      if (!isApiError(error)) return;
      for (const field of error.fields) {
        if (field.field === 'password') setErrors((e) => ({ ...e, password: field.resMessage }));
        if (field.field === 'new_email') setErrors((e) => ({ ...e, email: field.resMessage }));
      }
    },
  });

  if (user.isPending) {
    return (
      <Page>
        <Skeleton height={220} />
      </Page>
    );
  }
  const needsPassword = user.data?.has_password ?? true;
  const current = user.data?.email ?? '';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      email:
        emailError(email, t('fieldErrors.email')) ??
        (email.trim().toLowerCase() === current ? t('settings.changeEmail.sameAddress') : null),
      password: needsPassword && !password ? t('fieldErrors.passwordRequired') : null,
    };
    setErrors(found);
    if (found.email || found.password) return;
    mutation.mutate({ new_email: email, ...(needsPassword ? { password } : {}) });
  };

  const reauth = isApiError(mutation.error) && mutation.error.resCode === 'REAUTH_REQUIRED';
  return (
    <Page>
      <div className={styles.intro}>
        <h2 className={styles.heading}>{t('settings.changeEmail.heading')}</h2>
        <p className={styles.lead}>{t('settings.changeEmail.lead')}</p>
      </div>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {mutation.isError && (
          <FailureBanner title={t('settings.changeEmail.failureTitle')} error={mutation.error}>
            {reauth && (
              <Button
                type="button"
                size="md"
                variant="outline"
                onClick={() => {
                  logout();
                  void navigate(paths.login, { replace: true });
                }}
              >
                {t('settings.changeEmail.loginAgain')}
              </Button>
            )}
          </FailureBanner>
        )}
        {current && (
          <Input
            label={t('settings.changeEmail.current')}
            name="current_email"
            type="email"
            value={current}
            readOnly
          />
        )}
        <Input
          label={t('settings.changeEmail.newEmail')}
          name="new_email"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={t('placeholders.email')}
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            if (errors.email)
              setErrors({
                ...errors,
                email: emailError(event.target.value, t('fieldErrors.email')),
              });
          }}
          maxLength={254}
          error={errors.email}
          required
        />
        {needsPassword && (
          <Input
            label={t('settings.fields.currentPassword')}
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              if (errors.password) setErrors({ ...errors, password: null });
            }}
            maxLength={128}
            error={errors.password}
            hint={t('settings.changeEmail.passwordHint')}
            required
          />
        )}
        <Button type="submit" block isBusy={mutation.isPending}>
          {t('settings.changeEmail.submit')}
        </Button>
      </form>
    </Page>
  );
}
