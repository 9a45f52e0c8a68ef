import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { companyInfo, telHref } from '../../lib/company';
import { paths } from '../../lib/paths';
import styles from './footer.module.css';

const links = [
  { key: 'company', to: paths.company },
  { key: 'terms', to: paths.terms },
  { key: 'privacy', to: paths.privacy },
  { key: 'inquiry', to: paths.inquiry },
  { key: 'partnership', to: paths.partnership },
] as const;

/** Spec section 1: company information, terms, privacy policy, inquiries and ad/partnership inquiries. */
export function Footer() {
  const { t } = useTranslation('footer');
  return (
    <footer className={styles.footer}>
      <nav aria-label={t('links.label')}>
        <ul className={styles.links}>
          {links.map(({ key, to }) => (
            <li key={key}>
              <Link to={to} className={styles.link}>
                {key === 'privacy' ? (
                  <span className={styles.strong}>{t(`links.${key}`)}</span>
                ) : (
                  t(`links.${key}`)
                )}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className={styles.company}>{t('companyName')}</p>
      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt>{t('ceoLabel')}</dt>
          <dd>{t('ceo')}</dd>
        </div>
        <div className={styles.fact}>
          <dt>{t('businessNumberLabel')}</dt>
          <dd>{companyInfo.businessNumber}</dd>
        </div>
        <div className={styles.fact}>
          <dt>{t('mailOrderLabel')}</dt>
          <dd>{companyInfo.mailOrderNumber}</dd>
        </div>
        <div className={styles.fact}>
          <dt>{t('addressLabel')}</dt>
          <dd>{t('address')}</dd>
        </div>
        <div className={styles.fact}>
          <dt>{t('emailLabel')}</dt>
          <dd>
            <a href={`mailto:${companyInfo.supportEmail}`}>{companyInfo.supportEmail}</a>
          </dd>
        </div>
      </dl>
      <div className={styles.centres}>
        <div className={styles.centre}>
          <span className={styles.centreLabel}>{t('customerCenterKr')}</span>
          <a className={styles.phone} href={telHref(companyInfo.customerCenter.kr)}>
            {companyInfo.customerCenter.kr}
          </a>
        </div>
        <div className={styles.centre}>
          <span className={styles.centreLabel}>{t('customerCenterJp')}</span>
          <a className={styles.phone} href={telHref(companyInfo.customerCenter.jp)}>
            {companyInfo.customerCenter.jp}
          </a>
        </div>
      </div>
      <p>{t('hours')}</p>
      <p className={styles.notice}>{t('notice')}</p>
      <p className={styles.copyright}>{t('copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
