import type { ReactNode } from 'react';
import { cx } from '../../lib/cx';
import styles from './empty-state.module.css';

export interface EmptyStateProps {
  icon?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  /** Buttons or links. */
  actions?: ReactNode;
  headingLevel?: 'h1' | 'h2' | 'h3';
  className?: string;
}

export function EmptyState({
  icon,
  title,
  description,
  actions,
  headingLevel: Heading = 'h2',
  className,
}: EmptyStateProps) {
  return (
    <div className={cx(styles.empty, className)}>
      {icon && (
        <div className={styles.icon} aria-hidden="true">
          {icon}
        </div>
      )}
      <Heading className={styles.title}>{title}</Heading>
      {description && <p className={styles.description}>{description}</p>}
      {actions && <div className={styles.actions}>{actions}</div>}
    </div>
  );
}
