import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui';
import { paths } from '../../../lib/paths';
import styles from './home-hero.module.css';

/** The brand welcome shown when there are no main banners (none published, or the call failed). */
export function HomeHero() {
  const { t } = useTranslation('home');
  return (
    <section className={styles.hero} aria-labelledby="home-hero-title">
      <span className={styles.eyebrow}>{t('hero.eyebrow')}</span>
      <h2 id="home-hero-title" className={styles.title}>
        {t('hero.title')}
      </h2>
      <p className={styles.body}>{t('hero.body')}</p>
      <div className={styles.actions}>
        <ButtonLink to={paths.findList()} variant="inverse" size="md">
          {t('hero.primary')}
        </ButtonLink>
        <ButtonLink to={paths.simulation} variant="onDark" size="md">
          {t('hero.secondary')}
        </ButtonLink>
      </div>
    </section>
  );
}
