import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '../../components/ui';
import styles from './booking.module.css';

export interface ConsentValues {
  agreePersonalInfo: boolean;
  agreeThirdParty: boolean;
}

const consentKeys = {
  agreePersonalInfo: { key: 'privacy', lines: ['items', 'purpose', 'retention', 'refuse'] },
  agreeThirdParty: {
    key: 'thirdParty',
    lines: ['recipient', 'items', 'purpose', 'retention', 'refuse'],
  },
} as const;

function ConsentItem({
  field,
  shopName,
  checked,
  onChange,
}: {
  field: keyof ConsentValues;
  shopName: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { t } = useTranslation('booking');
  const [isOpen, setIsOpen] = useState(false);
  const textId = useId();
  const { key, lines } = consentKeys[field];
  return (
    <div className={styles.consent}>
      <div className={styles.consentHead}>
        <Checkbox
          name={field}
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          label={
            <>
              <span className={styles.required}>{t('check.required')}</span>{' '}
              {t(`check.${key}.title`)}
            </>
          }
        />
        <button
          type="button"
          className={styles.linkButton}
          aria-expanded={isOpen}
          aria-controls={textId}
          onClick={() => setIsOpen((open) => !open)}
        >
          {isOpen ? t('check.hideFull') : t('check.showFull')}
        </button>
      </div>
      <ul id={textId} className={styles.consentText} hidden={!isOpen}>
        {lines.map((line) => (
          <li key={line}>
            {t(`check.${key}.${line}` as 'check.privacy.items', { shop: shopName })}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Spec 5: the two mandatory consents — collection of personal information (name and phone,
 * for the treatment reservation, kept until withdrawal or consent revoked) and provision to a
 * third party (the salon) — each with its full text, plus "agree to all".
 */
export function Consents({
  values,
  shopName,
  error,
  onChange,
}: {
  values: ConsentValues;
  shopName: string;
  error?: string | null;
  onChange: (values: ConsentValues) => void;
}) {
  const { t } = useTranslation('booking');
  const isAll = values.agreePersonalInfo && values.agreeThirdParty;
  return (
    <div className={styles.consents}>
      <div className={styles.consentAll}>
        <Checkbox
          name="agree_all"
          checked={isAll}
          onChange={(event) =>
            onChange({
              agreePersonalInfo: event.target.checked,
              agreeThirdParty: event.target.checked,
            })
          }
          label={t('check.agreeAll')}
          error={error}
        />
      </div>
      <ConsentItem
        field="agreePersonalInfo"
        shopName={shopName}
        checked={values.agreePersonalInfo}
        onChange={(checked) => onChange({ ...values, agreePersonalInfo: checked })}
      />
      <ConsentItem
        field="agreeThirdParty"
        shopName={shopName}
        checked={values.agreeThirdParty}
        onChange={(checked) => onChange({ ...values, agreeThirdParty: checked })}
      />
    </div>
  );
}
