import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecordNotice } from '@carol/contracts';
import { ChevronRightIcon } from '../../components/icons';
import { cx } from '../../lib/cx';
import { useCommonStore } from '../../lib/stores/common.store';
import { formatInstantDate, formatMonthDay } from './format';
import styles from './history.module.css';

/**
 * A salon's notices: the type as a coloured label (news, update, coupon, details), the title,
 * a coupon's validity ("~ 12/31"), and the body behind a tap.
 */
export function NoticeList({
  notices,
  timeZone,
}: {
  notices: readonly RecordNotice[];
  timeZone: string;
}) {
  const { t } = useTranslation('history');
  const language = useCommonStore((s) => s.language);
  const [now] = useState(() => Date.now());
  return (
    <ul className={styles.notices}>
      {notices.map((notice) => {
        const until = notice.valid_until
          ? formatMonthDay(notice.valid_until, language, timeZone)
          : null;
        const validity =
          notice.type === 'coupon' && until
            ? notice.valid_from && new Date(notice.valid_from).getTime() > now
              ? t('notice.fromUntil', {
                  from: formatMonthDay(notice.valid_from, language, timeZone),
                  until,
                })
              : t('notice.until', { date: until })
            : null;
        return (
          <li key={notice.notice_id}>
            <details className={cx(styles.notice, styles[`notice_${notice.type}`])}>
              <summary className={styles.noticeSummary} data-testid="history-notice">
                <span className={cx(styles.noticeType, styles[`noticeType_${notice.type}`])}>
                  {t(`notice.types.${notice.type}`)}
                </span>
                <span className={styles.noticeTitle}>{notice.title}</span>
                {validity && <span className={styles.noticeValidity}>{validity}</span>}
                <ChevronRightIcon size={16} className={styles.noticeChevron} />
              </summary>
              <div className={styles.noticeBody}>
                <p>{notice.body}</p>
                <p className={styles.noticeDate}>
                  {t('notice.published', {
                    date: formatInstantDate(notice.published_at, language, timeZone),
                  })}
                </p>
              </div>
            </details>
          </li>
        );
      })}
    </ul>
  );
}
