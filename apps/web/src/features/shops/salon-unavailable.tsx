import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertIcon, StoreIcon } from '../../components/icons';
import { Button, ButtonLink, EmptyState } from '../../components/ui';
import { paths } from '../../lib/paths';

/** Wording of the "not found" and error states when the page is not a salon's (a designer's). */
export interface UnavailableCopy {
  icon: ReactNode;
  notFound: string;
  notFoundHint: string;
  error: string;
}

/**
 * What a salon screen (the salon page, its photo gallery) or a designer page shows instead of
 * its subject: "not found" with a way back to the list, or the load error with a retry.
 */
export function SalonUnavailable({
  isMissing,
  error,
  onRetry,
  copy,
}: {
  isMissing: boolean;
  error: Error | null;
  onRetry: () => void;
  /** Defaults to the salon wording. */
  copy?: UnavailableCopy;
}) {
  const { t: ts } = useTranslation('shops');
  if (isMissing) {
    return (
      <EmptyState
        icon={copy?.icon ?? <StoreIcon size={28} />}
        title={copy?.notFound ?? ts('notFound')}
        description={copy?.notFoundHint ?? ts('notFoundHint')}
        actions={
          <ButtonLink to={paths.findList()} size="md" variant="outline">
            {ts('backToList')}
          </ButtonLink>
        }
      />
    );
  }
  return (
    <EmptyState
      icon={<AlertIcon size={28} />}
      title={copy?.error ?? ts('error')}
      description={error?.message}
      actions={
        <Button size="md" onClick={onRetry}>
          {ts('retry')}
        </Button>
      }
    />
  );
}
