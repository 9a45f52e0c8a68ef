import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DiagnosisContent, Language } from '@carol/contracts';
import {
  AlertIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  ScalpIcon,
  TrashIcon,
} from '../../components/icons';
import { FailureBanner } from '../../components/failure-banner';
import { Button, ButtonLink, EmptyState, Sheet, Skeleton } from '../../components/ui';
import { paths } from '../../lib/paths';
import { useCommonStore } from '../../lib/stores/common.store';
import { useDeleteDiagnosis, useDiagnoses } from './api';
import { MeasureChart } from './measure-chart';
import { measureStatus } from './measure-math';
import { MeasureRangeBar } from './measure-range-bar';
import { formatLocalDate } from './measure-text';
import styles from './records.module.css';

/**
 * /mypage/historyscalp — the chart of each measure over time and the timeline of diagnoses;
 * `selectedId` (the route's ?id=) opens one diagnosis.
 */
export function ScalpHistory({
  selectedId,
  onSelect,
}: {
  selectedId: number | null;
  onSelect: (id: number | null) => void;
}) {
  const { t, i18n } = useTranslation('records');
  const language = i18n.language as Language;
  const list = useDiagnoses();

  if (list.isPending) {
    return (
      <div className={styles.section} aria-busy="true">
        <span className="visually-hidden">{t('loading')}</span>
        <Skeleton shape="text" width="50%" height={24} />
        <Skeleton height={220} radius={16} />
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={72} radius={16} />
        ))}
      </div>
    );
  }
  if (list.isError) {
    return (
      <EmptyState
        icon={<AlertIcon size={28} />}
        title={t('loadError')}
        description={list.error.message}
        actions={
          <Button size="md" onClick={() => void list.refetch()}>
            {t('retry')}
          </Button>
        }
      />
    );
  }
  const diagnoses = list.data.pages.flatMap((page) => page.diagnosis_contents);

  if (selectedId !== null) {
    const selected = diagnoses.find((d) => d.diagnosis_id === selectedId);
    if (!selected) {
      return (
        <EmptyState
          icon={<ScalpIcon size={28} />}
          title={t('scalp.notFound')}
          actions={
            <Button size="md" variant="outline" onClick={() => onSelect(null)}>
              {t('scalp.back')}
            </Button>
          }
        />
      );
    }
    return <DiagnosisDetail diagnosis={selected} onBack={() => onSelect(null)} />;
  }

  if (diagnoses.length === 0) {
    return (
      <EmptyState
        icon={<ScalpIcon size={28} />}
        title={t('scalp.emptyTitle')}
        description={t('scalp.emptyBody')}
        actions={
          <>
            <ButtonLink to="/mypage/qrcodescanner" size="md">
              {t('scalp.scanQr')}
            </ButtonLink>
            <ButtonLink to={paths.findList()} size="md" variant="outline">
              {t('scalp.findSalons')}
            </ButtonLink>
          </>
        }
      />
    );
  }

  return (
    <>
      <div className={styles.headingRow}>
        <h1 className={styles.heading}>{t('scalp.heading')}</h1>
        <span className={styles.muted}>
          {t('scalp.total', { count: list.data.pages[0]?.total ?? diagnoses.length })}
        </span>
      </div>
      <MeasureChart diagnoses={diagnoses} />
      <section className={styles.section} aria-labelledby="scalp-timeline">
        <h2 id="scalp-timeline" className={styles.sectionTitle}>
          {t('scalp.timeline')}
        </h2>
        <ol className={styles.timeline}>
          {diagnoses.map((d) => {
            const outCount = d.measures.filter((m) => {
              const s = measureStatus(m.value, m.normal_min, m.normal_max);
              return s === 'low' || s === 'high';
            }).length;
            return (
              <li key={d.diagnosis_id} className={styles.timelineItem}>
                <button
                  type="button"
                  className={styles.timelineCard}
                  onClick={() => onSelect(d.diagnosis_id)}
                  data-diagnosis-id={d.diagnosis_id}
                >
                  <span className={styles.headingRow}>
                    <span className={styles.timelineDate}>
                      {formatLocalDate(d.date, language, true)}
                    </span>
                    <ChevronRightIcon size={18} aria-hidden="true" />
                  </span>
                  <span className={styles.timelineMeta}>
                    {[
                      d.shop_name,
                      d.designer_name && t('scalp.designer', { name: d.designer_name }),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                  <span className={styles.badges}>
                    <span
                      className={
                        outCount > 0
                          ? `${styles.badge} ${styles.badgeDanger}`
                          : `${styles.badge} ${styles.badgeLinked}`
                      }
                    >
                      {outCount > 0
                        ? t('scalp.outOfRange', { count: outCount })
                        : t('scalp.allNormal')}
                    </span>
                  </span>
                </button>
              </li>
            );
          })}
        </ol>
        {list.hasNextPage && (
          <Button
            size="md"
            variant="outline"
            isBusy={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {t('more')}
          </Button>
        )}
      </section>
    </>
  );
}

function DiagnosisDetail({
  diagnosis,
  onBack,
}: {
  diagnosis: DiagnosisContent;
  onBack: () => void;
}) {
  const { t, i18n } = useTranslation('records');
  const language = i18n.language as Language;
  const remove = useDeleteDiagnosis();
  const showToast = useCommonStore((s) => s.showToast);
  const [isDeleting, setIsDeleting] = useState(false);
  const [enlarged, setEnlarged] = useState<DiagnosisContent['images'][number] | null>(null);
  const date = formatLocalDate(diagnosis.date, language, true);

  return (
    <>
      <button type="button" className={styles.backLink} onClick={onBack}>
        <ChevronLeftIcon size={18} aria-hidden="true" />
        {t('scalp.back')}
      </button>
      <header className={styles.detailHead}>
        <h1 className={styles.heading}>{t('scalp.detailTitle', { date })}</h1>
        <p className={styles.muted}>
          {[
            diagnosis.shop_name,
            diagnosis.designer_name && t('scalp.designer', { name: diagnosis.designer_name }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </header>
      <section className={styles.section} aria-labelledby="scalp-measures">
        <h2 id="scalp-measures" className={styles.sectionTitle}>
          {t('scalp.measures')}
        </h2>
        <ul className={styles.measureList}>
          {diagnosis.measures.map((m) => (
            <MeasureRangeBar key={m.key} measure={m} />
          ))}
        </ul>
      </section>
      {diagnosis.images.length > 0 && (
        <section className={styles.section} aria-labelledby="scalp-images">
          <h2 id="scalp-images" className={styles.sectionTitle}>
            {t('scalp.images')}
          </h2>
          <ul className={styles.images}>
            {diagnosis.images.map((image) => {
              const area = t(`area.${image.area}`);
              return (
                <li key={image.image_id}>
                  <button
                    type="button"
                    className={styles.imageButton}
                    aria-label={t('scalp.enlarge', { area })}
                    onClick={() => setEnlarged(image)}
                  >
                    <img
                      src={image.thumb_url}
                      alt=""
                      width={image.width}
                      height={image.height}
                      loading="lazy"
                    />
                    <span aria-hidden="true">{area}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      )}
      <section className={styles.section} aria-labelledby="scalp-memo">
        <h2 id="scalp-memo" className={styles.sectionTitle}>
          {t('scalp.memo')}
        </h2>
        <p className={styles.memo}>{diagnosis.memo || t('scalp.noMemo')}</p>
      </section>
      <Button variant="outline" block onClick={() => setIsDeleting(true)}>
        <TrashIcon size={18} aria-hidden="true" />
        {t('scalp.delete')}
      </Button>

      <Sheet
        isOpen={enlarged !== null}
        onClose={() => setEnlarged(null)}
        title={enlarged ? t('scalp.imageLabel', { area: t(`area.${enlarged.area}`) }) : ''}
      >
        {enlarged && (
          <div className={styles.enlarged}>
            <img
              src={enlarged.url}
              alt={t('scalp.imageLabel', { area: t(`area.${enlarged.area}`) })}
              width={enlarged.width}
              height={enlarged.height}
            />
          </div>
        )}
      </Sheet>
      <Sheet
        isOpen={isDeleting}
        onClose={() => setIsDeleting(false)}
        title={t('scalp.deleteTitle')}
      >
        {isDeleting && (
          <div className={styles.dialogBody}>
            <p className={styles.dialogText}>
              {t('scalp.deleteBody', { date, shop: diagnosis.shop_name })}
            </p>
            {remove.isError && (
              <FailureBanner title={t('scalp.deleteFailed')} error={remove.error} />
            )}
            <div className={styles.actions}>
              <Button
                block
                isBusy={remove.isPending}
                onClick={() =>
                  remove.mutate(diagnosis.diagnosis_id, {
                    onSuccess: () => {
                      setIsDeleting(false);
                      showToast(t('scalp.deleted'));
                      onBack();
                    },
                  })
                }
              >
                {t('scalp.deleteConfirm')}
              </Button>
              <Button
                block
                variant="ghost"
                onClick={() => setIsDeleting(false)}
                disabled={remove.isPending}
              >
                {t('scalp.deleteCancel')}
              </Button>
            </div>
          </div>
        )}
      </Sheet>
    </>
  );
}
