import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { HotStyle } from '@carol/contracts';
import { MediaImage } from '../../../components/media-image';
import { Button, SectionHeader, Skeleton } from '../../../components/ui';
import { resizableOr } from '../../../lib/media';
import { paths } from '../../../lib/paths';
import { useHotStyles } from '../api';
import styles from './home-rows.module.css';

/** The photo in the style book: its path, with the photo itself named in the query. */
export function hotStylePath(s: HotStyle): string {
  return `${paths.stylebook(s.gender, s.type_id, s.style_id, s.substyle_id ?? 0)}?photo=${s.photo_id}`;
}

/** Spec section 1: hot styles, the most liked style-book photos. */
export function HotStyles({ isEnabled = true }: { isEnabled?: boolean }) {
  const { t } = useTranslation('home');
  const { t: tc } = useTranslation();
  const hot = useHotStyles(undefined, isEnabled);

  return (
    <section aria-labelledby="home-hot-styles" className={styles.section}>
      <SectionHeader
        id="home-hot-styles"
        title={t('hotStyles.title')}
        subtitle={t('hotStyles.subtitle')}
        action={{ to: paths.stylebookDefault, label: t('hotStyles.seeAll') }}
      />
      {hot.isPending ? (
        <div className={styles.row} aria-busy="true" aria-label={tc('loading')}>
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} width={132} height={176} radius="var(--radius-lg)" />
          ))}
        </div>
      ) : hot.isError ? (
        <div className={styles.notice} role="status">
          <span>{t('hotStyles.error')}</span>
          <Button variant="ghost" size="md" onClick={() => void hot.refetch()}>
            {tc('actions.retry')}
          </Button>
        </div>
      ) : hot.data.length === 0 ? (
        <p className={styles.notice}>{t('hotStyles.empty')}</p>
      ) : (
        <ul className={styles.row}>
          {hot.data.map((style) => (
            <li key={style.photo_id}>
              <Link
                to={hotStylePath(style)}
                className={styles.styleCard}
                data-testid="hot-style"
                aria-label={t('hotStyles.open', { name: style.style_name })}
              >
                <MediaImage
                  src={resizableOr(style.image_url, style.thumb_url)}
                  width={132}
                  height={176}
                />
                <span className={styles.styleCaption} aria-hidden="true">
                  <span className={styles.styleName}>{style.style_name}</span>
                  <span className={styles.styleLikes}>
                    ♥ {t('hotStyles.likes', { count: style.like_count })}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
