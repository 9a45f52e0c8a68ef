import { useTranslation } from 'react-i18next';
import { ChipLink, SectionHeader } from '../../../components/ui';
import { paths, styleLengths, type StyleLength } from '../../../lib/paths';
import styles from './style-by-length.module.css';

/** Where the hair ends on the little silhouette (y on a 24 px grid). */
const hairEnd: Record<StyleLength, number> = {
  short: 11.5,
  bob: 15,
  medium: 18.5,
  long: 22,
  male: 0,
};

/** A tiny head-and-hair silhouette so each length reads at a glance. */
function LengthGlyph({ length }: { length: StyleLength }) {
  const end = hairEnd[length];
  return (
    <svg
      className={styles.glyph}
      width="26"
      height="26"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      {length === 'male' ? (
        <path
          d="M6.6 10.2C6.4 5.9 9 3.6 12 3.6s5.6 2.3 5.4 6.6c-1.2-1.9-3-2.9-5.4-2.9s-4.2 1-5.4 2.9Z"
          className={styles.hair}
        />
      ) : (
        <path
          d={`M5.6 ${end}V9.6a6.4 6.4 0 0 1 12.8 0V${end}c0 .8-.6 1.2-1.3 1.2H6.9c-.7 0-1.3-.4-1.3-1.2Z`}
          className={styles.hair}
        />
      )}
      <ellipse cx="12" cy="10.6" rx="4.1" ry="4.6" className={styles.face} />
    </svg>
  );
}

export function StyleByLength() {
  const { t } = useTranslation('home');
  return (
    <section aria-labelledby="home-by-length">
      <SectionHeader
        id="home-by-length"
        title={t('byLength.title')}
        subtitle={t('byLength.subtitle')}
      />
      <ul className={styles.chips}>
        {styleLengths.map((length) => (
          <li key={length}>
            <ChipLink to={paths.stylebookByLength(length)} className={styles.chip}>
              <LengthGlyph length={length} />
              {t(`lengths.${length}`)}
            </ChipLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
