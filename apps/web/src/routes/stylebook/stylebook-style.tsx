import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BookIcon } from '../../components/icons';
import { pageStyles } from '../../components/page';
import { ScreenPlaceholder } from '../../components/screen-placeholder';
import { SegmentedNav } from '../../components/segmented-nav';
import { ButtonLink, ChipLink } from '../../components/ui';
import { paths, styleLengths } from '../../lib/paths';

/** /stylebook/style/:gender/:type/:style/:substyle — the gender and length pickers already work. */
export default function StylebookStyleScreen() {
  const { t } = useTranslation(['screens', 'home']);
  const { gender = 'w', type = '-1' } = useParams();
  const isMen = gender === 'm';
  const lengths = styleLengths.filter((length) => (isMen ? length === 'male' : length !== 'male'));

  return (
    <ScreenPlaceholder
      screen="stylebookStyle"
      icon={<BookIcon size={32} />}
      before={
        <>
          <SegmentedNav
            label={t('stylebookStyle.genderLabel')}
            isStretched
            replace
            segments={[
              { to: paths.stylebook('w'), label: t('stylebookStyle.women'), isCurrent: !isMen },
              { to: paths.stylebook('m'), label: t('stylebookStyle.men'), isCurrent: isMen },
            ]}
          />
          {!isMen && (
            <nav aria-label={t('stylebookStyle.lengthLabel')}>
              <div className={pageStyles.scrollRow}>
                <ChipLink to={paths.stylebook('w')} isSelected={type === '-1'} replace>
                  {t('stylebookStyle.all')}
                </ChipLink>
                {lengths.map((length) => {
                  const to = paths.stylebookByLength(length);
                  return (
                    <ChipLink
                      key={length}
                      to={to}
                      isSelected={to === paths.stylebook(gender, type)}
                      replace
                    >
                      {t(`home:lengths.${length}`)}
                    </ChipLink>
                  );
                })}
              </div>
            </nav>
          )}
        </>
      }
      actions={
        <ButtonLink to="/stylebook/shop" variant="outline" size="md">
          {t('stylebookStyle.shopLink')}
        </ButtonLink>
      }
    />
  );
}
