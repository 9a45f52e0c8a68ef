import { useTranslation } from 'react-i18next';
import { AlertIcon, StoreIcon } from '../../components/icons';
import { ButtonLink, EmptyState } from '../../components/ui';
import { paths } from '../../lib/paths';

/** Shown when there is no salon to book (the flow starts from a salon's Book button). */
export function NoShopState() {
  const { t } = useTranslation('booking');
  return (
    <EmptyState
      icon={<StoreIcon size={28} />}
      title={t('noShop.title')}
      description={t('noShop.body')}
      actions={
        <ButtonLink to={paths.findList()} size="md">
          {t('noShop.action')}
        </ButtonLink>
      }
    />
  );
}

/** Spec 8: "the shop currently cannot take reservations". */
export function ShopClosedState({ shopId }: { shopId: number }) {
  const { t } = useTranslation('booking');
  return (
    <EmptyState
      icon={<AlertIcon size={28} />}
      title={t('closed.title')}
      description={t('closed.body')}
      actions={
        <ButtonLink to={paths.salon(shopId)} size="md" variant="outline">
          {t('closed.action')}
        </ButtonLink>
      }
    />
  );
}
