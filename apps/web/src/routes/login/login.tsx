import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LogInIcon } from '../../components/icons';
import { Page } from '../../components/page';
import { OidcButtons } from '../../features/oidc/oidc-buttons';
import { Button, ButtonLink, Input } from '../../components/ui';
import { useLoginByEmail } from '../../features/auth/api';
import { completeSignIn, recordSignInFailure } from '../../features/auth/sign-in';
import { emailError } from '../../features/auth/validation';
import { styles } from '../../features/auth/auth-styles';
import { isApiError } from '../../lib/api/api-error';
import { useForm } from '../../lib/forms/use-form';
import { paths } from '../../lib/paths';
import { FailureBanner } from '../../components/failure-banner';

/** /login — e-mail and password; links to sign-up, password reset and phone login. */
export default function LoginScreen() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { values, errors, setValue, handleSubmit } = useForm({
    initial: { email: '', password: '' },
    checks: {
      email: (value) => emailError(value, t('fieldErrors.email')),
      password: (value) => (value ? null : t('fieldErrors.passwordRequired')),
    },
    live: 'shown',
  });

  const mutation = useLoginByEmail({
    onSuccess: (member) => {
      completeSignIn(member);
      void navigate(paths.home, { replace: true });
    },
    onError: (error) => recordSignInFailure(isApiError(error) ? error.resMessage : ''),
  });

  const onSubmit = handleSubmit((body) => mutation.mutate(body));

  return (
    <Page>
      <div className={styles.intro}>
        <h2 className={styles.heading}>{t('login.heading')}</h2>
      </div>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {mutation.isError && (
          <FailureBanner title={t('login.failureTitle')} error={mutation.error}>
            {/* Refused by the sign-in throttle: the reset mail is the way in (it trusts the
                address it is completed from), so offer it right here. */}
            {isApiError(mutation.error) && mutation.error.resCode === 'LOGIN_THROTTLED' && (
              <ButtonLink to="/login/findpassword" variant="outline" size="md">
                {t('login.resetPassword')}
              </ButtonLink>
            )}
          </FailureBanner>
        )}
        <Input
          label={t('fields.email')}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="username"
          placeholder={t('placeholders.email')}
          value={values.email}
          onChange={(event) => setValue('email', event.target.value)}
          maxLength={254}
          error={errors.email}
          required
        />
        <Input
          label={t('fields.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          placeholder={t('placeholders.password')}
          value={values.password}
          onChange={(event) => setValue('password', event.target.value)}
          maxLength={128}
          error={errors.password}
          required
        />
        <Button type="submit" block isBusy={mutation.isPending}>
          {mutation.isPending ? (
            t('login.submitting')
          ) : (
            <>
              <LogInIcon size={18} />
              {t('login.submit')}
            </>
          )}
        </Button>
      </form>
      <OidcButtons />
      <nav className={styles.links}>
        <Link to="/login/registeruser">{t('login.register')}</Link>
        <Link to="/login/findpassword">{t('login.findPassword')}</Link>
        <Link to="/login/phonelogin">{t('login.phoneLogin')}</Link>
      </nav>
    </Page>
  );
}
