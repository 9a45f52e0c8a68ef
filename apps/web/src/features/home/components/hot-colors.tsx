import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, SectionHeader, Skeleton } from '../../../components/ui';
import { paths } from '../../../lib/paths';
import { useHotHairColors } from '../api';
import styles from './hot-colors.module.css';

/** A dye swatch: the colour with a soft highlight, like a lock of dyed hair catching light. */
function swatchStyle(hex: string): CSSProperties {
  return {
    background: `radial-gradient(circle at 32% 28%, rgb(255 255 255 / 45%) 0%, rgb(255 255 255 / 0%) 42%), radial-gradient(circle at 70% 80%, rgb(0 0 0 / 22%) 0%, rgb(0 0 0 / 0%) 55%), ${hex}`,
  };
}

export function HotColors({ isEnabled = true }: { isEnabled?: boolean }) {
  const { t } = useTranslation('home');
  const { t: tc } = useTranslation();
  const colors = useHotHairColors(undefined, isEnabled);

  return (
    <section aria-labelledby="home-hot-colors">
      <SectionHeader
        id="home-hot-colors"
        title={t('hotColors.title')}
        subtitle={t('hotColors.subtitle')}
      />
      {colors.isPending ? (
        <div className={styles.row} aria-busy="true" aria-label={tc('loading')}>
          {Array.from({ length: 6 }, (_, i) => (
            <div key={i} className={styles.skeletonItem}>
              <Skeleton shape="circle" width={60} height={60} />
              <Skeleton shape="text" width={44} />
            </div>
          ))}
        </div>
      ) : colors.isError ? (
        <div className={styles.notice} role="status">
          <span>{t('hotColors.error')}</span>
          <Button variant="ghost" size="md" onClick={() => void colors.refetch()}>
            {tc('actions.retry')}
          </Button>
        </div>
      ) : colors.data.length === 0 ? (
        <p className={styles.notice}>{t('hotColors.empty')}</p>
      ) : (
        <ul className={styles.row}>
          {colors.data.map((color) => (
            <li key={color.color_id} className={styles.item} data-testid="hot-color">
              <Link
                to={`${paths.simulation}?color=${color.color_id}`}
                className={styles.swatchLink}
                aria-label={t('hotColors.tryColor', { name: color.name })}
              >
                <span className={styles.swatch} style={swatchStyle(color.hex)} aria-hidden="true" />
                <span className={styles.name} aria-hidden="true">
                  {color.name}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
