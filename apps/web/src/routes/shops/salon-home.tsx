import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@carol/i18n/client';
import { MapPinIcon, PhoneIcon, UserIcon } from '../../components/icons';
import { LazyPlaceMap } from '../../components/lazy-place-map';
import { useSalonDetail } from '../../features/shops/salon-context';
import styles from '../../features/shops/salon.module.css';
import { useCommonStore } from '../../lib/stores/common.store';
import { paths } from '../../lib/paths';
import { MediaImage } from '../../components/media-image';
import { ReviewSection } from '../../features/reviews/review-section';

/** ISO weekday (1 = Monday .. 7 = Sunday) of "now" in the shop's zone. */
function todayWeekday(timeZone: string): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short' }).format(new Date());
  return ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(name) + 1;
}

/** The salon's home tab: address, phone, hours, days off, holidays, introduction, designers. */
export default function SalonHomeScreen() {
  const { t } = useTranslation('shops');
  const language = useCommonStore((s) => s.language);
  const showToast = useCommonStore((s) => s.showToast);
  const shop = useSalonDetail();
  const today = todayWeekday(shop.time_zone);
  const weekdayName = (d: number) => t(`weekdays.${String(d) as '1'}`);
  const daysOff = shop.business_hours
    .filter((h) => h.is_day_off)
    .map((h) => weekdayName(h.weekday));
  const fullAddress = [shop.address, shop.address_detail].filter(Boolean).join(' ');

  const copyAddress = async () => {
    try {
      await navigator.clipboard.writeText(fullAddress);
      showToast(t('copied'));
    } catch {
      // Clipboard refused (insecure context or permission): the address stays selectable.
    }
  };

  return (
    <div className={styles.sections}>
      <section className={styles.section} aria-labelledby="salon-address">
        <h2 id="salon-address" className={styles.sectionTitle}>
          {t('address')}
        </h2>
        <div className={styles.addressRow}>
          <MapPinIcon size={18} aria-hidden="true" />
          <p className={styles.address}>{fullAddress}</p>
          <button type="button" className={styles.smallButton} onClick={() => void copyAddress()}>
            {t('copyAddress')}
          </button>
        </div>
        <LazyPlaceMap
          lat={shop.lat}
          lng={shop.lng}
          label={t('mapLabel', { name: shop.name })}
          to={`${paths.findMap}?at=${shop.lat.toFixed(5)},${shop.lng.toFixed(5)},16`}
          offlineNote={t('mapOffline')}
        />
        {shop.phone && (
          <a className={styles.phoneLink} href={`tel:${shop.phone.replace(/[^\d+]/g, '')}`}>
            <PhoneIcon size={18} aria-hidden="true" />
            <span>{shop.phone}</span>
            <span className={styles.phoneAction}>{t('call')}</span>
          </a>
        )}
      </section>

      <section className={styles.section} aria-labelledby="salon-hours">
        <h2 id="salon-hours" className={styles.sectionTitle}>
          {t('hours')}
        </h2>
        {shop.business_hours.length === 0 ? (
          <p className={styles.muted}>{t('noHours')}</p>
        ) : (
          <table className={styles.hours}>
            <tbody>
              {shop.business_hours.map((h) => (
                <tr
                  key={h.weekday}
                  className={h.weekday === today ? styles.today : undefined}
                  aria-current={h.weekday === today ? 'date' : undefined}
                >
                  <th scope="row">
                    {weekdayName(h.weekday)}
                    {h.weekday === today && <span className={styles.todayTag}>{t('today')}</span>}
                  </th>
                  <td>
                    {h.is_day_off ? (
                      <span className={styles.dayOff}>{t('dayOff')}</span>
                    ) : (
                      `${h.opens_at ?? ''} – ${h.closes_at ?? ''}`
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {daysOff.length > 0 && (
          <p className={styles.muted}>{t('weeklyOff', { days: daysOff.join(', ') })}</p>
        )}
      </section>

      <section className={styles.section} aria-labelledby="salon-holidays">
        <h2 id="salon-holidays" className={styles.sectionTitle}>
          {t('holidays')}
        </h2>
        {shop.holidays.length === 0 ? (
          <p className={styles.muted}>{t('noHolidays')}</p>
        ) : (
          <ul className={styles.holidayList}>
            {shop.holidays.map((h) => (
              <li key={h.date}>
                <strong>
                  {formatDate(new Date(`${h.date}T00:00:00Z`), language, 'UTC', {
                    month: 'long',
                    day: 'numeric',
                    weekday: 'short',
                  })}
                </strong>
                {h.reason && <span className={styles.muted}> · {h.reason}</span>}
              </li>
            ))}
          </ul>
        )}
      </section>

      {shop.introduction && (
        <section className={styles.section} aria-labelledby="salon-intro">
          <h2 id="salon-intro" className={styles.sectionTitle}>
            {t('introduction')}
          </h2>
          <p className={styles.introduction}>{shop.introduction}</p>
        </section>
      )}

      {shop.designers.length > 0 && (
        <section className={styles.section} aria-labelledby="salon-designers">
          <h2 id="salon-designers" className={styles.sectionTitle}>
            {t('designers')}
          </h2>
          <ul className={styles.designerRow}>
            {shop.designers.map((d) => (
              <li key={d.id}>
                <Link to={paths.designer(d.id)} className={styles.designer}>
                  {d.profile_image_url ? (
                    <MediaImage
                      className={styles.designerAvatar}
                      src={d.profile_image_url}
                      width={64}
                      height={64}
                    />
                  ) : (
                    <span className={styles.designerAvatar} aria-hidden="true">
                      <UserIcon size={26} />
                    </span>
                  )}
                  <span className={styles.designerName}>{d.name}</span>
                  {d.position && <span className={styles.muted}>{d.position}</span>}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}

      <ReviewSection
        target={{ shopId: shop.id }}
        headingId="salon-reviews"
        timeZone={shop.time_zone}
      />
    </div>
  );
}
