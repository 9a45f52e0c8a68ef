import { useId, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { cx } from '../../lib/cx';
import { describedBy, FieldChrome } from './field';
import styles from './field.module.css';

export interface TextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: ReactNode;
  optionalLabel?: string;
  hint?: ReactNode;
  error?: string | null;
  counter?: string;
  id?: string;
}

export function TextArea({
  label,
  optionalLabel,
  hint,
  error,
  counter,
  id,
  className,
  ...rest
}: TextAreaProps) {
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
      <textarea
        id={inputId}
        className={cx(styles.control, styles.textarea, className)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, Boolean(hint), error)}
        {...rest}
      />
    </FieldChrome>
  );
}
