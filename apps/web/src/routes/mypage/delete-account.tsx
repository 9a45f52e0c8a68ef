import { useState, type FormEvent } from 'react';
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
  type WithdrawValues,
} from '../../features/auth/settings-validation';
import { useUserInfo } from '../../features/auth/use-user-info';
import { isApiError } from '../../lib/api/api-error';
import { paths } from '../../lib/paths';
import { logout } from '../../lib/session';
import { useCommonStore } from '../../lib/stores/common.store';
import { FailureBanner } from '../../components/failure-banner';

const fieldNames: readonly WithdrawField[] = ['reason', 'agree', 'phrase', 'password'];

/** /mypage/setting/deleteAccount — withdrawal: reason, agreement, typed phrase (+ password). */
export default function DeleteAccountScreen() {
  const { t } = useTranslation('auth');
  const language = useCommonStore((s) => s.language);
  const navigate = useNavigate();
  const info = useUserInfo();
  const hasPassword = info.data?.has_password ?? true;
  const phrase = withdrawPhrases[language];
  const [values, setValues] = useState<WithdrawValues>({
    reason: '',
    agree: false,
    phrase: '',
    password: '',
  });
  const [errors, setErrors] = useState<Partial<Record<WithdrawField, string | null>>>({});
  const [submitted, setSubmitted] = useState(false);

  const messages = {
    reasonRequired: t('settings.deleteAccount.reasonRequired'),
    agreeRequired: t('settings.deleteAccount.agreeRequired'),
    phraseMismatch: t('settings.deleteAccount.phraseMismatch', { phrase }),
    passwordRequired: t('settings.deleteAccount.passwordRequired'),
  };

  const mutation = useDeleteAccount({
    onSuccess: () => {
      logout();
      useCommonStore.getState().showToast(t('settings.deleteAccount.done'));
      void navigate(paths.home, { replace: true });
    },
    onError: (error) => {
      if (!isApiError(error)) return;
      const fromServer: Partial<Record<WithdrawField, string>> = {};
      for (const { field, resMessage } of error.fields) {
        if ((fieldNames as readonly string[]).includes(field)) {
          fromServer[field as WithdrawField] = resMessage;
        }
      }
      setErrors((current) => ({ ...current, ...fromServer }));
    },
  });

  const update = (next: WithdrawValues) => {
    setValues(next);
    if (submitted) setErrors(withdrawErrors(next, language, hasPassword, messages));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = withdrawErrors(values, language, hasPassword, messages);
    setErrors(found);
    if (Object.values(found).some(Boolean) || !isWithdrawReason(values.reason)) return;
    mutation.mutate({
      reason: values.reason,
      agree: 'true',
      phrase: values.phrase.trim(),
      ...(hasPassword ? { password: values.password } : {}),
    });
  };

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
                onChange={() => update({ ...values, reason })}
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
          checked={values.agree}
          onChange={(event) => update({ ...values, agree: event.target.checked })}
          error={errors.agree}
        />
        <Input
          label={t('settings.deleteAccount.phraseLabel', { phrase })}
          name="phrase"
          autoComplete="off"
          placeholder={phrase}
          value={values.phrase}
          onChange={(event) => update({ ...values, phrase: event.target.value })}
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
            onChange={(event) => update({ ...values, password: event.target.value })}
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
