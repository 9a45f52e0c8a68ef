import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Catalog } from '@carol/i18n/client';
import {
  BuildingIcon,
  CalendarIcon,
  HandshakeIcon,
  HeartIcon,
  ImageIcon,
  LockIcon,
  MailIcon,
  PhoneIcon,
  QrIcon,
  ScalpIcon,
  ScissorsIcon,
  SettingsIcon,
  StoreIcon,
  BookIcon,
} from '../../components/icons';
import { MenuList } from '../../components/menu-list';
import { companyInfo, telHref } from '../../lib/company';
import { paths } from '../../lib/paths';
import { useCommonStore } from '../../lib/stores/common.store';
import styles from './mypage.module.css';

type ShortcutKey = Exclude<keyof Catalog['mypage']['shortcuts'], 'label'>;

const shortcuts: Array<{ key: ShortcutKey; to: string; icon: ReactNode }> = [
  { key: 'reservations', to: '/mypage/reservation/done', icon: <CalendarIcon size={24} /> },
  { key: 'favorites', to: paths.myFavorite('styles'), icon: <HeartIcon size={24} /> },
  { key: 'gallery', to: '/mypage/mygallery', icon: <ImageIcon size={24} /> },
  { key: 'visits', to: '/mypage/visitshop', icon: <StoreIcon size={24} /> },
  { key: 'history', to: '/mypage/myphotoindex', icon: <ScissorsIcon size={24} /> },
  { key: 'scalp', to: '/mypage/historyscalp', icon: <ScalpIcon size={24} /> },
  { key: 'qr', to: '/mypage/qrcodescanner', icon: <QrIcon size={24} /> },
  { key: 'settings', to: '/mypage/setting', icon: <SettingsIcon size={24} /> },
];

/** Every my-page screen, one tap away, as a 4 × 2 grid of icons. */
export function Shortcuts() {
  const { t } = useTranslation('mypage');
  return (
    <nav aria-labelledby="mypage-shortcuts">
      <h2 id="mypage-shortcuts" className="visually-hidden">
        {t('shortcuts.label')}
      </h2>
      <ul className={styles.shortcuts}>
        {shortcuts.map(({ key, to, icon }) => (
          <li key={key}>
            <Link to={to} className={styles.shortcut}>
              <span className={styles.shortcutIcon} aria-hidden="true">
                {icon}
              </span>
              <span className={styles.shortcutLabel}>{t(`shortcuts.${key}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The customer centre, as the anchors' my pages have it: the market's number and hours, then
 * inquiries, partnership, terms, privacy and company facts (the footer's links; the footer itself
 * shows on Home and the legal pages only, ADR 027).
 */
export function CustomerCentre() {
  const { t } = useTranslation(['mypage', 'footer']);
  const server = useCommonStore((s) => s.server);
  const phone = companyInfo.customerCenter[server];
  return (
    <section aria-labelledby="mypage-support" className={styles.support}>
      <h2 id="mypage-support" className={styles.supportTitle}>
        {t('support.title')}
      </h2>
      <a className={styles.call} href={telHref(phone)}>
        <span className={styles.callIcon} aria-hidden="true">
          <PhoneIcon size={20} />
        </span>
        <span className={styles.callBody}>
          <span className={styles.callLabel}>
            {t(server === 'jp' ? 'footer:customerCenterJp' : 'footer:customerCenterKr')}
          </span>
          <strong className={styles.callNumber}>{phone}</strong>
          <span className={styles.callHours}>{t('footer:hours')}</span>
        </span>
      </a>
      <MenuList
        label={t('footer:links.label')}
        items={[
          { to: paths.inquiry, label: t('footer:links.inquiry'), icon: <MailIcon size={22} /> },
          {
            to: paths.partnership,
            label: t('footer:links.partnership'),
            icon: <HandshakeIcon size={22} />,
          },
          { to: paths.terms, label: t('footer:links.terms'), icon: <BookIcon size={22} /> },
          { to: paths.privacy, label: t('footer:links.privacy'), icon: <LockIcon size={22} /> },
          { to: paths.company, label: t('footer:links.company'), icon: <BuildingIcon size={22} /> },
        ]}
      />
    </section>
  );
}
