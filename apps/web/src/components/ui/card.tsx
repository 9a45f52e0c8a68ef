import type { HTMLAttributes } from 'react';
import { cx } from '../../lib/cx';
import styles from './card.module.css';

export interface CardProps extends HTMLAttributes<HTMLElement> {
  as?: 'div' | 'section' | 'article' | 'aside';
  padded?: boolean;
  tone?: 'plain' | 'elevated' | 'muted';
}

export function Card({
  as: Element = 'div',
  padded = true,
  tone = 'plain',
  className,
  ...rest
}: CardProps) {
  return (
    <Element
      className={cx(
        styles.card,
        padded && styles.padded,
        tone === 'elevated' && styles.elevated,
        tone === 'muted' && styles.muted,
        className,
      )}
      {...rest}
    />
  );
}
