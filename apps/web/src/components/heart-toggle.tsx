import { useState } from 'react';
import { cx } from '../lib/cx';
import { HeartIcon } from './icons';
import styles from './heart-toggle.module.css';

export interface HeartToggleProps {
  pressed: boolean;
  /** Called with the state the user asked for. */
  onToggle: (next: boolean) => void;
  /** A fixed name ("Favourite"); the pressed state is announced through aria-pressed. */
  label: string;
  /** `overlay`: a white disc for use on top of a photo; `soft`: an outlined disc. */
  variant?: 'plain' | 'overlay' | 'soft';
  size?: number;
  disabled?: boolean;
  className?: string;
}

/** A toggle button with a heart: filled and berry-coloured when pressed, with a short pop. */
export function HeartToggle({
  pressed,
  onToggle,
  label,
  variant = 'plain',
  size = 22,
  disabled,
  className,
}: HeartToggleProps) {
  // Bumped on every press so the pop animation restarts (the key remounts the icon).
  const [pops, setPops] = useState(0);
  return (
    <button
      type="button"
      className={cx(
        styles.heart,
        variant === 'overlay' && styles.overlay,
        variant === 'soft' && styles.soft,
        pops > 0 && pressed && styles.pop,
        className,
      )}
      aria-pressed={pressed}
      aria-label={label}
      disabled={disabled}
      onClick={(event) => {
        event.preventDefault();
        event.stopPropagation();
        if (!pressed) setPops((n) => n + 1);
        onToggle(!pressed);
      }}
    >
      <HeartIcon key={pops} size={size} />
    </button>
  );
}
