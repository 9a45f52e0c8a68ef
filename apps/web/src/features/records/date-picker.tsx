import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { todayIn } from '@carol/contracts';
import { timeZoneOf } from '@carol/i18n/client';
import { ChevronLeftIcon, ChevronRightIcon } from '../../components/icons';
import { Button, IconButton, Sheet } from '../../components/ui';
import { cx } from '../../lib/cx';
import { useCommonStore } from '../../lib/stores/common.store';
import { useDateVisitList, useShopVisitList } from './api';
import {
  addMonths,
  checkRange,
  isInRange,
  monthGrid,
  monthOf,
  pickDay,
  rangeFromParams,
  type RangeDraft,
} from './date-range';
import { formatMonth, formatShortDate, formatVisitDate, weekdayNames } from './format';
import styles from './history.module.css';

/**
 * /mypage/myphoto/:shop?/datepicker — a sheet over the photos: a calendar with the days that
 * have visits marked (getDateVisitList), a start and an end (both required, spec 5), clear.
 * Applying or clearing returns to the photos with `?from=&to=`.
 */
export function HistoryDatePicker() {
  const { t } = useTranslation('history');
  const { t: te } = useTranslation('errors');
  const language = useCommonStore((s) => s.language);
  const server = useCommonStore((s) => s.server);
  const navigate = useNavigate();
  const { shop } = useParams();
  const shopId = Number(shop) > 0 ? Number(shop) : null;
  const [params] = useSearchParams();
  const current = rangeFromParams(params);
  const today = todayIn(timeZoneOf[server]);
  const [draft, setDraft] = useState<RangeDraft>({
    start: current?.from ?? null,
    end: current?.to ?? null,
  });
  // Open on the chosen range, else on the month of the latest visit (not an empty month).
  const shops = useShopVisitList();
  const latestVisit = (shops.data ?? [])
    .filter((s) => shopId === null || s.shop_id === shopId)
    .map((s) => s.last_visit_date)
    .filter((d): d is string => d !== null)
    .sort()
    .at(-1);
  const [chosenMonth, setMonth] = useState<string | null>(current ? monthOf(current.to) : null);
  const month = chosenMonth ?? monthOf(latestVisit ?? today);
  const [error, setError] = useState<string | null>(null);
  const weeks = monthGrid(month);
  const first = weeks[0]![0]!;
  const last = weeks[5]![6]!;
  const marks = useDateVisitList(first, last, shopId);
  const names = weekdayNames(language);

  const back = (patch: { from: string; to: string } | null) => {
    const next = new URLSearchParams(params);
    if (patch) {
      next.set('from', patch.from);
      next.set('to', patch.to);
    } else {
      next.delete('from');
      next.delete('to');
    }
    const query = next.toString();
    void navigate(
      { pathname: '..', search: query ? `?${query}` : '' },
      {
        relative: 'path',
        replace: true,
      },
    );
  };

  const apply = () => {
    const check = checkRange(draft);
    if (!check.isComplete) {
      setError(te(check.code));
      return;
    }
    back(check.range);
  };

  return (
    <Sheet isOpen onClose={() => back(current)} title={t('picker.title')}>
      <div className={styles.picker} data-testid="history-date-picker">
        <p className={styles.pickerHint}>{t('picker.hint')}</p>
        <dl className={styles.pickerChosen}>
          <div>
            <dt>{t('picker.start')}</dt>
            <dd data-testid="picker-start">
              {draft.start ? formatShortDate(draft.start, language) : t('picker.notChosen')}
            </dd>
          </div>
          <div>
            <dt>{t('picker.end')}</dt>
            <dd data-testid="picker-end">
              {draft.end ? formatShortDate(draft.end, language) : t('picker.notChosen')}
            </dd>
          </div>
        </dl>
        <div className={styles.monthBar}>
          <IconButton
            label={t('picker.prevMonth')}
            icon={<ChevronLeftIcon />}
            onClick={() => setMonth(addMonths(month, -1))}
          />
          <h3 className={styles.monthTitle} aria-live="polite">
            {formatMonth(month, language)}
          </h3>
          <IconButton
            label={t('picker.nextMonth')}
            icon={<ChevronRightIcon />}
            onClick={() => setMonth(addMonths(month, 1))}
            disabled={month >= monthOf(today)}
          />
        </div>
        <table className={styles.calendar} role="grid">
          <thead>
            <tr>
              {names.map((name, i) => (
                <th key={i} scope="col" className={cx(i === 0 && styles.sunday)}>
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week[0]}>
                {week.map((day, i) => {
                  const isOutside = monthOf(day) !== month;
                  const isMarked = marks.data?.has(day) ?? false;
                  const isEdge = day === draft.start || day === draft.end;
                  const isFuture = day > today;
                  return (
                    <td key={day}>
                      <button
                        type="button"
                        className={cx(
                          styles.day,
                          isOutside && styles.dayOutside,
                          isInRange(day, draft) && styles.dayInRange,
                          isEdge && styles.dayEdge,
                          i === 0 && styles.sunday,
                          day === today && styles.dayToday,
                        )}
                        disabled={isFuture}
                        aria-pressed={isEdge}
                        aria-label={`${formatVisitDate(day, language)}${isMarked ? `, ${t('picker.visitDay')}` : ''}`}
                        onClick={() => {
                          setError(null);
                          setDraft((d) => pickDay(d, day));
                        }}
                        data-date={day}
                        data-marked={isMarked || undefined}
                      >
                        <span>{Number(day.slice(8))}</span>
                        {isMarked && <span className={styles.dayMark} aria-hidden="true" />}
                      </button>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
        {marks.isError && <p className={styles.pickerNote}>{t('picker.marksError')}</p>}
        {error && (
          <p className={styles.pickerError} role="alert" data-testid="picker-error">
            {error}
          </p>
        )}
        <div className={styles.pickerButtons}>
          <Button variant="outline" size="lg" onClick={() => back(null)} data-testid="picker-clear">
            {t('picker.clear')}
          </Button>
          <Button size="lg" onClick={apply} data-testid="picker-apply">
            {t('picker.apply')}
          </Button>
        </div>
      </div>
    </Sheet>
  );
}
