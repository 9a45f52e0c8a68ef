import { useState } from 'react';

/** A banner picture that quietly steps aside (leaving the banner colour) if it fails to load. */
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
    <img
      src={src}
      alt=""
      className={className}
      loading={isEager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
