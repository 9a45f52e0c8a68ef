import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { bookingLimits } from '@carol/contracts';
import { formatPrice } from '@carol/i18n/client';
import { FailureBanner } from '../../components/failure-banner';
import { AlertIcon, CheckIcon, PhoneIcon } from '../../components/icons';
import { Button, Input, Sheet, Skeleton, TextArea } from '../../components/ui';
import { PhoneChangeScreen } from '../../features/auth/phone-change-form';
import { isApiError } from '../../lib/api/api-error';
import {
  bookerProblems,
  consentsOf,
  consentsValue,
  draftOf,
  type BookerField,
  type BookerValues,
} from '../../features/booking/booker-form';
import { BookingConfirmation } from '../../features/booking/booking-confirmation';
import { BookingLookRow } from '../../features/booking/booking-look';
import { dayLabel } from '../../features/booking/calendar';
import { Consents } from '../../features/booking/consents';
import { FlowShell } from '../../features/booking/flow-shell';
import { NoShopState, ShopClosedState } from '../../features/booking/flow-states';
import { useAddBooking, useBookingProfile } from '../../features/booking/api';
import styles from '../../features/booking/booking.module.css';
import { trackBooking } from '../../lib/analytics';
import { useForm, type FieldCheck } from '../../lib/forms/use-form';
import { useCommonStore } from '../../lib/stores/common.store';
import { missingRequirement, useReservationStore } from '../../lib/stores/reservation.store';

const problemKeys = {
  nameRequired: 'check.nameRequired',
  requestTimeChange: 'check.requestTimeChange',
  consentRequired: 'check.consentRequired',
} as const;

/**
 * /reservation/check — steps 4 to 7: the summary, the booker's name, phone and request, the
 * two consents, Reserve. With ?booking=<id> it is the confirmation.
 */
export default function BookingCheckScreen() {
  const [params] = useSearchParams();
  const [doneId, setDoneId] = useState<number | null>(null);
  const fromUrl = Number(params.get('booking'));
  const bookingId = doneId ?? (Number.isInteger(fromUrl) && fromUrl > 0 ? fromUrl : null);
  if (bookingId !== null) return <BookingConfirmation bookingId={bookingId} />;
  return <CheckStep onBooked={setDoneId} />;
}

function CheckStep({ onBooked }: { onBooked: (bookingId: number) => void }) {
  const { t } = useTranslation('booking');
  const navigate = useNavigate();
  const language = useCommonStore((s) => s.language);
  const draft = useReservationStore();
  const profile = useBookingProfile();
  const booking = useAddBooking();
  const problemOf =
    (field: BookerField): FieldCheck<BookerValues> =>
    (_value, values) => {
      const problem = bookerProblems(draftOf(values))[field];
      return problem ? t(problemKeys[problem]) : null;
    };
  const form = useForm<BookerValues>({
    initial: { name: '', request: '', consents: '' },
    checks: {
      name: problemOf('name'),
      request: problemOf('request'),
      consents: problemOf('consents'),
    },
    // A note that asks to move the time is told at once, not only on submit (spec 5); a change
    // to the name or a consent clears its message until the next tap on Reserve.
    live: { name: 'clears', request: 'always', consents: 'clears' },
  });
  const { values, errors } = form;
  const [failure, setFailure] = useState<unknown>(null);
  const [isShopClosed, setIsShopClosed] = useState(false);
  const [isVerifying, setIsVerifying] = useState(false);

  // The booker name starts as the member's own name, put in once when the profile is in (the
  // field shows only then, so nothing typed is overwritten).
  const [hasProfileName, setHasProfileName] = useState(false);
  if (!hasProfileName && profile.data) {
    setHasProfileName(true);
    form.setValue('name', profile.data.name);
  }
  const phone = profile.data?.phone ?? null;
  const isPhoneVerified = profile.data?.phone_verified === true && phone !== null;
  const requestError = errors.request;

  const missing = missingRequirement(draft);
  if (missing === 'shop' || draft.shopID === null) {
    return (
      <FlowShell step="check">
        <NoShopState />
      </FlowShell>
    );
  }
  if (isShopClosed) {
    return (
      <FlowShell step="check">
        <ShopClosedState shopId={draft.shopID} />
      </FlowShell>
    );
  }
  // Spec 5: treatment, designer and date before a time; step two must have been saved.
  if (missing === 'date' || missing === 'time') return <Navigate to="/reservation/first" replace />;
  if (missing !== null || !draft.reservationPending) {
    return <Navigate to="/reservation/second" replace />;
  }
  const date = draft.selectedDate ?? '';
  const time = draft.selectedTime ?? '';
  const currency = draft.selectedMenuList[0]?.currency ?? 'KRW';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The booker's name and verified phone come with the profile: until it is in, a tap would
    // be told "enter your name" (or be sent to verify a phone that is verified) while the name
    // fills in a moment later; the button waits instead (CI saw it on a busy machine).
    if (profile.isPending) return;
    setFailure(null);
    form.handleSubmit(reserve)(event);
  };

  const reserve = ({ name: bookerName, request: requestNote, consents: ticked }: BookerValues) => {
    const consents = consentsOf(ticked);
    if (!isPhoneVerified || phone === null) {
      setIsVerifying(true);
      return;
    }
    booking.mutate(
      {
        shop_id: draft.shopID ?? 0,
        designer_id: draft.selectedDesignerID ?? undefined,
        date,
        time,
        menu_ids: draft.selectedMenuList.map((m) => m.menuId),
        booker_name: bookerName.trim(),
        booker_phone: phone,
        request_note: requestNote.trim() === '' ? undefined : requestNote.trim(),
        payment_method: 'on_site',
        agree_personal_info: consents.agreePersonalInfo,
        agree_third_party: consents.agreeThirdParty,
        ...(draft.look
          ? {
              look_media_id: draft.look.mediaId,
              look_kind: draft.look.kind,
              look_name: draft.look.name,
              ...(draft.look.swatch ? { look_swatch: draft.look.swatch } : {}),
            }
          : {}),
      },
      {
        onSuccess: ({ booking: made }) => {
          trackBooking('booking_reserved', {
            shop_id: draft.shopID ?? 0,
            menu_count: draft.selectedMenuList.length,
            value: draft.totalMenuPrice,
            currency,
          });
          onBooked(made.booking_id);
          void navigate(`/reservation/check?booking=${made.booking_id}`, { replace: true });
          // The draft is done: spec 4's pending state ends with the booking.
          useReservationStore.getState().cancelPending();
        },
        onError: (error) => {
          if (!isApiError(error)) return setFailure(error);
          switch (error.resCode) {
            case 'RESERVATION_UNAVAILABLE': {
              // Spec 8: "reservation not available at this time" — pick again, slots refreshed.
              // The first step shows the message and drops the lost time once its refreshed
              // list arrives (clearing it here would bounce this screen there without it).
              void navigate('/reservation/first?clash=1');
              return;
            }
            case 'SHOP_NOT_TAKING_RESERVATIONS':
              return setIsShopClosed(true);
            case 'PHONE_NOT_VERIFIED':
              void profile.refetch();
              return setIsVerifying(true);
            case 'REQUEST_NOTE_TIME_CHANGE':
              return form.showServerErrors([{ field: 'request', resMessage: error.resMessage }]);
            case 'CONSENT_REQUIRED':
              return form.showServerErrors([{ field: 'consents', resMessage: error.resMessage }]);
            case 'NAME_REQUIRED':
              return form.showServerErrors([{ field: 'name', resMessage: error.resMessage }]);
            case 'NOT_FOUND':
              // The look's gallery photo was deleted meanwhile (another tab): book without it.
              if (error.fields.some((f) => f.field === 'look_media_id')) {
                draft.removeLook();
                useCommonStore.getState().showToast(t('look.gone'), { alternateColor: true });
                return;
              }
              return setFailure(error);
            default:
              return setFailure(error);
          }
        },
      },
    );
  };

  const bar = (
    <>
      <p className={styles.barSummary}>
        <span>{t('check.total')}</span>
        <strong>{formatPrice(draft.totalMenuPrice, currency, language)}</strong>
      </p>
      <div className={styles.barButtons}>
        <Button variant="outline" onClick={() => void navigate('/reservation/second')}>
          {t('back')}
        </Button>
        <Button
          type="submit"
          form="reservation-check"
          block
          isBusy={booking.isPending || profile.isPending}
        >
          {booking.isPending ? t('check.reserving') : t('check.reserve')}
        </Button>
      </div>
    </>
  );

  return (
    <FlowShell step="check" bar={bar}>
      {failure !== null && <FailureBanner title={t('detail.failed')} error={failure} />}
      <section className={styles.section} aria-labelledby="reservation-summary">
        <h3 id="reservation-summary" className={styles.sectionTitle}>
          {t('check.summaryTitle')}
        </h3>
        <dl className={styles.rows}>
          <div className={styles.row}>
            <dt>{t('check.date')}</dt>
            <dd>{dayLabel(date, language, true)}</dd>
            <Link to="/reservation/first">{t('check.edit')}</Link>
          </div>
          <div className={styles.row}>
            <dt>{t('check.time')}</dt>
            <dd data-testid="check-time">{time}</dd>
            <span />
          </div>
          <div className={styles.row}>
            <dt>{t('check.designer')}</dt>
            <dd>{draft.selectedDesignerName}</dd>
            <Link to="/reservation/second">{t('check.edit')}</Link>
          </div>
          <div className={styles.row}>
            <dt>{t('check.treatments')}</dt>
            <dd>
              {draft.selectedMenuList.map((menu) => (
                <span key={menu.menuId} className={styles.itemLine}>
                  <span>{menu.name}</span>
                  <span>{formatPrice(menu.price, menu.currency, language)}</span>
                </span>
              ))}
            </dd>
            <span />
          </div>
          <div className={styles.row}>
            <dt>{t('check.payment')}</dt>
            <dd>{t('check.paymentOnSite')}</dd>
            <span />
          </div>
          {draft.look && <BookingLookRow look={draft.look} onRemove={() => draft.removeLook()} />}
          <div className={`${styles.row} ${styles.totalRow}`}>
            <dt>{t('check.total')}</dt>
            <dd>{formatPrice(draft.totalMenuPrice, currency, language)}</dd>
            <span />
          </div>
        </dl>
      </section>

      <form id="reservation-check" className={styles.section} onSubmit={submit} noValidate>
        <h3 className={styles.sectionTitle}>{t('check.bookerTitle')}</h3>
        {profile.isPending ? (
          <Skeleton width="100%" height={120} radius="var(--radius-md)" />
        ) : (
          <>
            <Input
              label={t('check.name')}
              name="booker_name"
              autoComplete="name"
              value={values.name}
              maxLength={bookingLimits.bookerNameMax}
              onChange={(event) => form.setValue('name', event.target.value)}
              error={errors.name}
              required
            />
            <div className={styles.section}>
              <span className={styles.muted}>{t('check.phone')}</span>
              <div className={styles.phoneRow}>
                <span>
                  <PhoneIcon size={16} /> <strong>{phone ?? '—'}</strong>
                </span>
                {isPhoneVerified ? (
                  <span className={styles.badge}>
                    <CheckIcon size={14} />
                    {t('check.phoneVerified')}
                  </span>
                ) : (
                  <span className={`${styles.badge} ${styles.badgeDanger}`}>
                    {t('check.phoneUnverified')}
                  </span>
                )}
              </div>
              {!isPhoneVerified && (
                <div className={styles.alert} role="alert">
                  <AlertIcon size={18} />
                  <p>
                    <strong>{t('check.phoneUnverified')}</strong>
                    <br />
                    {t('check.phoneUnverifiedBody')}
                  </p>
                  <div className={styles.alertActions}>
                    <Button size="md" onClick={() => setIsVerifying(true)}>
                      {t('check.verifyNow')}
                    </Button>
                  </div>
                </div>
              )}
            </div>
          </>
        )}
        <TextArea
          label={t('check.request')}
          name="request_note"
          rows={3}
          maxLength={bookingLimits.requestNoteMax}
          placeholder={t('check.requestPlaceholder')}
          hint={t('check.requestRule')}
          counter={`${values.request.length}/${bookingLimits.requestNoteMax}`}
          value={values.request}
          onChange={(event) => form.setValue('request', event.target.value)}
          error={requestError}
        />
        {requestError && (
          <Link className={styles.linkButton} to="/reservation/first">
            {t('check.changeTime')}
          </Link>
        )}
        <h3 className={styles.sectionTitle}>{t('check.consentsTitle')}</h3>
        <Consents
          values={consentsOf(values.consents)}
          shopName={draft.shopName}
          error={errors.consents}
          onChange={(next) => form.setValue('consents', consentsValue(next))}
        />
      </form>

      <Sheet
        isOpen={isVerifying}
        onClose={() => setIsVerifying(false)}
        title={t('check.verifyTitle')}
      >
        {isVerifying && (
          <PhoneChangeScreen
            mode={phone ? 'changeTel' : 'createTel'}
            onDone={() => {
              setIsVerifying(false);
              void profile.refetch();
              useCommonStore.getState().showToast(t('check.verified'));
            }}
          />
        )}
      </Sheet>
    </FlowShell>
  );
}
