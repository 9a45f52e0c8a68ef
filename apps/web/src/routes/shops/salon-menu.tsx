import { useTranslation } from 'react-i18next';
import { formatPrice } from '@carol/i18n/client';
import type { ShopMenuCategory, ShopMenuItem } from '@carol/contracts';
import { AlertIcon, ScissorsIcon } from '../../components/icons';
import { Button, EmptyState, Skeleton } from '../../components/ui';
import { useShopMenus } from '../../features/shops/api';
import { useSalonDetail } from '../../features/shops/salon-context';
import styles from '../../features/shops/salon.module.css';
import { useCommonStore } from '../../lib/stores/common.store';

/** The salon's menu, grouped by category, with base prices and durations. */
export default function SalonMenuScreen() {
  const { t } = useTranslation('shops');
  const { t: tf } = useTranslation('search');
  const language = useCommonStore((s) => s.language);
  const shop = useSalonDetail();
  const menus = useShopMenus(shop.id);

  if (menus.isPending) {
    return (
      <div className={styles.sections} aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} width="100%" height={64} radius="var(--radius-md)" />
        ))}
      </div>
    );
  }
  if (menus.isError) {
    return (
      <EmptyState
        icon={<AlertIcon size={28} />}
        title={t('error')}
        description={menus.error.message}
        actions={
          <Button size="md" onClick={() => void menus.refetch()}>
            {t('retry')}
          </Button>
        }
      />
    );
  }
  if (menus.data.length === 0) {
    return <EmptyState icon={<ScissorsIcon size={28} />} title={t('menu.empty')} />;
  }

  const groups = new Map<ShopMenuCategory, ShopMenuItem[]>();
  for (const m of menus.data) groups.set(m.category, [...(groups.get(m.category) ?? []), m]);

  return (
    <div className={styles.sections}>
      {[...groups].map(([category, items]) => (
        <section key={category} className={styles.section} aria-labelledby={`menu-${category}`}>
          <h2 id={`menu-${category}`} className={styles.sectionTitle}>
            {tf(`treatments.${category}`)}
          </h2>
          <ul className={styles.menuList}>
            {items.map((m) => (
              <li key={m.id} className={styles.menuItem}>
                <div className={styles.menuMain}>
                  <span className={styles.menuName}>
                    {m.name}
                    {m.target_gender !== 'all' && (
                      <span className={styles.genderTag}>
                        {t(`menu.gender.${m.target_gender}`)}
                      </span>
                    )}
                  </span>
                  {m.description && <span className={styles.muted}>{m.description}</span>}
                  <span className={styles.muted}>
                    {t('menu.duration', { minutes: m.duration_minutes })}
                  </span>
                </div>
                <strong className={styles.menuPrice}>
                  {formatPrice(m.base_price, m.currency, language)}
                </strong>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
