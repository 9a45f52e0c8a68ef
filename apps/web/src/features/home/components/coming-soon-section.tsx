import { useTranslation } from 'react-i18next';
import { ButtonLink, SectionHeader } from '../../../components/ui';
import styles from './coming-soon-section.module.css';

type GhostKind = 'tiles' | 'rows' | 'avatars';

/** A static outline of the layout to come; it never pretends to be loading or to hold data. */
function Ghost({ kind }: { kind: GhostKind }) {
  if (kind === 'tiles') {
    return (
      <div className={`${styles.ghost} ${styles.tiles}`} aria-hidden="true">
        <span className={styles.tile} />
        <span className={styles.tile} />
        <span className={styles.tile} />
      </div>
    );
  }
  if (kind === 'rows') {
    return (
      <div className={`${styles.ghost} ${styles.rows}`} aria-hidden="true">
        {[0, 1].map((i) => (
          <div key={i} className={styles.row}>
            <span className={styles.thumb} />
            <span className={styles.lines}>
              <span className={styles.line} style={{ width: '62%' }} />
              <span className={styles.line} style={{ width: '84%' }} />
              <span className={styles.line} style={{ width: '40%' }} />
            </span>
          </div>
        ))}
      </div>
    );
  }
  return (
    <div className={`${styles.ghost} ${styles.avatars}`} aria-hidden="true">
      {[0, 1, 2, 3].map((i) => (
        <span key={i} className={styles.avatar}>
          <span className={styles.face} />
          <span className={styles.line} style={{ width: 40 }} />
        </span>
      ))}
    </div>
  );
}

export interface ComingSoonSectionProps {
  id: string;
  title: string;
  description: string;
  cta: { to: string; label: string };
  ghost: GhostKind;
}

export function ComingSoonSection({ id, title, description, cta, ghost }: ComingSoonSectionProps) {
  const { t } = useTranslation('home');
  return (
    <section aria-labelledby={id}>
      <SectionHeader id={id} title={title} />
      <div className={styles.card}>
        <span className={styles.badge}>{t('comingSoon')}</span>
        <Ghost kind={ghost} />
        <p className={styles.text}>{description}</p>
        <ButtonLink to={cta.to} variant="secondary" size="md" className={styles.cta}>
          {cta.label}
        </ButtonLink>
      </div>
    </section>
  );
}
