import type { FormEvent } from 'react';
import { CloseIcon, SearchIcon } from './icons';
import styles from './search-field.module.css';

export interface SearchFieldProps {
  name: string;
  value: string;
  onChange: (value: string) => void;
  onClear: () => void;
  onSubmit: () => void;
  label: string;
  placeholder: string;
  clearLabel: string;
  /** A visible submit button ("Search"); without it, Enter still submits. */
  submitLabel?: string;
  autoFocus?: boolean;
}

/** The pill-shaped search box of the Find list and the place search: icon, field, clear, submit. */
export function SearchField(props: SearchFieldProps) {
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  return (
    <form role="search" className={styles.form} onSubmit={onSubmit}>
      <SearchIcon size={20} aria-hidden="true" />
      <input
        type="search"
        name={props.name}
        enterKeyHint="search"
        autoComplete="off"
        className={styles.input}
        aria-label={props.label}
        placeholder={props.placeholder}
        value={props.value}
        maxLength={100}
        // Only screens whose whole purpose is typing a query ask for this.
        autoFocus={props.autoFocus}
        onChange={(event) => props.onChange(event.target.value)}
      />
      {props.value && (
        <button
          type="button"
          className={styles.clear}
          aria-label={props.clearLabel}
          onClick={props.onClear}
        >
          <CloseIcon size={16} />
        </button>
      )}
      {props.submitLabel && (
        <button type="submit" className={styles.submit}>
          {props.submitLabel}
        </button>
      )}
    </form>
  );
}
