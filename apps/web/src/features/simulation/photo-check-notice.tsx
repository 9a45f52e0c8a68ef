import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { PhotoFindingCode } from '@carol/contracts';
import { AlertIcon } from '../../components/icons';
import { Button, IconBubble } from '../../components/ui';
import type { PhotoFinding } from './use-simulation';
import styles from './simulation.module.css';

/** At most this many reasons are listed (the most important first), so the buttons stay in view. */
const MAX_SHOWN = 3;

/**
 * Codes in order of how much they spoil a try-on: the photo's framing first (nothing can fix a
 * cut face later), then what covers the face, then the pose and the light.
 */
const priority: readonly PhotoFindingCode[] = [
  'several_faces',
  'face_cut_off',
  'head_cut_off',
  'face_small',
  'hair_over_eyes',
  'hair_over_face',
  'head_yaw',
  'head_pitch',
  'head_roll',
  'face_dark',
  'face_bright',
];

/** The findings to show, most important first, one per code, known codes only. */
export function shownFindings(findings: readonly PhotoFinding[]): PhotoFindingCode[] {
  const codes = new Set(findings.map((f) => f.code));
  return priority.filter((code) => codes.has(code)).slice(0, MAX_SHOWN);
}

/**
 * The photo check's notice (ADR 037): why the photo will not work well and how to retake it,
 * with "Retake / choose another photo" and "Continue anyway" (the person can always go on).
 * Placed above the photo, compact, so its buttons stay on screen on a 360-px phone.
 */
export function PhotoCheckNotice({
  findings,
  onRetake,
  onContinue,
}: {
  findings: readonly PhotoFinding[];
  onRetake: () => void;
  onContinue: () => void;
}) {
  const { t } = useTranslation('simulation');
  const codes = shownFindings(findings);
  const heading = useRef<HTMLHeadingElement>(null);
  // Screen readers and keyboards land on the notice when it appears.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section
      className={styles.checkNotice}
      aria-labelledby="photo-check-title"
      data-testid="photo-check"
    >
      <div className={styles.checkHeader}>
        <IconBubble>
          <AlertIcon size={20} />
        </IconBubble>
        <h2 id="photo-check-title" className={styles.checkTitle} ref={heading} tabIndex={-1}>
          {t('check.title')}
        </h2>
      </div>
      <ul className={styles.checkList}>
        {codes.map((code) => (
          <li key={code} data-code={code}>
            <span className={styles.checkReason}>{t(`check.findings.${code}.reason`)}</span>
            <span className={styles.checkFix}>{t(`check.findings.${code}.fix`)}</span>
          </li>
        ))}
      </ul>
      <div className={styles.checkActions}>
        <Button size="md" onClick={onRetake} data-testid="photo-check-retake">
          {t('check.retake')}
        </Button>
        <Button size="md" variant="outline" onClick={onContinue} data-testid="photo-check-continue">
          {t('check.continue')}
        </Button>
      </div>
    </section>
  );
}
