import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronRightIcon } from '../icons';
import styles from './section-header.module.css';

export interface SectionHeaderProps {
  title: ReactNode;
  subtitle?: ReactNode;
  action?: { to: string; label: string };
  id?: string;
  headingLevel?: 'h2' | 'h3';
}

export function SectionHeader({
  title,
  subtitle,
  action,
  id,
  headingLevel: Heading = 'h2',
}: SectionHeaderProps) {
  return (
    <div className={styles.header}>
      <div>
        <Heading id={id} className={styles.title}>
          {title}
        </Heading>
        {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
      </div>
      {action && (
        <Link to={action.to} className={styles.action}>
          {action.label}
          <ChevronRightIcon size={18} />
        </Link>
      )}
    </div>
  );
}
