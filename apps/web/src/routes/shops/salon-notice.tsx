import { useTranslation } from 'react-i18next';
import { formatDate } from '@carol/i18n/client';
import { BellIcon } from '../../components/icons';
import { EmptyState } from '../../components/ui';
import { useSalonDetail } from '../../features/shops/salon-context';
import styles from '../../features/shops/salon.module.css';
import { useCommonStore } from '../../lib/stores/common.store';

/** The salon's published notices, newest first, with their type. */
export default function SalonNoticeScreen() {
  const { t } = useTranslation('shops');
  const language = useCommonStore((s) => s.language);
  const shop = useSalonDetail();
  if (shop.notices.length === 0) {
    return <EmptyState icon={<BellIcon size={28} />} title={t('notice.empty')} />;
  }
  return (
    <ul className={`${styles.sections} ${styles.noticeList}`}>
      {shop.notices.map((n) => (
        <li key={n.id} className={styles.notice}>
          <div className={styles.noticeHead}>
            <span className={`${styles.noticeType} ${styles[`notice_${n.type}`]}`}>
              {t(`notice.types.${n.type}`)}
            </span>
            <time className={styles.muted} dateTime={n.published_at}>
              {formatDate(new Date(n.published_at), language, shop.time_zone)}
            </time>
          </div>
          <h2 className={styles.noticeTitle}>{n.title}</h2>
          {n.body && <p className={styles.noticeBody}>{n.body}</p>}
        </li>
      ))}
    </ul>
  );
}
