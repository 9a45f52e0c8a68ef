import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { cx } from '../../lib/cx';
import { describedBy, FieldChrome } from './field';
import styles from './field.module.css';

export interface InputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  optionalLabel?: string;
  hint?: ReactNode;
  error?: string | null;
  counter?: string;
  id?: string;
}

export function Input({
  label,
  optionalLabel,
  hint,
  error,
  counter,
  id,
  className,
  ...rest
}: InputProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <FieldChrome
      id={inputId}
      label={label}
      optionalLabel={optionalLabel}
      hint={hint}
      error={error}
      counter={counter}
    >
      <input
        id={inputId}
        className={cx(styles.control, className)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, Boolean(hint), error)}
        {...rest}
      />
    </FieldChrome>
  );
}
