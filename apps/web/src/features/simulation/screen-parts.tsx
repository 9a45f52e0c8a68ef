import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AlertIcon,
  CheckIcon,
  PaletteIcon,
  RefreshIcon,
  ScissorsIcon,
  SparklesIcon,
} from '../../components/icons';
import { pageStyles } from '../../components/page';
import { Button, ButtonLink, Sheet } from '../../components/ui';
import { cx } from '../../lib/cx';
import { paths } from '../../lib/paths';
import { selectShowsHint, useSimulationStore } from '../../lib/stores/simulation.store';
import type { PreparedPhoto } from './photo';
import type { Mode } from './use-style-mode';
import styles from './simulation.module.css';

/** While the canvas chunk loads: the photo, the same size as the stage it becomes. */
export function StageFallback({ photo }: { photo: PreparedPhoto }) {
  const { t } = useTranslation('simulation');
  return (
    <figure className={styles.stageWrap}>
      <div
        className={styles.stage}
        style={{ '--ratio': `${photo.width} / ${photo.height}` } as CSSProperties}
        aria-busy="true"
      >
        <img className={styles.photo} src={photo.url} alt={t('photo.alt')} draggable={false} />
      </div>
    </figure>
  );
}

/** Which one-time coach marks are still due, and how to retire one. */
export function useHints() {
  const showsColorHint = useSimulationStore(selectShowsHint('color'));
  const showsCompareHint = useSimulationStore(selectShowsHint('compare'));
  const showsStyleHint = useSimulationStore(selectShowsHint('style'));
  const markHintSeen = useSimulationStore((s) => s.markHintSeen);
  return { showsColorHint, showsCompareHint, showsStyleHint, markHintSeen };
}

/** A one-time coach mark: shown until the user has used what it explains. */
export function Hint({
  text,
  onDismiss,
  testId,
}: {
  text: string;
  onDismiss: () => void;
  testId: string;
}) {
  const { t } = useTranslation('simulation');
  return (
    <div className={styles.hint} role="note" data-testid={testId}>
      <SparklesIcon size={18} />
      <span className={styles.hintText}>{text}</span>
      <button type="button" className={styles.hintDismiss} onClick={onDismiss}>
        {t('hints.dismiss')}
      </button>
    </div>
  );
}

/** Spec 5/6: saving a simulation needs login — the spec's message, with the ways forward. */
export function SaveNeedsLoginSheet({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { t: te } = useTranslation('errors');
  return (
    <Sheet isOpen={isOpen} onClose={onClose} title={te('SAVE_REQUIRES_LOGIN')}>
      <div className={styles.loginSheet} data-testid="save-needs-login">
        <p>{te('NOT_A_MEMBER')}</p>
        <p className={styles.muted}>{te('MEMBERS_ONLY')}</p>
        <ButtonLink to={paths.login} size="lg" block onClick={onClose}>
          {t('membersOnly.login')}
        </ButtonLink>
        <ButtonLink to="/login/registeruser" size="lg" variant="outline" block onClick={onClose}>
          {t('membersOnly.register')}
        </ButtonLink>
      </div>
    </Sheet>
  );
}

/** Above the photo: the face check's state and "change photo". */
export function TopBar({
  hasFindings,
  faceFound,
  onChangePhoto,
}: {
  /** The photo check found something the person has not yet acknowledged. */
  hasFindings: boolean;
  faceFound: boolean;
  onChangePhoto: () => void;
}) {
  const { t } = useTranslation('simulation');
  return (
    <div className={styles.topBar}>
      {hasFindings ? (
        <span className={cx(styles.faceChip, styles.faceChipCheck)} role="status">
          <AlertIcon size={16} />
          {t('check.status')}
        </span>
      ) : (
        <span
          className={cx(styles.faceChip, faceFound && styles.faceChipFound)}
          role="status"
          data-testid={faceFound ? 'face-found' : 'face-detecting'}
        >
          {faceFound ? <CheckIcon size={16} /> : <span className={styles.chipSpinner} />}
          {faceFound ? t('photo.faceFound') : t('photo.detecting')}
        </span>
      )}
      <Button variant="ghost" size="md" onClick={onChangePhoto}>
        <RefreshIcon size={18} />
        {t('photo.change')}
      </Button>
    </div>
  );
}

/** Colour or hairstyle: the two modes of the try-on. */
export function ModeSwitch({ mode, onChange }: { mode: Mode; onChange: (next: Mode) => void }) {
  const { t } = useTranslation('simulation');
  return (
    <div
      className={cx(pageStyles.segmented, pageStyles.segmentedBlock)}
      role="group"
      aria-label={t('mode.label')}
    >
      {(['color', 'style'] as const).map((m) => (
        <button
          key={m}
          type="button"
          className={pageStyles.segment}
          aria-pressed={mode === m}
          onClick={() => onChange(m)}
          data-testid={`mode-${m}`}
        >
          {m === 'color' ? <PaletteIcon size={18} /> : <ScissorsIcon size={18} />}
          {t(`mode.${m}`)}
        </button>
      ))}
    </div>
  );
}
