import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { scalpMeasureKeys, type DiagnosisContent, type ScalpMeasureKey } from '@carol/contracts';
import { Chip } from '../../components/ui';
import { cx } from '../../lib/cx';
import { chartGeometry, measureSeries, measureStatus } from './measure-math';
import { formatLocalDate, useMeasureText } from './measure-text';
import styles from './records.module.css';

const size = { width: 340, height: 200 };

/**
 * Each measure over time (people would rather look than read): a line over the normal band,
 * chosen with chips. The SVG is one image with a summary for screen readers; the values are in a
 * table beside it (visually hidden), so nothing is only in the drawing.
 */
export function MeasureChart({ diagnoses }: { diagnoses: DiagnosisContent[] }) {
  const { t } = useTranslation('records');
  const text = useMeasureText();
  const available = useMemo(
    () =>
      scalpMeasureKeys.filter((key) =>
        diagnoses.some((d) => d.measures.some((m) => m.key === key)),
      ),
    [diagnoses],
  );
  const [chosen, setChosen] = useState<ScalpMeasureKey | null>(null);
  const key = chosen && available.includes(chosen) ? chosen : available[0];
  if (!key) return null;

  const series = measureSeries(diagnoses, key);
  const geometry = chartGeometry(series.points, series.normalMin, series.normalMax, size);
  const unit = text.unit(series.unit);
  const range = text.range(series.normalMin, series.normalMax, series.unit);
  const first = series.points[0]!;
  const last = series.points[series.points.length - 1]!;
  const summary =
    series.points.length === 1
      ? t('scalp.chartSummaryOne', {
          measure: text.name(key),
          first: formatLocalDate(first.date, text.language),
          value: `${text.value(first.value)} ${unit}`,
          range,
        })
      : t('scalp.chartSummary', {
          measure: text.name(key),
          count: series.points.length,
          first: formatLocalDate(first.date, text.language),
          last: formatLocalDate(last.date, text.language),
          value: `${text.value(last.value)} ${unit}`,
          range,
        });
  const path = geometry.points
    .map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)},${p.y.toFixed(1)}`)
    .join(' ');
  // Date labels: first and last, and the middle one when there is room.
  const labelled = new Set<number>([0, geometry.points.length - 1]);
  if (geometry.points.length >= 5) labelled.add(Math.floor((geometry.points.length - 1) / 2));
  const shortDate = (date: string) => {
    const d = new Date(`${date}T00:00:00Z`);
    return new Intl.DateTimeFormat(text.language === 'en' ? 'en' : text.language, {
      timeZone: 'UTC',
      year: '2-digit',
      month: 'numeric',
    }).format(d);
  };

  return (
    <section className={styles.section} aria-labelledby="scalp-chart-title">
      <h2 id="scalp-chart-title" className={styles.sectionTitle}>
        {t('scalp.chartTitle')}
      </h2>
      <div className={styles.chips} role="group" aria-label={t('scalp.chartChoose')}>
        {available.map((k) => (
          <Chip key={k} isSelected={k === key} onClick={() => setChosen(k)}>
            {text.name(k)}
          </Chip>
        ))}
      </div>
      <div className={styles.chartCard}>
        <svg
          className={styles.chart}
          viewBox={`0 0 ${size.width} ${size.height}`}
          role="img"
          aria-label={summary}
          data-testid="scalp-chart"
          data-measure={key}
        >
          {geometry.band && (
            <rect
              className={styles.chartBand}
              x={geometry.left}
              width={geometry.right - geometry.left}
              y={geometry.band.y1}
              height={Math.max(0, geometry.band.y2 - geometry.band.y1)}
            />
          )}
          {geometry.ticks.map((tick) => {
            const y =
              geometry.bottom -
              ((tick - geometry.yMin) / (geometry.yMax - geometry.yMin)) *
                (geometry.bottom - geometry.top);
            return (
              <g key={tick}>
                <line
                  className={styles.chartGrid}
                  x1={geometry.left}
                  x2={geometry.right}
                  y1={y}
                  y2={y}
                />
                <text className={styles.chartAxis} x={geometry.left - 6} y={y + 4} textAnchor="end">
                  {text.value(tick)}
                </text>
              </g>
            );
          })}
          {geometry.points.length > 1 && <path className={styles.chartLine} d={path} />}
          {geometry.points.map((p, i) => {
            const status = measureStatus(p.value, series.normalMin, series.normalMax);
            return (
              <g key={`${p.date}-${i}`}>
                <circle
                  className={cx(
                    styles.chartDot,
                    (status === 'low' || status === 'high') && styles.chartDotOut,
                  )}
                  cx={p.x}
                  cy={p.y}
                  r={geometry.points.length > 24 ? 3 : 4.5}
                />
                {labelled.has(i) && (
                  <text
                    className={styles.chartAxis}
                    x={p.x}
                    y={geometry.height - 8}
                    textAnchor={
                      geometry.points.length === 1
                        ? 'middle'
                        : i === 0
                          ? 'start'
                          : i === geometry.points.length - 1
                            ? 'end'
                            : 'middle'
                    }
                  >
                    {shortDate(p.date)}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
        <p className={styles.legend} aria-hidden="true">
          <span className={styles.legendBand}>
            {t('scalp.normalBand')} {range}
          </span>
          {/* The band's text carries the unit; without a band, say it once. */}
          {!geometry.band && <span>{unit}</span>}
        </p>
        <table className="visually-hidden">
          <caption>{t('scalp.chartTable', { measure: text.name(key) })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('scalp.chartDate')}</th>
              <th scope="col">{t('scalp.chartValue')}</th>
              <th scope="col">{t('scalp.chartStatus')}</th>
            </tr>
          </thead>
          <tbody>
            {series.points.map((p, i) => (
              <tr key={`${p.date}-${i}`}>
                <td>{formatLocalDate(p.date, text.language)}</td>
                <td>
                  {text.value(p.value)} {unit}
                </td>
                <td>
                  {t(`scalp.status.${measureStatus(p.value, series.normalMin, series.normalMax)}`)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
