import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  ALL_STYLES,
  ALL_TYPES,
  catalogueKindValues,
  type CatalogueKind,
  type CatalogueType,
} from '@carol/contracts';
import { BookIcon, StoreIcon } from '../../../components/icons';
import { pageStyles } from '../../../components/page';
import { SegmentedNav } from '../../../components/segmented-nav';
import { ButtonLink, ChipLink, EmptyState } from '../../../components/ui';
import { paths } from '../../../lib/paths';
import { isNotFound, useCatalogueStyles, useCatalogueTypes } from '../api';
import styles from '../stylebook.module.css';
import { parseStylebookPath, shopsPathOf, type StylebookPath } from '../stylebook-path';
import { PhotoResults } from './photo-results';

const to = (p: StylebookPath) => paths.stylebook(p.gender, p.type, p.style, p.substyle);

/** /stylebook/style/:gender/:type/:style/:substyle (ADR 013). */
export function StylebookBrowser() {
  const path = parseStylebookPath(useParams());
  if (!path) return <StylebookNotFound />;
  return <Browser path={path} />;
}

function StylebookNotFound() {
  const { t } = useTranslation('stylebook');
  return (
    <EmptyState
      icon={<BookIcon size={28} />}
      title={t('notFound')}
      description={t('notFoundHint')}
      actions={
        <ButtonLink to={paths.stylebookDefault} size="md" variant="outline">
          {t('backToStylebook')}
        </ButtonLink>
      }
    />
  );
}

const kindOf = (type: CatalogueType) => type.kind;

function Browser({ path }: { path: StylebookPath }) {
  const { t } = useTranslation('stylebook');
  const types = useCatalogueTypes(path.gender);
  const query = useCatalogueStyles(path);
  if (query.isError && isNotFound(query.error)) return <StylebookNotFound />;

  const typeList = types.data ?? [];
  const current = typeList.find((x) => x.type_id === path.type);
  const lengths = [...new Set(typeList.map((x) => x.length))];
  const kindsOfLength = (length: string | undefined) =>
    catalogueKindValues.filter((k) => typeList.some((x) => x.length === length && kindOf(x) === k));
  const typeOf = (length: string | undefined, kind: CatalogueKind) =>
    typeList.find((x) => x.length === length && x.kind === kind) ??
    typeList.find((x) => x.length === length);
  // With one length (men) the kind row is the type row and carries "All".
  const singleLength = lengths.length === 1 ? lengths[0] : undefined;
  const activeLength = current?.length ?? singleLength;
  const styleList = query.data?.pages[0]?.style_list ?? [];
  const currentStyle = styleList.find((s) => s.style_id === path.style);
  const allOf = (gender: 'w' | 'm'): StylebookPath => ({
    gender,
    type: ALL_TYPES,
    style: ALL_STYLES,
    substyle: ALL_STYLES,
  });
  const atType = (typeId: number): StylebookPath => ({
    gender: path.gender,
    type: typeId,
    style: ALL_STYLES,
    substyle: ALL_STYLES,
  });

  return (
    <div className={styles.browser}>
      <SegmentedNav
        label={t('genderLabel')}
        isStretched
        replace
        segments={[
          { to: to(allOf('w')), label: t('women'), isCurrent: path.gender === 'w' },
          { to: to(allOf('m')), label: t('men'), isCurrent: path.gender === 'm' },
        ]}
      />
      {/* While the lengths load, the row is there with its "All" chip: the photos under it do
          not move down when the other chips arrive (the style book's layout shift). */}
      {(lengths.length > 1 || types.isPending) && (
        <nav aria-label={t('lengthLabel')}>
          <div className={pageStyles.scrollRow}>
            <ChipLink to={to(allOf(path.gender))} isSelected={path.type === ALL_TYPES} replace>
              {t('all')}
            </ChipLink>
            {lengths.map((length) => {
              const target = typeOf(length, current?.kind ?? 'cut');
              return target ? (
                <ChipLink
                  key={length}
                  to={to(atType(target.type_id))}
                  isSelected={current?.length === length}
                  replace
                >
                  {t(`lengths.${length}`)}
                </ChipLink>
              ) : null;
            })}
          </div>
        </nav>
      )}
      {activeLength && (
        <nav aria-label={t('kindLabel')} className={styles.kindRow}>
          {singleLength && (
            <ChipLink
              to={to(allOf(path.gender))}
              isSelected={path.type === ALL_TYPES}
              replace
              className={styles.kindTab}
            >
              {t('all')}
            </ChipLink>
          )}
          {kindsOfLength(activeLength).map((kind) => {
            const target = typeOf(activeLength, kind)!;
            return (
              <ChipLink
                key={kind}
                to={to(atType(target.type_id))}
                isSelected={current?.type_id === target.type_id}
                replace
                className={styles.kindTab}
              >
                {t(`kinds.${kind}`)}
              </ChipLink>
            );
          })}
        </nav>
      )}
      {styleList.length > 0 && (
        <nav aria-label={t('styleLabel')}>
          <div className={pageStyles.scrollRow}>
            <ChipLink to={to(atType(path.type))} isSelected={path.style === ALL_STYLES} replace>
              {t('all')}
            </ChipLink>
            {styleList.map((s) => (
              <ChipLink
                key={s.style_id}
                to={to({ ...path, style: s.style_id, substyle: ALL_STYLES })}
                isSelected={s.style_id === path.style}
                replace
              >
                {s.name}
              </ChipLink>
            ))}
          </div>
        </nav>
      )}
      {currentStyle && currentStyle.substyles.length > 0 && (
        <nav aria-label={t('substyleLabel')}>
          <div className={`${pageStyles.scrollRow} ${styles.subRow}`}>
            <ChipLink
              to={to({ ...path, substyle: ALL_STYLES })}
              isSelected={path.substyle === ALL_STYLES}
              replace
              className={styles.subChip}
            >
              {t('all')}
            </ChipLink>
            {currentStyle.substyles.map((s) => (
              <ChipLink
                key={s.style_id}
                to={to({ ...path, substyle: s.style_id })}
                isSelected={s.style_id === path.substyle}
                replace
                className={styles.subChip}
              >
                {s.name}
              </ChipLink>
            ))}
          </div>
        </nav>
      )}
      {path.type === ALL_TYPES ? (
        <PhotoResults query={query} emptyTitle={t('emptyAll')} />
      ) : (
        <PhotoResults query={query} emptyTitle={t('empty')} emptyHint={t('emptyHint')} />
      )}
      <ButtonLink
        to={shopsPathOf(path)}
        variant="outline"
        size="md"
        block
        data-testid="stylebook-shops-link"
      >
        <StoreIcon size={18} /> {t('shopsLink')}
      </ButtonLink>
    </div>
  );
}
