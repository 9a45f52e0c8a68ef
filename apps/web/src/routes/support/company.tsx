import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarIcon, CompassIcon, SparklesIcon } from '../../components/icons';
import { Page } from '../../components/page';
import { Card } from '../../components/ui';
import { companyInfo, telHref } from '../../lib/company';
import styles from './company.module.css';

const values: Array<{ key: 'discover' | 'try' | 'keep'; icon: ReactNode }> = [
  { key: 'discover', icon: <CompassIcon size={22} /> },
  { key: 'try', icon: <SparklesIcon size={22} /> },
  { key: 'keep', icon: <CalendarIcon size={22} /> },
];

export default function CompanyScreen() {
  const { t } = useTranslation(['legal', 'footer']);
  return (
    <Page>
      <section className={styles.hero}>
        <h2 className={styles.heading}>{t('company.heading')}</h2>
        <p className={styles.intro}>{t('company.intro')}</p>
      </section>

      <ul className={styles.values}>
        {values.map(({ key, icon }) => (
          <li key={key} className={styles.value}>
            <span className={styles.valueIcon} aria-hidden="true">
              {icon}
            </span>
            <div>
              <h3 className={styles.valueTitle}>{t(`company.values.${key}.title`)}</h3>
              <p className={styles.valueBody}>{t(`company.values.${key}.body`)}</p>
            </div>
          </li>
        ))}
      </ul>

      <Card as="section" aria-labelledby="company-info">
        <h2 id="company-info" className={styles.sectionTitle}>
          {t('company.infoTitle')}
        </h2>
        <dl className={styles.facts}>
          <div className={styles.fact}>
            <dt>{t('footer:companyNameLabel')}</dt>
            <dd>{t('footer:companyName')}</dd>
          </div>
          <div className={styles.fact}>
            <dt>{t('footer:ceoLabel')}</dt>
            <dd>{t('footer:ceo')}</dd>
          </div>
          <div className={styles.fact}>
            <dt>{t('footer:addressLabel')}</dt>
            <dd>{t('footer:address')}</dd>
          </div>
          <div className={styles.fact}>
            <dt>{t('footer:businessNumberLabel')}</dt>
            <dd>{companyInfo.businessNumber}</dd>
          </div>
          <div className={styles.fact}>
            <dt>{t('footer:mailOrderLabel')}</dt>
            <dd>{companyInfo.mailOrderNumber}</dd>
          </div>
          <div className={styles.fact}>
            <dt>{t('footer:emailLabel')}</dt>
            <dd>
              <a href={`mailto:${companyInfo.supportEmail}`}>{companyInfo.supportEmail}</a>
            </dd>
          </div>
        </dl>
      </Card>

      <Card as="section" aria-labelledby="company-contact">
        <h2 id="company-contact" className={styles.sectionTitle}>
          {t('company.contactTitle')}
        </h2>
        <div className={styles.contacts}>
          <div className={styles.contact}>
            <span className={styles.contactLabel}>{t('footer:customerCenterKr')}</span>
            <a className={styles.phone} href={telHref(companyInfo.customerCenter.kr)}>
              {companyInfo.customerCenter.kr}
            </a>
          </div>
          <div className={styles.contact}>
            <span className={styles.contactLabel}>{t('footer:customerCenterJp')}</span>
            <a className={styles.phone} href={telHref(companyInfo.customerCenter.jp)}>
              {companyInfo.customerCenter.jp}
            </a>
          </div>
        </div>
        <p className={styles.hours}>{t('footer:hours')}</p>
      </Card>
    </Page>
  );
}
