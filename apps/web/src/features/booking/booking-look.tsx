import { useTranslation } from 'react-i18next';
import styles from './booking.module.css';

/** The look as the web shows it: from the reservation draft or from a stored booking. */
export interface LookView {
  thumbUrl: string;
  kind: 'colour' | 'style';
  name: string;
  swatch: string | null;
}

/**
 * "Book this look" (ADR 059): the try-on result brought to the booking, as one row of the
 * summary — the photo, the colour's swatch and name or the style's name — with "Remove" on the
 * check step. The photo is private media: the member's own session fetches it.
 */
export function BookingLookRow({ look, onRemove }: { look: LookView; onRemove?: () => void }) {
  const { t } = useTranslation('booking');
  return (
    <div className={`${styles.row} ${styles.lookRow}`} data-testid="booking-look">
      <dt>{t('look.title')}</dt>
      <dd>
        <span className={styles.look}>
          <img
            className={styles.lookPhoto}
            src={look.thumbUrl}
            alt={t('look.imageAlt', { name: look.name })}
            width={72}
            height={72}
            loading="lazy"
          />
          <span className={styles.lookText}>
            <span className={styles.muted}>
              {look.kind === 'colour' ? t('look.colour') : t('look.style')}
            </span>
            <span className={styles.lookName}>
              {look.swatch && (
                <span
                  className={styles.lookSwatch}
                  style={{ background: look.swatch }}
                  aria-hidden="true"
                  data-testid="booking-look-swatch"
                />
              )}
              <span data-testid="booking-look-name">{look.name}</span>
            </span>
          </span>
        </span>
        {onRemove && <span className={styles.lookNote}>{t('look.shared')}</span>}
      </dd>
      {onRemove ? (
        <button type="button" className={styles.lookRemove} onClick={onRemove}>
          {t('look.remove')}
        </button>
      ) : (
        <span />
      )}
    </div>
  );
}
