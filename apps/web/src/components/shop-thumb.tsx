import { StoreIcon } from './icons';

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
    <img
      className={className}
      src={src}
      alt=""
      loading="lazy"
      decoding="async"
      width={size}
      height={size}
    />
  ) : (
    <span className={placeholderClassName} aria-hidden="true">
      <StoreIcon size={iconSize} />
    </span>
  );
}
