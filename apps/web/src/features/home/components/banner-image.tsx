import { useState } from 'react';
import { MediaImage } from '../../../components/media-image';
import { columnSizes } from '../../../lib/media';

/**
 * A banner picture that quietly steps aside (leaving the banner colour) if it fails to load.
 * It spans the column (its box has the aspect ratio); the eager one is the home page's LCP.
 */
export function BannerImage({
  src,
  className,
  isEager = false,
}: {
  src: string;
  className?: string;
  isEager?: boolean;
}) {
  const [hasFailed, setFailed] = useState(false);
  if (hasFailed || src === '') return null;
  return (
    <MediaImage
      src={src}
      width={480}
      sizes={columnSizes()}
      className={className}
      isPriority={isEager}
      onError={() => setFailed(true)}
    />
  );
}
