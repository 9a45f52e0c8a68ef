import type { ReactNode } from 'react';
import { cx } from '../lib/cx';
import styles from './page.module.css';

/** Standard padding and vertical rhythm for a screen's content. */
export function Page({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cx(styles.page, className)}>{children}</div>;
}

export { styles as pageStyles };
