import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  consentFields,
  missingSignUpConsents,
  signUpConsentItems,
  type ConsentField,
  type ConsentItem,
  type Language,
  type Server,
  type SignUpConsentItem,
} from '@carol/contracts';
import { errorMessage } from '../../lib/i18n/i18n';
import { ChevronRightIcon } from '../../components/icons';
import { Button, Sheet } from '../../components/ui';
import fieldStyles from '../../components/ui/field.module.css';
import { cx } from '../../lib/cx';
import { paths } from '../../lib/paths';
import { LegalSections } from './legal-document';
import styles from './sign-up-consents.module.css';

export type ConsentValues = Record<ConsentField, boolean>;
export type ConsentErrors = Partial<Record<ConsentField, string | null>>;

export const noConsents: ConsentValues = {
  agree_terms: false,
  agree_privacy: false,
  agree_age: false,
  agree_marketing: false,
};

const isConsentField = (field: string): field is ConsentField =>
  Object.values(consentFields).some((f) => f === field);

/** The market's items, in the order the screen shows them. */
export function consentItemsOf(server: Server): readonly SignUpConsentItem[] {
  return signUpConsentItems[server];
}

/** Field messages for the required items left unchecked (the server's own rule and texts). */
export function consentErrorsOf(
  server: Server,
  values: ConsentValues,
  language: Language,
): ConsentErrors {
  const errors: ConsentErrors = {};
  for (const { field, code } of missingSignUpConsents(server, values)) {
    errors[field] = errorMessage(code, language);
  }
  return errors;
}

/** The consent fields of a refused call (SIGNUP_CONSENT_REQUIRED), keyed for the checkboxes. */
export function consentErrorsFromServer(
  fields: ReadonlyArray<{ field: string; resMessage: string }>,
): ConsentErrors {
  const errors: ConsentErrors = {};
  for (const { field, resMessage } of fields) if (isConsentField(field)) errors[field] = resMessage;
  return errors;
}

/** What the sheet of an item says: the terms in full; the notice of the other items. */
function ConsentText({ item }: { item: ConsentItem }) {
  const { t } = useTranslation('signup');
  switch (item) {
    case 'terms':
      return (
        <div className={styles.document}>
          <LegalSections doc="terms" idPrefix="consent-terms" headingLevel={3} />
        </div>
      );
    case 'privacy':
      return (
        <div className={styles.document}>
          <p>{t('consents.privacy.intro')}</p>
          <dl className={styles.notice}>
            <dt>{t('consents.privacy.itemsLabel')}</dt>
            <dd>{t('consents.privacy.items')}</dd>
            <dt>{t('consents.privacy.purposeLabel')}</dt>
            <dd>{t('consents.privacy.purpose')}</dd>
            <dt>{t('consents.privacy.retentionLabel')}</dt>
            <dd>{t('consents.privacy.retention')}</dd>
          </dl>
          <p className={styles.muted}>{t('consents.privacy.refusal')}</p>
          <a href={paths.privacy} target="_blank" rel="noopener" className={styles.fullLink}>
            {t('consents.privacy.fullPolicy')}
          </a>
        </div>
      );
    case 'age':
      return (
        <div className={styles.document}>
          <p>{t('consents.age.body')}</p>
        </div>
      );
    case 'marketing':
      return (
        <div className={styles.document}>
          <p>{t('consents.marketing.body')}</p>
          <p className={styles.muted}>{t('consents.marketing.optional')}</p>
        </div>
      );
  }
}

/**
 * Sign-up consents as Korean and Japanese apps show them: "agree to all" on top, then each
 * item of the market (required ones marked), each with "View" opening its text in a sheet
 * whose button agrees to it. Required items left unchecked show the server's field message.
 */
export function SignUpConsents({
  server,
  values,
  errors = {},
  onChange,
}: {
  server: Server;
  values: ConsentValues;
  errors?: ConsentErrors;
  onChange: (values: ConsentValues) => void;
}) {
  const { t } = useTranslation('signup');
  const id = useId();
  const [reading, setReading] = useState<ConsentItem | null>(null);
  const items = consentItemsOf(server);
  const isAll = items.every(({ item }) => values[consentFields[item]]);
  const setAll = (checked: boolean) => {
    const next = { ...values };
    for (const { item } of items) next[consentFields[item]] = checked;
    onChange(next);
  };
  const label = (item: ConsentItem) => t(`consents.items.${item}`);

  return (
    <fieldset className={styles.box}>
      <legend className="visually-hidden">{t('consents.legend')}</legend>
      <div className={styles.all}>
        <label className={styles.allLabel}>
          <input
            type="checkbox"
            name="agree_all"
            className={fieldStyles.checkbox}
            checked={isAll}
            onChange={(event) => setAll(event.target.checked)}
            aria-describedby={`${id}-all`}
          />
          <strong>{t('consents.all')}</strong>
        </label>
        <p id={`${id}-all`} className={styles.allHint}>
          {t('consents.allHint')}
        </p>
      </div>
      <ul className={styles.items}>
        {items.map(({ item, isRequired }) => {
          const field = consentFields[item];
          const error = errors[field];
          const errorId = `${id}-${item}-error`;
          return (
            <li key={item} className={styles.item}>
              <div className={styles.row}>
                <label className={styles.label}>
                  <input
                    type="checkbox"
                    name={field}
                    className={fieldStyles.checkbox}
                    checked={values[field]}
                    onChange={(event) => onChange({ ...values, [field]: event.target.checked })}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? errorId : undefined}
                  />
                  <span>
                    <span
                      className={cx(styles.badge, isRequired ? styles.required : styles.optional)}
                    >
                      {isRequired ? t('consents.required') : t('consents.optional')}
                    </span>{' '}
                    {label(item)}
                  </span>
                </label>
                <button
                  type="button"
                  className={styles.view}
                  aria-label={t('consents.viewLabel', { item: label(item) })}
                  onClick={() => setReading(item)}
                >
                  {t('consents.view')}
                  <ChevronRightIcon size={16} />
                </button>
              </div>
              {error && (
                <p id={errorId} className={cx(fieldStyles.error, styles.error)} role="alert">
                  {error}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      <Sheet
        isOpen={reading !== null}
        onClose={() => setReading(null)}
        title={reading ? label(reading) : ''}
      >
        {reading && (
          <div className={styles.sheetBody}>
            <ConsentText item={reading} />
            <div className={styles.agreeBar}>
              <Button
                block
                onClick={() => {
                  onChange({ ...values, [consentFields[reading]]: true });
                  setReading(null);
                }}
              >
                {t('consents.agree')}
              </Button>
            </div>
          </div>
        )}
      </Sheet>
    </fieldset>
  );
}
