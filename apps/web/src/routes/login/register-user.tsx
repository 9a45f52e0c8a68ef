import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { UserIcon } from '../../components/icons';
import { Page } from '../../components/page';
import { OidcButtons } from '../../features/oidc/oidc-buttons';
import { Button, Input } from '../../components/ui';
import { useRegisterByEmail } from '../../features/auth/api';
import { emailError, nameError, newPasswordError } from '../../features/auth/validation';
import { styles } from '../../features/auth/auth-styles';
import { isApiError } from '../../lib/api/api-error';
import { useForm } from '../../lib/forms/use-form';
import { useCommonStore } from '../../lib/stores/common.store';
import { FailureBanner } from '../../components/failure-banner';
import {
  consentErrorsFromServer,
  consentErrorsOf,
  noConsents,
  SignUpConsents,
  type ConsentErrors,
  type ConsentValues,
} from '../../features/legal/sign-up-consents';

type Field = 'email' | 'password' | 'family_name' | 'given_name';
const empty: Record<Field, string> = { email: '', password: '', family_name: '', given_name: '' };

/**
 * /login/registeruser — e-mail sign-up with the market's consents (ADR 025); the server mails a
 * one-time confirmation link.
 */
export default function RegisterUserScreen() {
  const { t } = useTranslation('auth');
  const language = useCommonStore((s) => s.language);
  const server = useCommonStore((s) => s.server);
  const navigate = useNavigate();
  const [consents, setConsents] = useState<ConsentValues>(noConsents);
  const [consentErrors, setConsentErrors] = useState<ConsentErrors>({});
  // Once a submit showed what is missing, the messages follow the checkboxes.
  const [isConsentChecked, setConsentChecked] = useState(false);

  const onConsents = (next: ConsentValues) => {
    setConsents(next);
    if (isConsentChecked) setConsentErrors(consentErrorsOf(server, next, language));
  };

  // Checked as you type: a field shows its message once it has content (or after a submit).
  const { values, errors, setValue, handleSubmit, showServerErrors } = useForm({
    initial: empty,
    checks: {
      email: (value) => emailError(value, t('fieldErrors.email')),
      password: (value) => newPasswordError(value, language),
      family_name: (value) => nameError(value, language),
      given_name: (value) => nameError(value, language),
    },
  });

  const mutation = useRegisterByEmail({
    onSuccess: (answer) => {
      void navigate(`/login/registeruserbyemail/${encodeURIComponent(answer.email)}`);
    },
    onError: (error) => {
      if (!isApiError(error)) return;
      showServerErrors(error.fields);
      setConsentErrors(consentErrorsFromServer(error.fields));
    },
  });

  const onField = (field: Field) => (event: ChangeEvent<HTMLInputElement>) =>
    setValue(field, event.target.value);

  const onSubmit = (event: FormEvent) => {
    const missing = consentErrorsOf(server, consents, language);
    setConsentErrors(missing);
    setConsentChecked(true);
    handleSubmit((fields) => {
      if (Object.keys(missing).length === 0) mutation.mutate({ ...fields, ...consents });
    })(event);
  };

  return (
    <Page>
      <div className={styles.intro}>
        <h2 className={styles.heading}>{t('register.heading')}</h2>
        <p className={styles.lead}>{t('register.lead')}</p>
      </div>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {mutation.isError && (
          <FailureBanner title={t('register.failureTitle')} error={mutation.error} />
        )}
        <Input
          label={t('fields.email')}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={t('placeholders.email')}
          value={values.email}
          onChange={onField('email')}
          maxLength={254}
          error={errors.email}
          required
        />
        <Input
          label={t('fields.password')}
          name="password"
          type="password"
          autoComplete="new-password"
          hint={t('hints.newPassword')}
          value={values.password}
          onChange={onField('password')}
          maxLength={12}
          error={errors.password}
          required
        />
        <div className={styles.nameRow}>
          <Input
            label={t('fields.familyName')}
            name="family_name"
            autoComplete="family-name"
            value={values.family_name}
            onChange={onField('family_name')}
            maxLength={50}
            error={errors.family_name}
            required
          />
          <Input
            label={t('fields.givenName')}
            name="given_name"
            autoComplete="given-name"
            value={values.given_name}
            onChange={onField('given_name')}
            maxLength={50}
            error={errors.given_name}
            required
          />
        </div>
        <SignUpConsents
          server={server}
          values={consents}
          errors={consentErrors}
          onChange={onConsents}
        />
        <Button type="submit" block isBusy={mutation.isPending}>
          {mutation.isPending ? (
            t('register.submitting')
          ) : (
            <>
              <UserIcon size={18} />
              {t('register.submit')}
            </>
          )}
        </Button>
      </form>
      <OidcButtons />
      <nav className={styles.links}>
        <Link to="/login">{t('register.haveAccount')}</Link>
      </nav>
    </Page>
  );
}
