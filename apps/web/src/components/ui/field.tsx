import type { ReactNode } from 'react';
import styles from './field.module.css';

export interface FieldChromeProps {
  id: string;
  label: ReactNode;
  /** Text such as "(optional)" shown after the label. */
  optionalLabel?: string;
  hint?: ReactNode;
  error?: string | null;
  /** e.g. "12 / 4000", shown on the label row. */
  counter?: string;
  children: ReactNode;
}

export function hintId(id: string) {
  return `${id}-hint`;
}
export function errorId(id: string) {
  return `${id}-error`;
}

/** Label, hint, error message and counter around one control (shared by Input, TextArea, Select). */
export function FieldChrome({
  id,
  label,
  optionalLabel,
  hint,
  error,
  counter,
  children,
}: FieldChromeProps) {
  return (
    <div className={styles.field}>
      <div className={styles.labelRow}>
        <label htmlFor={id} className={styles.label}>
          {label}
          {optionalLabel && <span className={styles.optional}>{optionalLabel}</span>}
        </label>
        {counter && (
          <span className={styles.counter} aria-hidden="true">
            {counter}
          </span>
        )}
      </div>
      {children}
      {hint && !error && (
        <p id={hintId(id)} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId(id)} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export function describedBy(
  id: string,
  hasHint: boolean,
  error?: string | null,
): string | undefined {
  if (error) return errorId(id);
  return hasHint ? hintId(id) : undefined;
}
