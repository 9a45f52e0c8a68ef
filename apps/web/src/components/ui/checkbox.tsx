import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { errorId } from './field';
import styles from './field.module.css';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> {
  label: ReactNode;
  error?: string | null;
  id?: string;
}

export function Checkbox({ label, error, id, ...rest }: CheckboxProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div>
      <label className={styles.checkboxRow} htmlFor={inputId}>
        <input
          id={inputId}
          type="checkbox"
          className={styles.checkbox}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId(inputId) : undefined}
          {...rest}
        />
        <span>{label}</span>
      </label>
      {error && (
        <p id={errorId(inputId)} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
