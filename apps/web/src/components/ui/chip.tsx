import type { ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router';
import { cx } from '../../lib/cx';
import styles from './chip.module.css';

export interface ChipProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  isSelected?: boolean;
}

/** A toggle chip (filters, choices). */
export function Chip({ isSelected = false, className, type = 'button', ...rest }: ChipProps) {
  return (
    <button
      type={type}
      aria-pressed={isSelected}
      className={cx(styles.chip, isSelected && styles.selected, className)}
      {...rest}
    />
  );
}

export interface ChipLinkProps extends LinkProps {
  isSelected?: boolean;
}

/** A chip that navigates (e.g. style by length). */
export function ChipLink({ isSelected = false, className, ...rest }: ChipLinkProps) {
  return (
    <Link
      aria-current={isSelected ? 'page' : undefined}
      className={cx(styles.chip, isSelected && styles.selected, className)}
      {...rest}
    />
  );
}
