import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { reviewLimits, type BookingReview } from '@carol/contracts';
import { FailureBanner } from '../../components/failure-banner';
import { CloseIcon, ImageIcon } from '../../components/icons';
import { Button, TextArea } from '../../components/ui';
import { cx } from '../../lib/cx';
import { useCommonStore } from '../../lib/stores/common.store';
import { useAddReview } from './api';
import styles from './booking.module.css';

/** A written review, read only. */
export function ReviewView({ review }: { review: BookingReview }) {
  const { t } = useTranslation('booking');
  return (
    <div className={styles.section}>
      <p className={styles.stars} aria-label={t('review.star', { count: review.rating })}>
        {[1, 2, 3, 4, 5].map((n) => (
          <span
            key={n}
            aria-hidden="true"
            className={n <= review.rating ? styles.starOn : undefined}
          >
            ★
          </span>
        ))}
      </p>
      {review.body && <p className={styles.reviewText}>{review.body}</p>}
      {review.photos.length > 0 && (
        <ul className={styles.photos}>
          {review.photos.map((photo) => (
            <li key={photo.url} className={styles.photo}>
              <img src={photo.thumb_url ?? photo.url} alt="" loading="lazy" />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Review of a visited booking, once: rating 1–5, text and up to five photos. */
export function ReviewForm({ bookingId, onDone }: { bookingId: number; onDone: () => void }) {
  const { t } = useTranslation('booking');
  const [rating, setRating] = useState(0);
  const [body, setBody] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const review = useAddReview(bookingId);
  const previews = useMemo(() => photos.map((file) => URL.createObjectURL(file)), [photos]);
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rating < 1) return setError(t('review.ratingRequired'));
    setError(null);
    review.mutate(
      { rating, body: body.trim(), photos },
      {
        onSuccess: () => {
          useCommonStore.getState().showToast(t('review.done'));
          onDone();
        },
      },
    );
  };

  return (
    <form className={styles.section} onSubmit={submit} noValidate>
      {review.isError && <FailureBanner title={t('detail.failed')} error={review.error} />}
      <fieldset className={styles.stars}>
        <legend className="visually-hidden">{t('review.rating')}</legend>
        {[1, 2, 3, 4, 5].map((n) => (
          <button
            key={n}
            type="button"
            className={cx(styles.starButton, n <= rating && styles.starOn)}
            aria-pressed={n === rating}
            aria-label={t('review.star', { count: n })}
            onClick={() => {
              setRating(n);
              setError(null);
            }}
          >
            ★
          </button>
        ))}
      </fieldset>
      {error && (
        <p className={styles.alert} role="alert">
          {error}
        </p>
      )}
      <TextArea
        label={t('review.body')}
        name="body"
        rows={4}
        maxLength={reviewLimits.bodyMax}
        placeholder={t('review.bodyPlaceholder')}
        counter={`${body.length}/${reviewLimits.bodyMax}`}
        value={body}
        onChange={(event) => setBody(event.target.value)}
      />
      <span className={styles.muted}>{t('review.photos', { max: reviewLimits.photosMax })}</span>
      <ul className={styles.photos}>
        {previews.map((url, i) => (
          <li key={url} className={styles.photo}>
            <img src={url} alt="" />
            <button
              type="button"
              className={styles.photoRemove}
              aria-label={t('review.removePhoto', { index: i + 1 })}
              onClick={() => setPhotos((current) => current.filter((_, j) => j !== i))}
            >
              <CloseIcon size={14} />
            </button>
          </li>
        ))}
        {photos.length < reviewLimits.photosMax && (
          <li>
            <label className={styles.addPhoto}>
              <ImageIcon size={22} />
              <span className="visually-hidden">{t('review.addPhoto')}</span>
              <input
                type="file"
                accept="image/*"
                multiple
                className="visually-hidden"
                onChange={(event) => {
                  const chosen = Array.from(event.target.files ?? []);
                  event.target.value = '';
                  setPhotos((current) => [...current, ...chosen].slice(0, reviewLimits.photosMax));
                }}
              />
            </label>
          </li>
        )}
      </ul>
      <Button type="submit" block isBusy={review.isPending}>
        {t('review.submit')}
      </Button>
    </form>
  );
}
