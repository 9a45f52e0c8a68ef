import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../../components/page';
import { Button, Input, Skeleton } from '../../components/ui';
import { useChangeName } from '../../features/auth/api';
import { styles } from '../../features/auth/auth-styles';
import { useUserInfo, userInfoKey } from '../../features/auth/use-user-info';
import { nameError } from '../../features/auth/validation';
import { isApiError } from '../../lib/api/api-error';
import { useForm } from '../../lib/forms/use-form';
import { useCommonStore } from '../../lib/stores/common.store';
import { FailureBanner } from '../../components/failure-banner';

type Field = 'family_name' | 'given_name';

/** /mypage/setting/changename — the form starts from the member's current name. */
export default function ChangeNameScreen() {
  const info = useUserInfo();
  if (info.isPending) {
    return (
      <Page>
        <Skeleton height={180} />
      </Page>
    );
  }
  return (
    <ChangeNameForm
      initial={{
        family_name: info.data?.family_name ?? '',
        given_name: info.data?.given_name ?? '',
      }}
    />
  );
}

function ChangeNameForm({ initial }: { initial: Record<Field, string> }) {
  const { t } = useTranslation('auth');
  const language = useCommonStore((s) => s.language);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { values, errors, setValue, handleSubmit, showServerErrors } = useForm({
    initial,
    checks: {
      family_name: (value) => nameError(value, language),
      given_name: (value) => nameError(value, language),
    },
    live: 'always',
  });

  const mutation = useChangeName({
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: userInfoKey });
      useCommonStore.getState().showToast(t('settings.changeName.done'));
      void navigate('/mypage/setting', { replace: true });
    },
    onError: (error) => {
      if (!isApiError(error)) return;
      showServerErrors(error.fields);
    },
  });

  const onField = (field: Field) => (value: string) => setValue(field, value);

  const onSubmit = handleSubmit((body) => mutation.mutate(body));

  return (
    <Page>
      <div className={styles.intro}>
        <h2 className={styles.heading}>{t('settings.changeName.heading')}</h2>
      </div>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {mutation.isError && (
          <FailureBanner title={t('settings.changeName.failureTitle')} error={mutation.error} />
        )}
        <div className={styles.nameRow}>
          <Input
            label={t('fields.familyName')}
            name="family_name"
            autoComplete="family-name"
            value={values.family_name}
            onChange={(event) => onField('family_name')(event.target.value)}
            maxLength={50}
            error={errors.family_name}
            required
          />
          <Input
            label={t('fields.givenName')}
            name="given_name"
            autoComplete="given-name"
            value={values.given_name}
            onChange={(event) => onField('given_name')(event.target.value)}
            maxLength={50}
            error={errors.given_name}
            required
          />
        </div>
        <Button type="submit" block isBusy={mutation.isPending}>
          {t('settings.changeName.submit')}
        </Button>
      </form>
    </Page>
  );
}
