import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FailureBanner } from '../../components/failure-banner';
import { Page } from '../../components/page';
import { Button, Input, Skeleton } from '../../components/ui';
import { useChangeMailAddress } from '../../features/auth/api';
import { styles } from '../../features/auth/auth-styles';
import { useUserInfo } from '../../features/auth/use-user-info';
import { emailError } from '../../features/auth/validation';
import { isApiError } from '../../lib/api/api-error';
import { useForm } from '../../lib/forms/use-form';
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
  // Both depend on the loaded member: whether a password is asked, and the current address.
  const needsPassword = user.data?.has_password ?? true;
  const current = user.data?.email ?? '';
  const form = useForm({
    initial: { email: '', password: '' },
    checks: {
      email: (email) =>
        emailError(email, t('fieldErrors.email')) ??
        (email.trim().toLowerCase() === current ? t('settings.changeEmail.sameAddress') : null),
      password: (password) =>
        needsPassword && !password ? t('fieldErrors.passwordRequired') : null,
    },
    // While it shows a message the address is checked as typed (the same-address rule waits
    // for a submit); any change to the password clears its message.
    live: { email: 'shown', password: 'clears' },
    liveChecks: { email: (email) => emailError(email, t('fieldErrors.email')) },
  });
  const { values, errors } = form;

  const mutation = useChangeMailAddress({
    onSuccess: (answer) =>
      void navigate('/mypage/setting/changeemailsend', {
        replace: true,
        state: { email: answer.email },
      }),
    onError: (error) => {
      if (isApiError(error)) form.showServerErrors(error.fields, { new_email: 'email' });
    },
  });

  if (user.isPending) {
    return (
      <Page>
        <Skeleton height={220} />
      </Page>
    );
  }

  const onSubmit = form.handleSubmit(({ email, password }) =>
    mutation.mutate({ new_email: email, ...(needsPassword ? { password } : {}) }),
  );

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
          value={values.email}
          onChange={(event) => form.setValue('email', event.target.value)}
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
            value={values.password}
            onChange={(event) => form.setValue('password', event.target.value)}
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
