import { useRef, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { sendInquiry, type RequestOf } from '@carol/contracts';
import { CheckIcon, SendIcon } from '../../components/icons';
import { Page } from '../../components/page';
import { Button, ButtonLink, Card, Checkbox, Input, TextArea } from '../../components/ui';
import { isApiError } from '../../lib/api/api-error';
import { callEndpoint } from '../../lib/api/client';
import { useForm, type FieldCheck } from '../../lib/forms/use-form';
import { paths } from '../../lib/paths';
import {
  emptyInquiry,
  inquiryMaxLength,
  validateInquiry,
  type InquiryField,
  type InquiryKind,
  type InquiryValues,
} from './inquiry-validation';
import styles from '../../components/form.module.css';
import { FailureBanner } from '../../components/failure-banner';

/** Customer inquiry and ad/partnership inquiry (footer, spec section 1), sent with sendInquiry. */
export function InquiryForm({ kind }: { kind: InquiryKind }) {
  const { t } = useTranslation('support');
  const { t: tc } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const isPartnership = kind === 'partnership';

  // The consent box is a field like the others, 'on' when ticked (as a form posts a checkbox).
  type Values = InquiryValues & { consent: string };
  const checkOf =
    (field: InquiryField | 'consent'): FieldCheck<Values> =>
    (_value, values) =>
      validateInquiry(kind, values, values.consent === 'on', t).errors[field] ?? null;
  const form = useForm<Values>({
    initial: { ...emptyInquiry, consent: '' },
    checks: {
      name: checkOf('name'),
      email: checkOf('email'),
      company: checkOf('company'),
      title: checkOf('title'),
      message: checkOf('message'),
      consent: checkOf('consent'),
    },
    live: 'submitted',
  });
  const { values, errors } = form;

  const mutation = useMutation({
    mutationFn: (body: RequestOf<typeof sendInquiry>) => callEndpoint(sendInquiry, body),
    onError: (error) => {
      if (isApiError(error) && error.fields.length > 0) form.showServerErrors(error.fields);
    },
  });

  const onField = (field: InquiryField) => (event: { target: { value: string } }) =>
    form.setValue(field, event.target.value);

  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    form.handleSubmit(
      (valid) => {
        const { data } = validateInquiry(kind, valid, valid.consent === 'on', t);
        if (data) mutation.mutate(data);
      },
      () =>
        // Errors render on the next frame; then move focus to the first invalid control.
        requestAnimationFrame(() =>
          formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
        ),
    )(event);

  const reset = () => {
    form.reset();
    mutation.reset();
  };

  if (mutation.isSuccess) {
    return (
      <Page>
        <Card as="section" tone="elevated" padded={false}>
          <div className={styles.success} role="status">
            <span className={styles.successIcon} aria-hidden="true">
              <CheckIcon size={34} />
            </span>
            <h2 className={styles.successTitle}>{t('success.title')}</h2>
            <p className={styles.successBody}>
              {t('success.body', { id: mutation.data.inquiry_id })}
            </p>
            <div className={styles.successActions}>
              <ButtonLink to={paths.home} size="md">
                {tc('actions.goHome')}
              </ButtonLink>
              <Button variant="outline" size="md" onClick={reset}>
                {t('success.again')}
              </Button>
            </div>
          </div>
        </Card>
      </Page>
    );
  }

  const counter = (field: InquiryField) =>
    t('counter', { count: values[field].length, max: inquiryMaxLength[field] });
  const hasFieldErrors = Object.values(errors).some(Boolean);

  return (
    <Page>
      <div className={styles.intro}>
        <h2 className={styles.heading}>
          {t(isPartnership ? 'partnership.heading' : 'inquiry.heading')}
        </h2>
        <p className={styles.lead}>{t(isPartnership ? 'partnership.intro' : 'inquiry.intro')}</p>
      </div>

      <form ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate>
        {mutation.isError && <FailureBanner title={t('failureTitle')} error={mutation.error} />}
        {form.isSubmitted && hasFieldErrors && !mutation.isError && (
          <p className="visually-hidden" role="alert">
            {t('formError')}
          </p>
        )}

        <Input
          label={t('fields.name')}
          name="name"
          autoComplete="name"
          placeholder={t('placeholders.name')}
          value={values.name}
          onChange={onField('name')}
          maxLength={inquiryMaxLength.name}
          error={errors.name}
          required
        />
        <Input
          label={t('fields.email')}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={t('placeholders.email')}
          value={values.email}
          onChange={onField('email')}
          maxLength={inquiryMaxLength.email}
          error={errors.email}
          required
        />
        {isPartnership && (
          <Input
            label={t('fields.company')}
            optionalLabel={t('optional')}
            name="company"
            autoComplete="organization"
            placeholder={t('placeholders.company')}
            value={values.company}
            onChange={onField('company')}
            maxLength={inquiryMaxLength.company}
            error={errors.company}
          />
        )}
        <Input
          label={t('fields.title')}
          name="title"
          placeholder={t('placeholders.title')}
          value={values.title}
          onChange={onField('title')}
          maxLength={inquiryMaxLength.title}
          error={errors.title}
          required
        />
        <TextArea
          label={t('fields.message')}
          name="message"
          placeholder={t(
            isPartnership ? 'placeholders.partnershipMessage' : 'placeholders.message',
          )}
          value={values.message}
          onChange={onField('message')}
          maxLength={inquiryMaxLength.message}
          counter={counter('message')}
          error={errors.message}
          rows={7}
          required
        />
        <Checkbox
          label={t('consent')}
          checked={values.consent === 'on'}
          onChange={(event) => form.setValue('consent', event.target.checked ? 'on' : '')}
          error={errors.consent}
        />
        <Button type="submit" block isBusy={mutation.isPending}>
          {mutation.isPending ? (
            t('submitting')
          ) : (
            <>
              <SendIcon size={18} />
              {t('submit')}
            </>
          )}
        </Button>
      </form>
    </Page>
  );
}
