import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { withdrawPhrases, withdrawReasonValues } from '@carol/contracts';
import { Page } from '../../components/page';
import { Button, Checkbox, Input, Skeleton } from '../../components/ui';
import { useDeleteAccount } from '../../features/auth/api';
import { styles } from '../../features/auth/auth-styles';
import {
  isWithdrawReason,
  withdrawErrors,
  type WithdrawField,
} from '../../features/auth/settings-validation';
import { useUserInfo } from '../../features/auth/use-user-info';
import { isApiError } from '../../lib/api/api-error';
import { useForm, type FieldCheck } from '../../lib/forms/use-form';
import { paths } from '../../lib/paths';
import { logout } from '../../lib/session';
import { useCommonStore } from '../../lib/stores/common.store';
import { FailureBanner } from '../../components/failure-banner';

/** The form's fields as strings: the agreement is `'on'` when ticked, as a form posts it. */
interface WithdrawForm extends Record<string, string> {
  reason: string;
  agree: string;
  phrase: string;
  password: string;
}

/** /mypage/setting/deleteAccount — withdrawal: reason, agreement, typed phrase (+ password). */
export default function DeleteAccountScreen() {
  const { t } = useTranslation('auth');
  const language = useCommonStore((s) => s.language);
  const navigate = useNavigate();
  const info = useUserInfo();
  const hasPassword = info.data?.has_password ?? true;
  const phrase = withdrawPhrases[language];
  const messages = {
    reasonRequired: t('settings.deleteAccount.reasonRequired'),
    agreeRequired: t('settings.deleteAccount.agreeRequired'),
    phraseMismatch: t('settings.deleteAccount.phraseMismatch', { phrase }),
    passwordRequired: t('settings.deleteAccount.passwordRequired'),
  };
  const checkOf =
    (field: WithdrawField): FieldCheck<WithdrawForm> =>
    (_value, current) =>
      withdrawErrors(
        {
          reason: isWithdrawReason(current.reason) ? current.reason : '',
          agree: current.agree === 'on',
          phrase: current.phrase,
          password: current.password,
        },
        language,
        hasPassword,
        messages,
      )[field];
  // Nothing is told before the first tap on withdraw; from then on every change is checked.
  const form = useForm<WithdrawForm>({
    initial: { reason: '', agree: '', phrase: '', password: '' },
    checks: {
      reason: checkOf('reason'),
      agree: checkOf('agree'),
      phrase: checkOf('phrase'),
      password: checkOf('password'),
    },
    live: 'submitted',
  });
  const { values, errors } = form;

  const mutation = useDeleteAccount({
    onSuccess: () => {
      logout();
      useCommonStore.getState().showToast(t('settings.deleteAccount.done'));
      void navigate(paths.home, { replace: true });
    },
    onError: (error) => {
      if (isApiError(error)) form.showServerErrors(error.fields);
    },
  });

  const onSubmit = form.handleSubmit((sent) => {
    if (!isWithdrawReason(sent.reason)) return;
    mutation.mutate({
      reason: sent.reason,
      agree: 'true',
      phrase: sent.phrase.trim(),
      ...(hasPassword ? { password: sent.password } : {}),
    });
  });

  if (info.isPending)
    return (
      <Page>
        <Skeleton height={240} />
      </Page>
    );

  return (
    <Page>
      <div className={styles.intro}>
        <h2 className={styles.heading}>{t('settings.deleteAccount.heading')}</h2>
        <p className={styles.lead}>{t('settings.deleteAccount.lead')}</p>
      </div>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {mutation.isError && (
          <FailureBanner title={t('settings.deleteAccount.failureTitle')} error={mutation.error} />
        )}
        <fieldset
          className={styles.choices}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? 'withdraw-reason-error' : undefined}
        >
          <legend>{t('settings.deleteAccount.reasonLegend')}</legend>
          {withdrawReasonValues.map((reason) => (
            <label key={reason} className={styles.choice}>
              <input
                type="radio"
                name="reason"
                value={reason}
                checked={values.reason === reason}
                onChange={() => form.setValue('reason', reason)}
              />
              <span>{t(`settings.deleteAccount.reasons.${reason}`)}</span>
            </label>
          ))}
          {errors.reason && (
            <p id="withdraw-reason-error" className={styles.fieldError} role="alert">
              {errors.reason}
            </p>
          )}
        </fieldset>
        <Checkbox
          name="agree"
          label={t('settings.deleteAccount.agree')}
          checked={values.agree === 'on'}
          onChange={(event) => form.setValue('agree', event.target.checked ? 'on' : '')}
          error={errors.agree}
        />
        <Input
          label={t('settings.deleteAccount.phraseLabel', { phrase })}
          name="phrase"
          autoComplete="off"
          placeholder={phrase}
          value={values.phrase}
          onChange={(event) => form.setValue('phrase', event.target.value)}
          maxLength={100}
          error={errors.phrase}
          required
        />
        {hasPassword && (
          <Input
            label={t('fields.password')}
            name="password"
            type="password"
            autoComplete="current-password"
            value={values.password}
            onChange={(event) => form.setValue('password', event.target.value)}
            maxLength={128}
            error={errors.password}
            required
          />
        )}
        <Button type="submit" block isBusy={mutation.isPending}>
          {mutation.isPending
            ? t('settings.deleteAccount.submitting')
            : t('settings.deleteAccount.submit')}
        </Button>
      </form>
    </Page>
  );
}
