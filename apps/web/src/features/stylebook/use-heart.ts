import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api/api-error';
import { requireMembership } from '../../lib/members-only';
import { useCommonStore } from '../../lib/stores/common.store';
import { useHairBookToggle } from './api';

/** Toggles a photo in the hair book: members only (spec 6 prompt otherwise), optimistic. */
export function useHeart() {
  const { t } = useTranslation(['stylebook', 'errors']);
  const showToast = useCommonStore((s) => s.showToast);
  const toggle = useHairBookToggle();
  return (photoId: number, isInHairBook: boolean) => {
    if (!requireMembership()) return;
    const inHairBook = !isInHairBook;
    toggle.mutate(
      { photoId, inHairBook },
      {
        onSuccess: () =>
          showToast(t(inHairBook ? 'stylebook:photo.added' : 'stylebook:photo.removed')),
        onError: (error) =>
          showToast(isApiError(error) ? error.resMessage : t('errors:FAILED_TRY_AGAIN'), {
            alternateColor: true,
          }),
      },
    );
  };
}
