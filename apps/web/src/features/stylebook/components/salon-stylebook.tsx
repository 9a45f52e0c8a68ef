import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ALL_STYLES, ALL_TYPES } from '@carol/contracts';
import { ImageIcon } from '../../../components/icons';
import { pageStyles } from '../../../components/page';
import { SegmentedNav } from '../../../components/segmented-nav';
import { ButtonLink, ChipLink, EmptyState } from '../../../components/ui';
import { paths } from '../../../lib/paths';
import { isNotFound, useShopPhotos } from '../api';
import styles from '../stylebook.module.css';
import { parseStylebookPath, segmentsOf, type StylebookPath } from '../stylebook-path';
import { PhotoResults } from './photo-results';

/** /find/saloninfo/:salonid/stylebook/:gender/:type/:style/:substyle — the salon's own photos. */
export function SalonStylebook({ shopId }: { shopId: number }) {
  const { t } = useTranslation('stylebook');
  const params = useParams();
  const path = parseStylebookPath(params);
  const base = `${paths.salon(shopId)}/stylebook`;
  const to = (p: StylebookPath) => `${base}/${segmentsOf(p)}`;
  const current: StylebookPath = path ?? {
    gender: 'w',
    type: ALL_TYPES,
    style: ALL_STYLES,
    substyle: ALL_STYLES,
  };
  const query = useShopPhotos(shopId, current);
  const broken = !path || (query.isError && isNotFound(query.error));
  const typeList = query.data?.pages[0]?.type_list ?? [];
  const counts = query.data?.pages[0]?.gender_counts;
  const allOf = (gender: 'w' | 'm'): StylebookPath => ({
    gender,
    type: ALL_TYPES,
    style: ALL_STYLES,
    substyle: ALL_STYLES,
  });

  // The empty state says why it is empty: a salon without any photo, a
  // salon with only the other gender's photos, or no photo of the chosen style.
  const other = current.gender === 'w' ? 'm' : 'w';
  const empty =
    current.type !== ALL_TYPES
      ? {
          title: t('salon.emptyStyle'),
          hint: undefined,
          action: { to: to(allOf(current.gender)), label: t('salon.seeAll') },
        }
      : counts && counts[other] > 0
        ? {
            title: current.gender === 'w' ? t('salon.emptyWomen') : t('salon.emptyMen'),
            hint: undefined,
            action: {
              to: to(allOf(other)),
              label: other === 'w' ? t('salon.seeWomen') : t('salon.seeMen'),
            },
          }
        : { title: t('salon.empty'), hint: t('salon.emptyHint'), action: undefined };

  return (
    <div className={styles.browser}>
      <SegmentedNav
        label={t('genderLabel')}
        isStretched
        replace
        segments={[
          { to: to(allOf('w')), label: t('women'), isCurrent: current.gender === 'w' },
          { to: to(allOf('m')), label: t('men'), isCurrent: current.gender === 'm' },
        ]}
      />
      {typeList.length > 1 && (
        <nav aria-label={t('styleLabel')}>
          <div className={pageStyles.scrollRow}>
            <ChipLink
              to={to(allOf(current.gender))}
              isSelected={current.type === ALL_TYPES}
              replace
            >
              {t('all')}
            </ChipLink>
            {typeList.map((type) => (
              <ChipLink
                key={type.type_id}
                to={to({ ...allOf(current.gender), type: type.type_id })}
                isSelected={type.type_id === current.type}
                replace
              >
                {type.name}
              </ChipLink>
            ))}
          </div>
        </nav>
      )}
      {broken ? (
        <EmptyState icon={<ImageIcon size={28} />} title={t('notFound')} />
      ) : (
        <PhotoResults
          query={query}
          emptyTitle={empty.title}
          emptyHint={empty.hint}
          emptyActions={
            empty.action && (
              <ButtonLink to={empty.action.to} variant="outline" size="md" replace>
                {empty.action.label}
              </ButtonLink>
            )
          }
        />
      )}
    </div>
  );
}
