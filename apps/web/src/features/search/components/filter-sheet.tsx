import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Chip, Sheet } from '../../../components/ui';
import {
  distanceOptions,
  treatmentValues,
  withoutSheetFilters,
  type SearchFilters,
} from '../filters';
import styles from './search.module.css';

export interface FilterSheetProps {
  isOpen: boolean;
  filters: SearchFilters;
  onClose: () => void;
  onApply: (filters: SearchFilters) => void;
}

const toPrice = (v: string) => {
  const n = Number(v.replace(/[^\d]/g, ''));
  return v.trim() === '' || !Number.isFinite(n) ? undefined : n;
};

/** The filter sheet edits a draft (remounted on every open, so it starts from the URL); "apply" writes it to the URL in one navigation. */
export function FilterSheet({ isOpen, filters, onClose, onApply }: FilterSheetProps) {
  const { t } = useTranslation('search');
  const [draft, setDraft] = useState(filters);
  const set = (patch: Partial<SearchFilters>) => setDraft((d) => ({ ...d, ...patch }));

  return (
    <Sheet isOpen={isOpen} onClose={onClose} title={t('filter.title')}>
      <div className={styles.sheetBody}>
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>{t('filter.distance')}</legend>
          <div className={styles.chipRow}>
            <Chip
              isSelected={draft.distance === undefined}
              onClick={() => set({ distance: undefined })}
            >
              {t('filter.distanceAny')}
            </Chip>
            {distanceOptions.map((km) => (
              <Chip
                key={km}
                isSelected={draft.distance === km}
                onClick={() => set({ distance: km })}
              >
                {t('filter.distanceKm', { km })}
              </Chip>
            ))}
          </div>
        </fieldset>
        <div className={styles.chipRow}>
          <Chip isSelected={draft.smart} onClick={() => set({ smart: !draft.smart })}>
            {t('filter.smartSalon')}
          </Chip>
          <Chip isSelected={draft.openNow} onClick={() => set({ openNow: !draft.openNow })}>
            {t('filter.openNow')}
          </Chip>
        </div>
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>{t('filter.price')}</legend>
          <div className={styles.priceRow}>
            <input
              className={styles.priceInput}
              inputMode="numeric"
              aria-label={t('filter.minPrice')}
              placeholder={t('filter.minPrice')}
              value={draft.minPrice ?? ''}
              onChange={(e) => set({ minPrice: toPrice(e.target.value) })}
            />
            <span aria-hidden="true">–</span>
            <input
              className={styles.priceInput}
              inputMode="numeric"
              aria-label={t('filter.maxPrice')}
              placeholder={t('filter.maxPrice')}
              value={draft.maxPrice ?? ''}
              onChange={(e) => set({ maxPrice: toPrice(e.target.value) })}
            />
          </div>
        </fieldset>
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>{t('filter.gender')}</legend>
          <div className={styles.chipRow}>
            <Chip isSelected={!draft.gender} onClick={() => set({ gender: undefined })}>
              {t('filter.genderAny')}
            </Chip>
            <Chip isSelected={draft.gender === 'w'} onClick={() => set({ gender: 'w' })}>
              {t('filter.genderW')}
            </Chip>
            <Chip isSelected={draft.gender === 'm'} onClick={() => set({ gender: 'm' })}>
              {t('filter.genderM')}
            </Chip>
          </div>
        </fieldset>
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>{t('filter.treatment')}</legend>
          <div className={styles.chipRow}>
            <Chip isSelected={!draft.treatment} onClick={() => set({ treatment: undefined })}>
              {t('filter.treatmentAny')}
            </Chip>
            {treatmentValues.map((v) => (
              <Chip
                key={v}
                isSelected={draft.treatment === v}
                onClick={() => set({ treatment: v })}
              >
                {t(`treatments.${v}`)}
              </Chip>
            ))}
          </div>
        </fieldset>
        <div className={styles.sheetActions}>
          <Button variant="outline" size="md" onClick={() => setDraft(withoutSheetFilters(draft))}>
            {t('filter.reset')}
          </Button>
          <Button size="md" block onClick={() => onApply(draft)}>
            {t('filter.apply')}
          </Button>
        </div>
      </div>
    </Sheet>
  );
}
