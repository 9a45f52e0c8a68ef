import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { BookingTime, Language } from '@carol/contracts';
import { BellIcon, CheckIcon } from '../../components/icons';
import { Button, Chip } from '../../components/ui';
import { useCommonStore } from '../../lib/stores/common.store';
import { dayLabel, minutesOf } from './calendar';
import { useJoinWaitlist, useLeaveWaitlist, useWaitlist, type WaitlistEntry } from './api';
import styles from './booking.module.css';
import waitlistStyles from './waitlist.module.css';

const clockOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Where the bookings list shows the waitlist: the member looks for it beside their bookings. */
export const waitlistPath = '/mypage/reservation/done';

export interface WaitlistOfferProps {
  shopId: number;
  date: string;
  times: readonly BookingTime[];
  slotMinutes: number;
  designer: { id: number; name: string } | null;
}

/**
 * Shown where a day (or the chosen designer's day) has no free time: "tell me if a time opens",
 * for any designer or the chosen one, all day or a window of start times (ADR 058).
 */
export function WaitlistOffer({ shopId, date, times, slotMinutes, designer }: WaitlistOfferProps) {
  const { t } = useTranslation('waitlist');
  const language = useCommonStore((s) => s.language);
  const id = useId();
  const join = useJoinWaitlist();
  const [isOnlyDesigner, setOnlyDesigner] = useState(designer !== null);
  const [hasWindow, setHasWindow] = useState(false);
  const starts = times.map((slot) => minutesOf(slot.time));
  const first = starts[0] ?? 10 * 60;
  const last = (starts[starts.length - 1] ?? 19 * 60) + slotMinutes;
  const [from, setFrom] = useState(first);
  const [to, setTo] = useState(last);
  const ends = [...starts.filter((m) => m > from), last].filter(
    (m, i, all) => all.indexOf(m) === i,
  );

  if (join.isSuccess) {
    return (
      <div className={`${styles.alert} ${styles.info}`} role="status" data-waitlist="joined">
        <CheckIcon size={18} />
        <p>{t('offer.joined', { date: dayLabel(date, language) })}</p>
        <div className={styles.alertActions}>
          <Link to={waitlistPath} className={waitlistStyles.link}>
            {t('offer.manage')}
          </Link>
        </div>
      </div>
    );
  }

  return (
    <section className={waitlistStyles.offer} aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className={waitlistStyles.title}>
        <BellIcon size={18} /> {t('offer.title')}
      </h4>
      <p className={styles.sectionNote}>
        {t('offer.description', { date: dayLabel(date, language) })}
      </p>
      {designer && (
        <div className={waitlistStyles.choices} role="group" aria-label={t('offer.designer')}>
          <Chip isSelected={isOnlyDesigner} onClick={() => setOnlyDesigner(true)}>
            {t('offer.onlyDesigner', { name: designer.name })}
          </Chip>
          <Chip isSelected={!isOnlyDesigner} onClick={() => setOnlyDesigner(false)}>
            {t('offer.anyDesigner')}
          </Chip>
        </div>
      )}
      <div className={waitlistStyles.choices} role="group" aria-label={t('offer.window')}>
        <Chip isSelected={!hasWindow} onClick={() => setHasWindow(false)}>
          {t('offer.anyTime')}
        </Chip>
        <Chip isSelected={hasWindow} onClick={() => setHasWindow(true)}>
          {t('offer.between')}
        </Chip>
      </div>
      {hasWindow && (
        <div className={waitlistStyles.window}>
          <label className={waitlistStyles.select}>
            <select
              value={from}
              onChange={(e) => {
                const next = Number(e.target.value);
                setFrom(next);
                if (to <= next) setTo(Math.min(last, next + slotMinutes));
              }}
            >
              {starts.map((m) => (
                <option key={m} value={m}>
                  {clockOf(m)}
                </option>
              ))}
            </select>
            <span>{t('offer.from')}</span>
          </label>
          <label className={waitlistStyles.select}>
            <select value={to} onChange={(e) => setTo(Number(e.target.value))}>
              {ends.map((m) => (
                <option key={m} value={m}>
                  {clockOf(m)}
                </option>
              ))}
            </select>
            <span>{t('offer.to')}</span>
          </label>
        </div>
      )}
      {join.isError && (
        <p className={waitlistStyles.error} role="alert">
          {join.error.message}
        </p>
      )}
      <Button
        size="md"
        variant="outline"
        block
        isBusy={join.isPending}
        onClick={() =>
          join.mutate({
            shop_id: shopId,
            date,
            ...(designer && isOnlyDesigner ? { designer_id: designer.id } : {}),
            ...(hasWindow ? { time_from: clockOf(from), time_to: clockOf(to) } : {}),
          })
        }
      >
        {t('offer.submit')}
      </Button>
    </section>
  );
}

function WaitlistItem({ entry, language }: { entry: WaitlistEntry; language: Language }) {
  const { t } = useTranslation('waitlist');
  const leave = useLeaveWaitlist();
  const status = {
    waiting: { label: t('list.statusWaiting'), tone: styles.badgeMuted },
    notified: { label: t('list.statusNotified'), tone: styles.badgeAccent },
    booked: { label: t('list.statusBooked'), tone: '' },
  }[entry.status];
  const book = `/reservation/first?shop_id=${entry.shop_id}&date=${entry.date}${
    entry.designer_id === null ? '' : `&designer_id=${entry.designer_id}`
  }`;
  return (
    <li className={waitlistStyles.item} data-waitlist-entry={entry.entry_id}>
      <div className={styles.cardHead}>
        <p className={styles.cardDate}>{dayLabel(entry.date, language, true)}</p>
        <span className={`${styles.badge} ${status.tone}`}>{status.label}</span>
      </div>
      <p className={styles.cardShop}>{entry.shop_name}</p>
      <p className={styles.cardMeta}>
        {[
          entry.designer_name ?? t('list.anyDesigner'),
          entry.time_from && entry.time_to
            ? `${entry.time_from}–${entry.time_to}`
            : t('list.anyTime'),
        ].join(' · ')}
      </p>
      {leave.isError && (
        <p className={waitlistStyles.error} role="alert">
          {leave.error.message}
        </p>
      )}
      <div className={waitlistStyles.actions}>
        {entry.status !== 'booked' && (
          <Link to={book} className={waitlistStyles.link}>
            {t('list.book')}
          </Link>
        )}
        <Button
          size="md"
          variant="ghost"
          isBusy={leave.isPending}
          onClick={() => leave.mutate(entry.entry_id)}
        >
          {t('list.leave')}
        </Button>
      </div>
    </li>
  );
}

/** The member's waitlist above their bookings; nothing when they wait for nothing. */
export function WaitlistList() {
  const { t } = useTranslation('waitlist');
  const language = useCommonStore((s) => s.language);
  const id = useId();
  const list = useWaitlist();
  const entries = list.data?.waitlist ?? [];
  if (entries.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.sectionTitle}>
        <span>
          <BellIcon size={16} /> {t('list.title')}
        </span>
        <span className={styles.muted}>
          {t('list.count', { count: entries.length, limit: list.data?.limit ?? 0 })}
        </span>
      </h2>
      <ul className={waitlistStyles.list}>
        {entries.map((entry) => (
          <WaitlistItem key={entry.entry_id} entry={entry} language={language} />
        ))}
      </ul>
    </section>
  );
}
