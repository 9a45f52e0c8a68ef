import type { ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router';
import { cx } from '../../lib/cx';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'inverse' | 'onDark';
export type ButtonSize = 'md' | 'lg';

export interface ButtonStyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Full width. */
  block?: boolean;
}

export function buttonClassName(
  { variant = 'primary', size = 'lg', block = false }: ButtonStyleProps,
  extra?: string,
) {
  return cx(styles.button, styles[variant], styles[size], block && styles.block, extra);
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonStyleProps {
  /** Shows a spinner and blocks clicks while an action runs. */
  isBusy?: boolean;
}

export function Button({
  variant,
  size,
  block,
  isBusy = false,
  className,
  type = 'button',
  disabled,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClassName({ variant, size, block }, className)}
      disabled={disabled || isBusy}
      aria-busy={isBusy || undefined}
      {...rest}
    >
      {isBusy && <span className={styles.spinner} aria-hidden="true" />}
      {children}
    </button>
  );
}

export type ButtonLinkProps = LinkProps & ButtonStyleProps;

/** A link that looks like a button (navigation, not an action). */
export function ButtonLink({ variant, size, block, className, ...rest }: ButtonLinkProps) {
  return <Link className={buttonClassName({ variant, size, block }, className)} {...rest} />;
}
