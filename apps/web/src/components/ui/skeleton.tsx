import type { CSSProperties } from 'react';
import { cx } from '../../lib/cx';
import styles from './skeleton.module.css';

export interface SkeletonProps {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  shape?: 'rect' | 'circle' | 'text';
  radius?: CSSProperties['borderRadius'];
  /** Shimmer only while something is really loading; static for "coming later" placeholders. */
  isAnimated?: boolean;
  className?: string;
}

export function Skeleton({
  width = '100%',
  height,
  shape = 'rect',
  radius,
  isAnimated = true,
  className,
}: SkeletonProps) {
  return (
    <span
      aria-hidden="true"
      className={cx(
        styles.skeleton,
        isAnimated && styles.animated,
        shape === 'circle' && styles.circle,
        shape === 'text' && styles.text,
        className,
      )}
      style={{ width, height, borderRadius: radius }}
    />
  );
}
