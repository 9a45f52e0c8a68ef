import { useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { sendInquiry, type RequestOf } from '@carol/contracts';
import { CheckIcon, SendIcon } from '../../components/icons';
import { Page } from '../../components/page';
import { Button, ButtonLink, Card, Checkbox, Input, TextArea } from '../../components/ui';
import { isApiError } from '../../lib/api/api-error';
import { callEndpoint } from '../../lib/api/client';
import { paths } from '../../lib/paths';
import {
  emptyInquiry,
  inquiryFields,
  inquiryMaxLength,
  validateInquiry,
  type InquiryErrors,
  type InquiryField,
  type InquiryKind,
} from './inquiry-validation';
import styles from '../../components/form.module.css';
import { FailureBanner } from '../../components/failure-banner';

/** Customer inquiry and ad/partnership inquiry (footer, spec section 1), sent with sendInquiry. */
export function InquiryForm({ kind }: { kind: InquiryKind }) {
  const { t } = useTranslation('support');
  const { t: tc } = useTranslation();
  const [values, setValues] = useState(emptyInquiry);
  const [hasConsent, setConsent] = useState(false);
  const [errors, setErrors] = useState<InquiryErrors>({});
  const [hasTriedSubmit, setTriedSubmit] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const isPartnership = kind === 'partnership';

  const mutation = useMutation({
    mutationFn: (body: RequestOf<typeof sendInquiry>) => callEndpoint(sendInquiry, body),
    onError: (error) => {
      if (!isApiError(error) || error.fields.length === 0) return;
      const serverErrors: InquiryErrors = {};
      for (const { field, resMessage } of error.fields) {
        if ((inquiryFields as readonly string[]).includes(field))
          serverErrors[field as InquiryField] = resMessage;
      }
      setErrors(serverErrors);
    },
  });

  const revalidate = (nextValues = values, nextConsent = hasConsent) => {
    if (hasTriedSubmit) setErrors(validateInquiry(kind, nextValues, nextConsent, t).errors);
  };

  const onField = (field: InquiryField) => (event: { target: { value: string } }) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    revalidate(next);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTriedSubmit(true);
    const { data, errors: found } = validateInquiry(kind, values, hasConsent, t);
    setErrors(found);
    if (!data) {
      // Errors render on the next frame; then move focus to the first invalid control.
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    mutation.mutate(data);
  };

  const reset = () => {
    setValues(emptyInquiry);
    setConsent(false);
    setErrors({});
    setTriedSubmit(false);
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
  const hasFieldErrors = Object.keys(errors).length > 0;

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
        {hasTriedSubmit && hasFieldErrors && !mutation.isError && (
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
          checked={hasConsent}
          onChange={(event) => {
            setConsent(event.target.checked);
            revalidate(values, event.target.checked);
          }}
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
