import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { MailIcon } from '../../components/icons';
import { Page } from '../../components/page';
import { Button, Input } from '../../components/ui';
import { useRequestPasswordReset } from '../../features/auth/api';
import { styles } from '../../features/auth/auth-styles';
import { emailError } from '../../features/auth/validation';
import { useForm } from '../../lib/forms/use-form';
import { FailureBanner } from '../../components/failure-banner';

/** /login/findpassword — asks for a reset mail; the answer never says whether the address is known. */
export default function FindPasswordScreen() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { values, errors, setValue, handleSubmit } = useForm({
    initial: { email: '' },
    checks: { email: (value) => emailError(value, t('fieldErrors.email')) },
  });

  const mutation = useRequestPasswordReset({
    onSuccess: (answer) => {
      void navigate(`/login/resetpassword/${encodeURIComponent(answer.email)}`);
    },
  });

  const onSubmit = handleSubmit(({ email }) => mutation.mutate(email));

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
          value={values.email}
          onChange={(event) => setValue('email', event.target.value)}
          maxLength={254}
          error={errors.email}
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
