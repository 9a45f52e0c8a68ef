import { LogoMark } from './logo';
import styles from './splash.module.css';

/** Shown while the first screen's code and the guard run. */
export function Splash() {
  return (
    <div className={styles.splash} aria-busy="true">
      <div className={styles.mark}>
        <LogoMark size={56} />
      </div>
    </div>
  );
}
