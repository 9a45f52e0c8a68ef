import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Input } from '../../components/ui';
import { isApiError } from '../../lib/api/api-error';
import { useForm } from '../../lib/forms/use-form';
import { useCommonStore } from '../../lib/stores/common.store';
import { styles } from './auth-styles';
import { confirmError, passwordRuleError } from './settings-validation';
import { FailureBanner } from '../../components/failure-banner';

type Field = 'current_password' | 'new_password' | 'confirm';

export interface NewPasswordFormProps {
  /** Ask for the current password too (change_password). */
  withCurrent: boolean;
  heading: string;
  lead?: string;
  submitLabel: string;
  failureTitle: string;
  isBusy: boolean;
  error: unknown;
  onSubmit: (values: { current_password: string; new_password: string }) => void;
  footer?: ReactNode;
}

/**
 * New password + confirmation (and optionally the current one), checked as you type with the
 * contract's password rule (spec 5) and its message.
 */
export function NewPasswordForm(props: NewPasswordFormProps) {
  const { t } = useTranslation('auth');
  const language = useCommonStore((s) => s.language);
  const { values, errors, setValue, handleSubmit } = useForm({
    initial: { current_password: '', new_password: '', confirm: '' },
    checks: {
      current_password: (value) =>
        !props.withCurrent || value ? null : t('fieldErrors.passwordRequired'),
      new_password: (value) => passwordRuleError(value, language),
      confirm: (value, next) =>
        confirmError(next.new_password, value, t('settings.confirmMismatch')),
    },
    dependents: { new_password: ['confirm'] },
  });

  const onField = (field: Field) => (value: string) => setValue(field, value);

  const serverFields: Partial<Record<Field, string>> = {};
  if (isApiError(props.error)) {
    for (const { field, resMessage } of props.error.fields) {
      if (field === 'current_password' || field === 'new_password') {
        serverFields[field] = resMessage;
      } else if (field === 'password') {
        serverFields.new_password = resMessage; // call_reset_password names it `password`
      }
    }
  }

  const onSubmit = handleSubmit((checked) =>
    props.onSubmit({
      current_password: checked.current_password,
      new_password: checked.new_password,
    }),
  );

  return (
    <>
      <div className={styles.intro}>
        <h2 className={styles.heading}>{props.heading}</h2>
        {props.lead && <p className={styles.lead}>{props.lead}</p>}
      </div>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {props.error != null && <FailureBanner title={props.failureTitle} error={props.error} />}
        {props.withCurrent && (
          <Input
            label={t('settings.fields.currentPassword')}
            name="current_password"
            type="password"
            autoComplete="current-password"
            value={values.current_password}
            onChange={(event) => onField('current_password')(event.target.value)}
            maxLength={128}
            error={errors.current_password ?? serverFields.current_password}
            required
          />
        )}
        <Input
          label={t('settings.fields.newPassword')}
          name="new_password"
          type="password"
          autoComplete="new-password"
          hint={t('hints.newPassword')}
          value={values.new_password}
          onChange={(event) => onField('new_password')(event.target.value)}
          maxLength={12}
          error={errors.new_password ?? serverFields.new_password}
          required
        />
        <Input
          label={t('settings.fields.confirmPassword')}
          name="confirm"
          type="password"
          autoComplete="new-password"
          value={values.confirm}
          onChange={(event) => onField('confirm')(event.target.value)}
          maxLength={12}
          error={errors.confirm}
          required
        />
        <Button type="submit" block isBusy={props.isBusy}>
          {props.submitLabel}
        </Button>
      </form>
      {props.footer}
    </>
  );
}
