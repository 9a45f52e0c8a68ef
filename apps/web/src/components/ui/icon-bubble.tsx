import type { ReactNode } from 'react';
import styles from './icon-bubble.module.css';

/** A decorative icon in a soft accent circle, leading a row or a notice's title. */
export function IconBubble({ children }: { children: ReactNode }) {
  return (
    <span className={styles.bubble} aria-hidden="true">
      {children}
    </span>
  );
}
