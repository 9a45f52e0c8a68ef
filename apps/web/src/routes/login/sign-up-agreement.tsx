import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AlertIcon, UserIcon } from '../../components/icons';
import { FailureBanner } from '../../components/failure-banner';
import { Page } from '../../components/page';
import { Button, ButtonLink, Card, EmptyState } from '../../components/ui';
import { styles } from '../../features/auth/auth-styles';
import { memberName } from '../../features/auth/member-name';
import { completeSignIn } from '../../features/auth/sign-in';
import {
  consentErrorsFromServer,
  consentErrorsOf,
  noConsents,
  SignUpConsents,
  type ConsentErrors,
  type ConsentValues,
} from '../../features/legal/sign-up-consents';
import { useOidcSignUp } from '../../features/oidc/api';
import {
  clearPendingSignUp,
  readPendingSignUp,
  type PendingSignUp,
} from '../../features/oidc/pending-sign-up';
import { AppleLogo, GoogleLogo } from '../../features/oidc/provider-logos';
import { isApiError } from '../../lib/api/api-error';
import { paths } from '../../lib/paths';
import { useCommonStore } from '../../lib/stores/common.store';
import agreement from './sign-up-agreement.module.css';

/** The sign-up ran out of time (or this tab has none): start again from the login screen. */
function Expired() {
  const { t } = useTranslation('signup');
  return (
    <Page>
      <Card as="section" tone="elevated" padded={false}>
        <EmptyState icon={<AlertIcon size={32} />} title={t('oidc.expired')} />
      </Card>
      <ButtonLink to={paths.login} replace size="md">
        {t('oidc.restart')}
      </ButtonLink>
    </Page>
  );
}

/**
 * /login/agreement — the consent step of a first Google / Apple sign-in (ADR 025): no member
 * exists until the market's required items are agreed; then the member is created, signed in
 * and welcomed.
 */
export default function SignUpAgreementScreen() {
  const [pending] = useState(() => readPendingSignUp());
  return pending ? <Agreement pending={pending} /> : <Expired />;
}

function Agreement({ pending }: { pending: PendingSignUp }) {
  const { t } = useTranslation('signup');
  const { t: to } = useTranslation('oidc');
  const navigate = useNavigate();
  const language = useCommonStore((s) => s.language);
  const server = useCommonStore((s) => s.server);
  const [consents, setConsents] = useState<ConsentValues>(noConsents);
  const [errors, setErrors] = useState<ConsentErrors>({});
  const [isChecked, setChecked] = useState(false);
  const [isExpired, setExpired] = useState(false);

  const mutation = useOidcSignUp(pending.token, {
    onSuccess: (member) => {
      clearPendingSignUp();
      completeSignIn(member);
      void navigate(paths.signUpWelcome, { replace: true, state: { target: pending.target } });
    },
    onError: (error) => {
      if (!isApiError(error)) return;
      if (error.resCode === 'SIGN_UP_EXPIRED') {
        clearPendingSignUp();
        setExpired(true);
      } else setErrors(consentErrorsFromServer(error.fields));
    },
  });

  if (isExpired) return <Expired />;

  const onChange = (next: ConsentValues) => {
    setConsents(next);
    if (isChecked) setErrors(consentErrorsOf(server, next, language));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const missing = consentErrorsOf(server, consents, language);
    setErrors(missing);
    setChecked(true);
    if (Object.keys(missing).length > 0) return;
    mutation.mutate(consents);
  };

  const name = memberName(pending.familyName, pending.givenName, language);
  const isConsentRefusal = isApiError(mutation.error) && mutation.error.fields.length > 0;

  return (
    <Page>
      <div className={styles.intro}>
        <h2 className={styles.heading}>{t('oidc.heading')}</h2>
        <p className={styles.lead}>
          {t('oidc.lead', { provider: to(`providers.${pending.provider}`) })}
        </p>
      </div>
      <section className={agreement.account} aria-label={t('oidc.account')}>
        <span className={agreement.logo} aria-hidden="true">
          {pending.provider === 'apple' ? (
            <AppleLogo size={22} />
          ) : pending.provider === 'google' ? (
            <GoogleLogo size={22} />
          ) : (
            <UserIcon size={22} />
          )}
        </span>
        <span className={agreement.who}>
          {name && <strong>{name}</strong>}
          {pending.email && <span>{pending.email}</span>}
        </span>
      </section>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {mutation.isError && !isConsentRefusal && (
          <FailureBanner title={t('oidc.failureTitle')} error={mutation.error} />
        )}
        <SignUpConsents server={server} values={consents} errors={errors} onChange={onChange} />
        <Button type="submit" block isBusy={mutation.isPending}>
          {mutation.isPending ? t('oidc.submitting') : t('oidc.submit')}
        </Button>
      </form>
      <nav className={styles.links}>
        <button
          type="button"
          className={agreement.cancel}
          onClick={() => {
            clearPendingSignUp();
            void navigate(paths.login, { replace: true });
          }}
        >
          {t('oidc.cancel')}
        </button>
      </nav>
    </Page>
  );
}
