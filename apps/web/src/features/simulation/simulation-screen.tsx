import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCommonStore } from '../../lib/stores/common.store';
import { useSimulationStore } from '../../lib/stores/simulation.store';
import { simulationErrorMessage, usePaletteColors } from './api';
import { ColorPalette } from './color-palette';
import { LookActions } from './look-actions';
import { ColourPanel, StylePanels } from './mode-panels';
import { PhotoCheckNotice } from './photo-check-notice';
import { PhotoStage } from './photo-stage';
import {
  Hint,
  ModeSwitch,
  SaveNeedsLoginSheet,
  StageFallback,
  TopBar,
  useHints,
} from './screen-parts';
import { FaceFailed, SimulationIntro, usePhotoPicker } from './simulation-start';
import { useColourMode } from './use-colour-mode';
import { useLookExport } from './use-look-export';
import { useSimulation } from './use-simulation';
import { useStyleMode } from './use-style-mode';
import styles from './simulation.module.css';

/** Konva (the hairstyle canvas) loads only when hairstyle mode opens. */
const StyleStage = lazy(() => import('./style-stage'));

/** A failed call's message as a toast (the recolour, the bangs removal). */
function useErrorToast() {
  const { t: te } = useTranslation('errors');
  const showToast = useCommonStore((s) => s.showToast);
  return (error: unknown) =>
    showToast(simulationErrorMessage(error, te('SIMULATION_FAILED')), { alternateColor: true });
}

/**
 * The try-on screen, step by step: the intro until a photo is chosen (or why it failed), the
 * photo check's notice, then the try-on in colour mode (the palette and its strength, drawn by
 * the service with a live preview meanwhile) or hairstyle mode (the style list and the Konva
 * stage), with save, share and booking the look.
 */
export function SimulationScreen() {
  const { t } = useTranslation('simulation');
  const showError = useErrorToast();
  const [params] = useSearchParams();
  const palette = usePaletteColors();
  const sim = useSimulation({ onRecolorError: showError });
  const landmark = useSimulationStore((s) => s.landmark);
  const hints = useHints();
  const { markHintSeen } = hints;
  const selected = sim.selected;

  // The stage's ref apart: the rest is plain state, read while rendering.
  const { stageHandle, ...style } = useStyleMode({
    sim,
    initialMode: params.get('mode') === 'style' ? 'style' : 'color',
    onBaldError: showError,
    onColorChosen: () => markHintSeen('color'),
  });
  const { mode, resource, hairstyle, styleColor, styleLook } = style;
  const isStyleMode = mode === 'style';
  const faceFound = sim.face.status === 'found';
  /** The photo check found something and the person has not yet chosen to go on (ADR 037). */
  const checkFindings =
    sim.face.status === 'found' && !sim.face.acknowledged ? sim.face.findings : null;

  const colour = useColourMode({
    sim,
    isColorMode: mode === 'color',
    palette: palette.data,
    requestedId: Number(params.get('color')) || null,
    onColorChosen: () => markHintSeen('color'),
  });
  const { preview } = colour;

  const look = useLookExport({
    isStyleMode,
    styleLook,
    stageHandle,
    resource,
    shown: sim.shown,
    shopId: Number(params.get('shop_id')) || null,
  });

  const { inputs, openAlbum, openCamera } = usePhotoPicker((file) => {
    colour.requestAgain();
    void sim.choosePhoto(file);
  });

  if (!sim.photo && sim.face.status !== 'failed') {
    return (
      <div className={styles.screen}>
        {inputs}
        <SimulationIntro
          palette={palette.data}
          isPreparing={sim.face.status === 'preparing'}
          onCamera={openCamera}
          onAlbum={openAlbum}
        />
      </div>
    );
  }

  if (sim.face.status === 'failed') {
    return (
      <div className={styles.screen}>
        {inputs}
        <FaceFailed
          photo={sim.photo}
          error={sim.face.error}
          onCamera={openCamera}
          onAlbum={openAlbum}
        />
      </div>
    );
  }

  const photo = sim.photo!;
  const shown = sim.shown;
  // While the preview is on screen the service's image of it is not there yet: nothing to save.
  const canSave = isStyleMode ? styleLook !== null : shown !== null && preview === null;
  const lookKey = isStyleMode ? (styleLook?.key ?? null) : (shown?.key ?? null);
  const isSaved = look.isSaved(lookKey);
  const colorPalette = (
    <ColorPalette
      colors={palette.data}
      isPending={palette.isPending}
      isError={palette.isError}
      onRetry={() => void palette.refetch()}
      selectedId={(isStyleMode ? styleColor : selected)?.color_id ?? null}
      pendingId={isStyleMode ? null : (sim.pending?.color.color_id ?? null)}
      disabled={!faceFound || (isStyleMode && !resource)}
      onSelect={isStyleMode ? style.chooseStyleColor : colour.select}
    />
  );
  const topBar = (
    <TopBar hasFindings={checkFindings !== null} faceFound={faceFound} onChangePhoto={openAlbum} />
  );

  // The photo check's notice first (its buttons in view at 360 px), the photo with the face's
  // outline below it; the try-on opens on "Continue anyway".
  if (checkFindings)
    return (
      <div className={styles.screen}>
        {inputs}
        {topBar}
        <PhotoCheckNotice
          findings={checkFindings}
          onRetake={openAlbum}
          onContinue={sim.acknowledgeCheck}
        />
        <PhotoStage
          photo={photo}
          face={sim.face}
          landmark={landmark}
          shown={null}
          preview={null}
          applyingName={null}
          onCompareStart={() => undefined}
        />
      </div>
    );

  return (
    <div className={styles.screen}>
      {inputs}
      {topBar}

      <ModeSwitch mode={mode} onChange={style.switchMode} />

      {isStyleMode ? (
        <Suspense fallback={<StageFallback photo={photo} />}>
          <StyleStage
            ref={stageHandle}
            photo={photo}
            base={hairstyle.base ?? { url: photo.url, kind: 'original' }}
            overlay={
              resource
                ? {
                    key: String(resource.resource_id),
                    url: resource.image_url,
                    anchor: resource.anchor,
                    name: resource.name,
                  }
                : null
            }
            tintHex={styleColor?.hex ?? null}
            landmark={faceFound ? landmark : null}
            busy={
              sim.face.status === 'detecting'
                ? { label: t('photo.detecting') }
                : hairstyle.isRemoving
                  ? {
                      label: t('style.removing'),
                      onCancel: hairstyle.cancelRemoval,
                      cancelLabel: t('style.cancel'),
                    }
                  : null
            }
            onCompareStart={() => markHintSeen('compare')}
            onEdit={() => {
              style.countEdit();
              markHintSeen('style');
            }}
            onSplitChange={style.setStyleSplit}
          />
        </Suspense>
      ) : (
        <PhotoStage
          photo={photo}
          face={sim.face}
          landmark={landmark}
          shown={shown}
          preview={preview}
          applyingName={sim.pending?.color.name ?? null}
          onCompareStart={() => markHintSeen('compare')}
        />
      )}
      {isStyleMode && styleLook && hints.showsStyleHint
        ? // (moving is paused while the photo is split: "drag to move" waits until it is joined)
          !style.styleSplit && (
            <Hint
              text={t('hints.style')}
              onDismiss={() => markHintSeen('style')}
              testId="hint-style"
            />
          )
        : (isStyleMode ? styleLook !== null : shown !== null) &&
          hints.showsCompareHint && (
            <Hint
              text={t('hints.compare')}
              onDismiss={() => markHintSeen('compare')}
              testId="hint-compare"
            />
          )}

      {isStyleMode ? (
        <StylePanels style={style} faceFound={faceFound} colorPalette={colorPalette} />
      ) : (
        <ColourPanel
          selected={selected}
          strength={colour.strength}
          onStrength={colour.changeStrength}
          hint={
            faceFound &&
            hints.showsColorHint &&
            !selected && (
              <Hint
                text={t('hints.color')}
                onDismiss={() => markHintSeen('color')}
                testId="hint-color"
              />
            )
          }
          colorPalette={colorPalette}
        />
      )}

      <LookActions
        canSave={canSave}
        isSaved={isSaved}
        isSaving={look.isSaving}
        isSharing={look.isSharing}
        isBooking={look.isBooking}
        onSave={() => void look.onSave()}
        onShare={() => void look.onShare()}
        onBook={() => void look.onBook()}
      />
      <SaveNeedsLoginSheet isOpen={look.isLoginSheetOpen} onClose={look.closeLoginSheet} />
    </div>
  );
}
