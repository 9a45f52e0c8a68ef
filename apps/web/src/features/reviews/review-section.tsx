import type { ReviewSummary as Summary } from '@carol/contracts';
import { formatDate } from '@carol/i18n/client';
import { useTranslation } from 'react-i18next';
import { Button, Skeleton } from '../../components/ui';
import { useCommonStore } from '../../lib/stores/common.store';
import { useReviews, type ReviewTarget } from './api';
import styles from './reviews.module.css';

/** Five stars filled to the nearest whole star; the number is said by the caller. */
export function Stars({ rating }: { rating: number }) {
  const full = Math.round(rating);
  return (
    <span className={styles.stars} aria-hidden="true">
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} className={n <= full ? undefined : styles.starOff}>
          ★
        </span>
      ))}
    </span>
  );
}

export function ReviewSummaryCard({ summary }: { summary: Summary }) {
  const { t } = useTranslation('reviews');
  const max = Math.max(1, ...Object.values(summary.distribution));
  return (
    <div className={styles.summary}>
      <div className={styles.average}>
        <span className="visually-hidden">{t('average')}</span>
        <span className={styles.averageNumber} aria-hidden="true">
          {summary.average.toFixed(1)}
        </span>
        <span className="visually-hidden">
          {t('outOfFive', { rating: summary.average.toFixed(1) })}
        </span>
        <Stars rating={summary.average} />
        <span className={styles.count}>{t('count', { count: summary.count })}</span>
      </div>
      <ul className={styles.bars}>
        {(['5', '4', '3', '2', '1'] as const).map((stars) => {
          const n = summary.distribution[stars];
          return (
            <li
              key={stars}
              className={styles.bar}
              aria-label={t('starsRowLabel', { stars, count: n })}
            >
              <span aria-hidden="true">{t('starsRow', { stars })}</span>
              <span className={styles.barTrack} aria-hidden="true">
                <span className={styles.barFill} style={{ width: `${(n / max) * 100}%` }} />
              </span>
              <span className={styles.barCount} aria-hidden="true">
                {n}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * Summary (average, count, distribution) and the newest reviews of a shop or designer, with
 * "more" paging. Loading, empty and error states keep the section's height steady.
 */
export function ReviewSection({
  target,
  headingId,
  pageSize = 5,
  timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone,
}: {
  target: ReviewTarget;
  headingId: string;
  pageSize?: number;
  /** Dates are shown in the shop's zone when known. */
  timeZone?: string;
}) {
  const { t } = useTranslation('reviews');
  const language = useCommonStore((s) => s.language);
  const reviews = useReviews(target, pageSize);

  let content;
  if (reviews.isPending) {
    content = (
      <div aria-busy="true">
        <span className="visually-hidden">{t('loading')}</span>
        <Skeleton width="100%" height={128} radius={16} />
      </div>
    );
  } else if (reviews.isError) {
    content = (
      <div className={styles.state} role="alert">
        <p className={styles.count}>{t('error')}</p>
        <Button size="md" variant="outline" onClick={() => void reviews.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  } else {
    const first = reviews.data.pages[0]!;
    const items = reviews.data.pages.flatMap((p) => p.review_list);
    content =
      first.summary.count === 0 ? (
        <div className={styles.state}>
          <p className={styles.author}>{t('empty')}</p>
          <p className={styles.count}>{t('emptyHint')}</p>
        </div>
      ) : (
        <>
          <ReviewSummaryCard summary={first.summary} />
          <ul className={styles.list} aria-label={t('recent')}>
            {items.map((r) => (
              <li key={r.review_id} className={styles.review}>
                <div className={styles.reviewHead}>
                  <span
                    className={
                      r.author_withdrawn ? `${styles.author} ${styles.withdrawn}` : styles.author
                    }
                  >
                    {r.author}
                  </span>
                  <Stars rating={r.rating} />
                  <span className="visually-hidden">
                    {t('outOfFive', { rating: String(r.rating) })}
                  </span>
                  <time className={styles.meta} dateTime={r.created_at}>
                    {formatDate(new Date(r.created_at), language, timeZone, {
                      year: 'numeric',
                      month: 'short',
                      day: 'numeric',
                    })}
                  </time>
                  {r.designer_name && (
                    <span className={styles.meta}>
                      · {t('designer', { name: r.designer_name })}
                    </span>
                  )}
                </div>
                {r.body && <p className={styles.body}>{r.body}</p>}
                {r.photos.length > 0 && (
                  <ul className={styles.photos}>
                    {r.photos.map((p, i) => (
                      <li key={p.url}>
                        <img
                          className={styles.photo}
                          src={p.thumb_url ?? p.url}
                          alt={t('photoAlt', { index: i + 1 })}
                          width={84}
                          height={84}
                          loading="lazy"
                          decoding="async"
                        />
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
          {reviews.hasNextPage && (
            <Button
              className={styles.more}
              size="md"
              variant="outline"
              isBusy={reviews.isFetchingNextPage}
              onClick={() => void reviews.fetchNextPage()}
            >
              {t('more')}
            </Button>
          )}
        </>
      );
  }
  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <h2 id={headingId} className={styles.title}>
        {t('title')}
      </h2>
      {content}
    </section>
  );
}
