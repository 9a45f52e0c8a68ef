import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@carol/contracts';
import { AlertIcon, ChevronLeftIcon, ChevronRightIcon } from '../../components/icons';
import { Button, EmptyState, IconButton, Skeleton } from '../../components/ui';
import { cx } from '../../lib/cx';
import type { useHolidays } from './api';
import { addMonths, dayLabel, monthGrid, monthLabel, monthOf, weekdayLabels } from './calendar';
import styles from './booking.module.css';

export interface BookingCalendarProps {
  language: Language;
  /** Today in the shop's time zone: earlier days are disabled. */
  today: string;
  /** The last bookable date: later days are disabled. */
  lastDate: string;
  /** Closed dates (holidays and weekly days off): greyed out. */
  closedDates: ReadonlySet<string>;
  selected: string | null;
  onSelect: (date: string) => void;
}

/** A Monday-first month calendar (spec 9) with holidays greyed and past days disabled. */
export function BookingCalendar({
  language,
  today,
  lastDate,
  closedDates,
  selected,
  onSelect,
}: BookingCalendarProps) {
  const { t } = useTranslation('booking');
  const firstMonth = monthOf(today);
  const lastMonth = monthOf(lastDate);
  const [month, setMonth] = useState(() =>
    selected && selected >= today && selected <= lastDate ? monthOf(selected) : firstMonth,
  );
  const weekdays = weekdayLabels(language);
  const longWeekdays = weekdayLabels(language, 'long');

  return (
    <div className={styles.calendar}>
      <div className={styles.calendarHeader}>
        <IconButton
          label={t('first.prevMonth')}
          icon={<ChevronLeftIcon />}
          disabled={month <= firstMonth}
          onClick={() => setMonth(addMonths(month, -1))}
        />
        <h3 className={styles.monthTitle} aria-live="polite">
          {monthLabel(month, language)}
        </h3>
        <IconButton
          label={t('first.nextMonth')}
          icon={<ChevronRightIcon />}
          disabled={month >= lastMonth}
          onClick={() => setMonth(addMonths(month, 1))}
        />
      </div>
      <table className={styles.grid} aria-label={monthLabel(month, language)}>
        <thead>
          <tr>
            {weekdays.map((label, i) => (
              <th key={label} scope="col" className={styles.weekday} abbr={longWeekdays[i]}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthGrid(month).map((week) => (
            <tr key={week[0]?.iso}>
              {week.map((day) => {
                const isClosed = closedDates.has(day.iso);
                const isOutOfRange = day.iso < today || day.iso > lastDate;
                const isSelected = day.iso === selected;
                return (
                  <td key={day.iso} className={styles.cell}>
                    <button
                      type="button"
                      className={cx(
                        styles.day,
                        !day.isInMonth && styles.dayOutside,
                        day.iso === today && styles.dayToday,
                        isClosed && !isOutOfRange && styles.dayHoliday,
                        isSelected && styles.daySelected,
                      )}
                      disabled={!day.isInMonth || isOutOfRange || isClosed}
                      aria-pressed={isSelected}
                      aria-hidden={!day.isInMonth || undefined}
                      tabIndex={day.isInMonth ? undefined : -1}
                      aria-label={`${dayLabel(day.iso, language, true)}${isClosed ? ` · ${t('first.holiday')}` : ''}${day.iso === today ? ` · ${t('first.today')}` : ''}`}
                      data-date={day.iso}
                      onClick={() => onSelect(day.iso)}
                    >
                      {day.day}
                      {isClosed && !isOutOfRange && day.isInMonth && (
                        <span className={styles.dayTag} aria-hidden="true">
                          {t('first.holiday')}
                        </span>
                      )}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The calendar of a booking step once the salon's closed days are read (`holidays`): a
 * skeleton meanwhile, the error with a retry when they could not be read.
 */
export function HolidayCalendar({
  holidays,
  ...calendar
}: Omit<BookingCalendarProps, 'today' | 'lastDate'> & {
  holidays: ReturnType<typeof useHolidays>;
}) {
  const { t } = useTranslation('booking');
  const shop = holidays.data?.shop;
  if (holidays.isPending) {
    return <Skeleton width="100%" height={330} radius="var(--radius-lg)" />;
  }
  if (holidays.isError || !shop) {
    return (
      <EmptyState
        icon={<AlertIcon size={28} />}
        title={t('error')}
        description={holidays.error?.message}
        actions={
          <Button size="md" onClick={() => void holidays.refetch()}>
            {t('retry')}
          </Button>
        }
      />
    );
  }
  return <BookingCalendar {...calendar} today={shop.today} lastDate={shop.last_bookable_date} />;
}
