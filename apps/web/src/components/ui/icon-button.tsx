import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { cx } from '../../lib/cx';
import styles from './icon-button.module.css';

export interface IconButtonProps extends Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'aria-label'
> {
  /** Accessible name; icon buttons have no visible text. */
  label: string;
  icon: ReactNode;
  variant?: 'plain' | 'soft';
}

export function IconButton({
  label,
  icon,
  variant = 'plain',
  className,
  type = 'button',
  ...rest
}: IconButtonProps) {
  return (
    <button
      type={type}
      aria-label={label}
      className={cx(styles.iconButton, variant === 'soft' && styles.soft, className)}
      {...rest}
    >
      {icon}
    </button>
  );
}
