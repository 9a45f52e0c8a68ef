import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../components/ui';
import { paths } from '../lib/paths';
import styles from './not-found.module.css';

/** A comb missing a tooth: the page that isn't there. */
function CombArt() {
  return (
    <svg className={styles.art} viewBox="0 0 180 120" fill="none" aria-hidden="true">
      <ellipse cx="90" cy="108" rx="70" ry="8" fill="#efe2d8" />
      <rect x="22" y="30" width="136" height="26" rx="13" fill="currentColor" />
      <rect x="30" y="36" width="120" height="4" rx="2" fill="#fff" opacity=".35" />
      {Array.from({ length: 13 }, (_, i) => {
        const x = 30 + i * 10;
        if (i === 7)
          return (
            <rect
              key={i}
              x={x}
              y="90"
              width="6"
              height="12"
              rx="3"
              fill="currentColor"
              opacity=".35"
              transform={`rotate(28 ${x + 3} 96)`}
            />
          );
        return (
          <rect
            key={i}
            x={x}
            y="52"
            width="6"
            height={i % 2 === 0 ? 40 : 34}
            rx="3"
            fill="currentColor"
          />
        );
      })}
    </svg>
  );
}

export default function NotFoundScreen() {
  const { t } = useTranslation('screens');
  const { t: tc } = useTranslation();
  return (
    <div className={styles.wrap}>
      <CombArt />
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h2 className={styles.title}>{t('notFound.heading')}</h2>
      <p className={styles.description}>{t('notFound.description')}</p>
      <div className={styles.actions}>
        <ButtonLink to={paths.home}>{tc('actions.goHome')}</ButtonLink>
        <ButtonLink to={paths.findList()} variant="outline">
          {tc('actions.findSalon')}
        </ButtonLink>
      </div>
    </div>
  );
}
