import { useTranslation } from 'react-i18next';
import type { ScalpMeasure } from '@carol/contracts';
import { cx } from '../../lib/cx';
import { rangeBarLayout } from './measure-math';
import { useMeasureText } from './measure-text';
import styles from './records.module.css';

/**
 * One measure against the salon's normal range: name and value, a bar with the normal band
 * shaded and the value's marker, out-of-range flagged in words and colour (never colour alone).
 */
export function MeasureRangeBar({ measure }: { measure: ScalpMeasure }) {
  const { t } = useTranslation('records');
  const text = useMeasureText();
  const layout = rangeBarLayout(measure.value, measure.normal_min, measure.normal_max);
  const isOut = layout.status === 'low' || layout.status === 'high';
  const range = text.range(measure.normal_min, measure.normal_max, measure.unit);
  const status = t(`scalp.status.${layout.status}`);
  return (
    <li
      className={cx(styles.measure, isOut && styles.measureOut)}
      data-measure={measure.key}
      data-status={layout.status}
    >
      <div className={styles.measureHead}>
        <span className={styles.measureName}>{text.name(measure.key)}</span>
        <span className={styles.measureValue}>
          {text.value(measure.value)}
          <small>{text.unit(measure.unit)}</small>
        </span>
      </div>
      <div
        className={styles.bar}
        role="img"
        aria-label={t('scalp.valueLabel', {
          measure: text.name(measure.key),
          value: `${text.value(measure.value)} ${text.unit(measure.unit)}`,
          range,
          status,
        })}
      >
        {layout.status !== 'unknown' && (
          <span
            className={styles.band}
            style={{
              insetInlineStart: `${layout.bandStart}%`,
              width: `${Math.max(0, layout.bandEnd - layout.bandStart)}%`,
            }}
          />
        )}
        <span
          className={cx(
            styles.marker,
            isOut && styles.markerOut,
            layout.status === 'unknown' && styles.markerUnknown,
          )}
          style={{ left: `${layout.marker}%` }}
        />
      </div>
      <div className={styles.measureFoot} aria-hidden="true">
        <span>
          {t('scalp.normalBand')} {range}
        </span>
        <span
          className={cx(
            styles.badge,
            isOut && styles.badgeDanger,
            layout.status === 'normal' && styles.badgeLinked,
          )}
        >
          {status}
        </span>
      </div>
    </li>
  );
}
