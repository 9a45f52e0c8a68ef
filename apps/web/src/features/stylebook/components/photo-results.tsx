import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CataloguePhoto } from '@carol/contracts';
import { AlertIcon, ImageIcon } from '../../../components/icons';
import { Button, EmptyState } from '../../../components/ui';
import styles from '../stylebook.module.css';
import { useHeart } from '../use-heart';
import { PhotoGrid, PhotoGridSkeleton } from './photo-grid';
import { PhotoSheet } from './photo-sheet';

/** The photo grid with its loading, empty and error states, paging, and the detail sheet (?photo=). */
export function PhotoResults({
  query,
  emptyTitle,
  emptyHint,
  emptyActions,
}: {
  query: {
    data: { pages: Array<{ catalogue_list: CataloguePhoto[]; total: number }> } | undefined;
    isPending: boolean;
    isError: boolean;
    isPlaceholderData?: boolean;
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    fetchNextPage: () => unknown;
    refetch: () => unknown;
  };
  emptyTitle: ReactNode;
  /** Under the empty title; only suggest another style when a style was chosen. */
  emptyHint?: ReactNode;
  emptyActions?: ReactNode;
}) {
  const { t } = useTranslation('stylebook');
  const [params, setParams] = useSearchParams();
  const heart = useHeart();
  const openId = Number(params.get('photo'));
  const photoId = Number.isInteger(openId) && openId > 0 ? openId : null;
  const setPhoto = (id: number | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (id === null) next.delete('photo');
        else next.set('photo', String(id));
        return next;
      },
      { replace: id === null, preventScrollReset: true },
    );

  const photos = query.data?.pages.flatMap((p) => p.catalogue_list) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;

  let body: ReactNode;
  if (query.isPending)
    body = (
      <>
        {/* The count line's place, kept while loading: the grid does not move down when the
            count arrives (the style book's layout shift). */}
        <p className={styles.count} aria-hidden="true">
          {'\u00a0'}
        </p>
        <PhotoGridSkeleton />
      </>
    );
  else if (query.isError && photos.length === 0)
    body = (
      <EmptyState
        icon={<AlertIcon size={28} />}
        title={t('error')}
        actions={
          <Button size="md" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        }
      />
    );
  else if (photos.length === 0)
    body = (
      <EmptyState
        icon={<ImageIcon size={28} />}
        title={emptyTitle}
        description={emptyHint}
        actions={emptyActions}
      />
    );
  else
    body = (
      <>
        <p className={styles.count} aria-live="polite">
          {t('photoCount', { count: total })}
        </p>
        <div className={query.isPlaceholderData ? styles.stale : undefined}>
          <PhotoGrid
            photos={photos}
            onOpen={(p) => setPhoto(p.photo_id)}
            onHeart={(p) => heart(p.photo_id, p.in_hair_book)}
          />
        </div>
        {query.hasNextPage && (
          <Button
            variant="outline"
            size="md"
            block
            isBusy={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {t('loadMore')}
          </Button>
        )}
      </>
    );

  return (
    <>
      {body}
      <PhotoSheet photoId={photoId} onClose={() => setPhoto(null)} />
    </>
  );
}
