import { useTranslation } from 'react-i18next';
import { cx } from '../lib/cx';
import { pageStyles } from './page';

const steps = ['first', 'second', 'check'] as const;
export type ReservationStep = (typeof steps)[number];

/** Spec section 4: first (date and time), second (designer and menu), check (confirm). */
export function ReservationSteps({ current }: { current: ReservationStep }) {
  const { t } = useTranslation('screens');
  const currentIndex = steps.indexOf(current);
  return (
    <ol className={pageStyles.steps} aria-label={t('reservationSteps.label')}>
      {steps.map((step, index) => (
        <li
          key={step}
          className={cx(
            pageStyles.step,
            index < currentIndex && pageStyles.stepDone,
            index === currentIndex && pageStyles.stepCurrent,
          )}
          aria-current={index === currentIndex ? 'step' : undefined}
        >
          <span className={pageStyles.stepDot}>{index + 1}</span>
          <span className={pageStyles.stepLabel} data-single-line>
            {t(`reservationSteps.${step}`)}
          </span>
        </li>
      ))}
    </ol>
  );
}
