import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { HairColor } from '@carol/contracts';
import { Button } from '../../components/ui';
import { StylePicker } from './style-picker';
import type { useStyleMode } from './use-style-mode';
import styles from './simulation.module.css';

const strengthSteps = { min: 40, max: 100, step: 10 } as const;

/** Hairstyle mode's panels: the style list (with its filters and the bangs switch), its colour. */
export function StylePanels({
  style,
  faceFound,
  colorPalette,
}: {
  style: Omit<ReturnType<typeof useStyleMode>, 'stageHandle'>;
  faceFound: boolean;
  colorPalette: ReactNode;
}) {
  const { t } = useTranslation('simulation');
  const { resource, hairstyle, hairStyles, suggestedLength, styleColor } = style;
  return (
    <>
      <section className={styles.panel} aria-labelledby="simulation-styles">
        <div className={styles.panelHeader}>
          <h2 id="simulation-styles" className={styles.panelTitle}>
            {t('style.title')}
          </h2>
          {resource && (
            <span className={styles.selectedName} data-testid="style-selected">
              {resource.name}
            </span>
          )}
        </div>
        <StylePicker
          gender={style.gender}
          onGender={style.chooseGender}
          length={style.length}
          onLength={style.setLength}
          styles={hairStyles.data}
          isPending={hairStyles.isPending}
          isError={hairStyles.isError}
          onRetry={() => void hairStyles.refetch()}
          selectedId={resource?.resource_id ?? null}
          pendingId={hairstyle.isRemoving ? (resource?.resource_id ?? null) : null}
          disabled={!faceFound}
          onSelect={style.chooseStyle}
        />
        {suggestedLength && (
          <div className={styles.lengthHint} data-testid="length-hint">
            <p className={styles.lengthHintText}>{t('style.ownLength.text')}</p>
            <Button
              variant="outline"
              size="md"
              onClick={() => style.setLength(suggestedLength)}
              data-testid="length-hint-show"
            >
              {t('style.ownLength.show', { length: t(`style.length.${suggestedLength}`) })}
            </Button>
          </div>
        )}
        <label className={styles.switchRow}>
          <span className={styles.switchText}>
            <span className={styles.switchLabel}>{t('style.removeBangs')}</span>
            <span className={styles.switchHint}>{t('style.removeBangsHint')}</span>
          </span>
          <input
            type="checkbox"
            role="switch"
            className={styles.switch}
            checked={hairstyle.removesBangs}
            onChange={(e) => hairstyle.setRemoval(e.target.checked)}
            data-testid="remove-bangs"
          />
        </label>
      </section>
      <section className={styles.panel} aria-labelledby="simulation-style-color">
        <div className={styles.panelHeader}>
          <h2 id="simulation-style-color" className={styles.panelTitle}>
            {t('style.colorTitle')}
          </h2>
          {styleColor && <span className={styles.selectedName}>{styleColor.name}</span>}
        </div>
        {colorPalette}
      </section>
    </>
  );
}

/** Colour mode's panel: the palette, its coach mark and the strength of the chosen colour. */
export function ColourPanel({
  selected,
  strength,
  onStrength,
  hint,
  colorPalette,
}: {
  selected: HairColor | null;
  strength: number;
  onStrength: (value: number) => void;
  /** The palette's coach mark, when due. */
  hint: ReactNode;
  colorPalette: ReactNode;
}) {
  const { t } = useTranslation('simulation');
  return (
    <section className={styles.panel} aria-labelledby="simulation-palette">
      <div className={styles.panelHeader}>
        <h2 id="simulation-palette" className={styles.panelTitle}>
          {t('palette.title')}
        </h2>
        {selected && <span className={styles.selectedName}>{selected.name}</span>}
      </div>
      {hint}
      {colorPalette}
      {selected && (
        <label className={styles.strength}>
          <span className={styles.strengthLabel}>
            {t('strength.label')}
            <output>{t('strength.value', { value: Math.round(strength * 100) })}</output>
          </span>
          <input
            type="range"
            min={strengthSteps.min}
            max={strengthSteps.max}
            step={strengthSteps.step}
            value={Math.round(strength * 100)}
            onChange={(e) => onStrength(Number(e.target.value) / 100)}
            style={
              {
                '--fill': `${((strength * 100 - strengthSteps.min) / (strengthSteps.max - strengthSteps.min)) * 100}%`,
                '--swatch': selected.hex,
              } as CSSProperties
            }
          />
        </label>
      )}
    </section>
  );
}
