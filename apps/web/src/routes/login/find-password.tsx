import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { requestPasswordReset } from '@carol/contracts';
import { MailIcon } from '../../components/icons';
import { Page } from '../../components/page';
import { Button, Input } from '../../components/ui';
import { styles } from '../../features/auth/auth-styles';
import { emailError } from '../../features/auth/validation';
import { callEndpoint } from '../../lib/api/client';
import { FailureBanner } from '../../components/failure-banner';

/** /login/findpassword — asks for a reset mail; the answer never says whether the address is known. */
export default function FindPasswordScreen() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: (address: string) => callEndpoint(requestPasswordReset, { email: address }),
    onSuccess: (answer) => {
      void navigate(`/login/resetpassword/${encodeURIComponent(answer.email)}`);
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = emailError(email, t('fieldErrors.email'));
    setError(found);
    if (!found) mutation.mutate(email);
  };

  return (
    <Page>
      <div className={styles.intro}>
        <h2 className={styles.heading}>{t('settings.findPassword.heading')}</h2>
        <p className={styles.lead}>{t('settings.findPassword.lead')}</p>
      </div>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {mutation.isError && (
          <FailureBanner title={t('settings.findPassword.failureTitle')} error={mutation.error} />
        )}
        <Input
          label={t('fields.email')}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={t('placeholders.email')}
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            if (event.target.value || error) {
              setError(emailError(event.target.value, t('fieldErrors.email')));
            }
          }}
          maxLength={254}
          error={error}
          required
        />
        <Button type="submit" block isBusy={mutation.isPending}>
          {mutation.isPending ? (
            t('settings.findPassword.submitting')
          ) : (
            <>
              <MailIcon size={18} />
              {t('settings.findPassword.submit')}
            </>
          )}
        </Button>
      </form>
      <nav className={styles.links}>
        <Link to="/login">{t('settings.resetMail.back')}</Link>
      </nav>
    </Page>
  );
}
