import { StoreIcon } from './icons';
import { MediaImage } from './media-image';

/** A salon's square thumbnail, or the store icon on a placeholder when it has no photo. */
export function ShopThumb({
  src,
  size,
  iconSize,
  className,
  placeholderClassName,
}: {
  src: string | null | undefined;
  size: number;
  iconSize: number;
  className: string | undefined;
  placeholderClassName: string | undefined;
}) {
  return src ? (
    <MediaImage className={className} src={src} width={size} height={size} />
  ) : (
    <span className={placeholderClassName} aria-hidden="true">
      <StoreIcon size={iconSize} />
    </span>
  );
}
