import { useTranslation } from 'react-i18next';
import { AlertIcon, StoreIcon } from '../../components/icons';
import { Button, ButtonLink, EmptyState } from '../../components/ui';
import { paths } from '../../lib/paths';

/**
 * What a salon screen (the salon page, its photo gallery) shows instead of the salon: "not
 * found" with a way back to the list, or the load error with a retry.
 */
export function SalonUnavailable({
  isMissing,
  error,
  onRetry,
}: {
  isMissing: boolean;
  error: Error | null;
  onRetry: () => void;
}) {
  const { t: ts } = useTranslation('salon');
  if (isMissing) {
    return (
      <EmptyState
        icon={<StoreIcon size={28} />}
        title={ts('notFound')}
        description={ts('notFoundHint')}
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
      title={ts('error')}
      description={error?.message}
      actions={
        <Button size="md" onClick={onRetry}>
          {ts('retry')}
        </Button>
      }
    />
  );
}
