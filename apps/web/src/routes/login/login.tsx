import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { loginByEmail, type RequestOf } from '@carol/contracts';
import { LogInIcon } from '../../components/icons';
import { Page } from '../../components/page';
import { OidcButtons } from '../../features/oidc/oidc-buttons';
import { Button, ButtonLink, Input } from '../../components/ui';
import { completeSignIn, recordSignInFailure } from '../../features/auth/sign-in';
import { emailError } from '../../features/auth/validation';
import { styles } from '../../features/auth/auth-styles';
import { isApiError } from '../../lib/api/api-error';
import { callEndpoint } from '../../lib/api/client';
import { paths } from '../../lib/paths';
import { FailureBanner } from '../../components/failure-banner';

/** /login — e-mail and password; links to sign-up, password reset and phone login. */
export default function LoginScreen() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string | null; password?: string | null }>({});

  const mutation = useMutation({
    mutationFn: (body: RequestOf<typeof loginByEmail>) => callEndpoint(loginByEmail, body),
    onSuccess: (member) => {
      completeSignIn(member);
      void navigate(paths.home, { replace: true });
    },
    onError: (error) => recordSignInFailure(isApiError(error) ? error.resMessage : ''),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      email: emailError(email, t('fieldErrors.email')),
      password: password ? null : t('fieldErrors.passwordRequired'),
    };
    setErrors(found);
    if (found.email || found.password) return;
    mutation.mutate({ email, password });
  };

  return (
    <Page>
      <div className={styles.intro}>
        <h2 className={styles.heading}>{t('login.heading')}</h2>
      </div>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {mutation.isError && (
          <FailureBanner title={t('login.failureTitle')} error={mutation.error}>
            {/* Refused by the sign-in throttle: the reset mail is the way in (it trusts the
                address it is completed from), so offer it right here (issue 26). */}
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
        <Input
          label={t('fields.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          placeholder={t('placeholders.password')}
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            if (errors.password && event.target.value) setErrors({ ...errors, password: null });
          }}
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
