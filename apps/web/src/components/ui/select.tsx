import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { cx } from '../../lib/cx';
import { describedBy, FieldChrome } from './field';
import styles from './field.module.css';

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  id?: string;
}

/** Native select (best on phones), styled like the other fields. */
export function Select({ label, hint, error, id, className, children, ...rest }: SelectProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  return (
    <FieldChrome id={selectId} label={label} hint={hint} error={error}>
      <select
        id={selectId}
        className={cx(styles.control, styles.select, className)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(selectId, Boolean(hint), error)}
        {...rest}
      >
        {children}
      </select>
    </FieldChrome>
  );
}
