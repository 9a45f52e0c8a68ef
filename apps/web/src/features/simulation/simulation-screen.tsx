import {
  lazy,
  Suspense,
  useEffect,
  useRef,
  useState,
  type ChangeEvent,
  type CSSProperties,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { HairColor, HairResource } from '@carol/contracts';
import {
  AlbumIcon,
  AlertIcon,
  CameraIcon,
  CheckIcon,
  FaceScanIcon,
  PaletteIcon,
  RefreshIcon,
  SaveIcon,
  ScissorsIcon,
  ShareIcon,
  SparklesIcon,
} from '../../components/icons';
import { pageStyles } from '../../components/page';
import { Button, ButtonLink, Sheet } from '../../components/ui';
import { isApiError } from '../../lib/api/api-error';
import { cx } from '../../lib/cx';
import { paths } from '../../lib/paths';
import { selectIsLoggedIn, useCommonStore } from '../../lib/stores/common.store';
import { useHomeStore } from '../../lib/stores/home.store';
import { useMypageStore } from '../../lib/stores/mypage.store';
import { selectShowsHint, useSimulationStore } from '../../lib/stores/simulation.store';
import { simulationErrorMessage, useHairStyles, usePaletteColors, useSaveToGallery } from './api';
import { bookLookPath } from './book-look';
import { ColorPalette } from './color-palette';
import { PhotoDecodeError, type PreparedPhoto } from './photo';
import { PhotoCheckNotice } from './photo-check-notice';
import { PhotoStage } from './photo-stage';
import { ResultCache } from './result-cache';
import { shareImage } from '../../lib/share';
import type { StyleStageHandle } from './style-stage';
import { StylePicker, type StyleGender, type StyleLength } from './style-picker';
import { useHairstyle } from './use-hairstyle';
import { useLivePreview } from './use-live-preview';
import { DEFAULT_STRENGTH, useSimulation } from './use-simulation';
import styles from './simulation.module.css';

/** Konva (the hairstyle canvas) loads only when hairstyle mode opens. */
const StyleStage = lazy(() => import('./style-stage'));

type Mode = 'color' | 'style';

/** The member's gender when the profile has one (it does not yet), else women's styles. */
function defaultGender(userInfo: unknown): StyleGender {
  const gender =
    typeof userInfo === 'object' && userInfo !== null && 'gender' in userInfo
      ? userInfo.gender
      : null;
  return gender === 'm' ? 'm' : 'w';
}

/** While the canvas chunk loads: the photo, the same size as the stage it becomes. */
function StageFallback({ photo }: { photo: PreparedPhoto }) {
  const { t } = useTranslation('simulation');
  return (
    <figure className={styles.stageWrap}>
      <div
        className={styles.stage}
        style={{ '--ratio': `${photo.width} / ${photo.height}` } as CSSProperties}
        aria-busy="true"
      >
        <img className={styles.photo} src={photo.url} alt={t('photo.alt')} draggable={false} />
      </div>
    </figure>
  );
}

const strengthSteps = { min: 40, max: 100, step: 10 } as const;

/** A one-time coach mark: shown until the user has used what it explains. */
function Hint({
  text,
  onDismiss,
  testId,
}: {
  text: string;
  onDismiss: () => void;
  testId: string;
}) {
  const { t } = useTranslation('simulation');
  return (
    <div className={styles.hint} role="note" data-testid={testId}>
      <SparklesIcon size={18} />
      <span className={styles.hintText}>{text}</span>
      <button type="button" className={styles.hintDismiss} onClick={onDismiss}>
        {t('hints.dismiss')}
      </button>
    </div>
  );
}

/** Spec 5/6: saving a simulation needs login — the spec's message, with the ways forward. */
function SaveNeedsLoginSheet({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { t: te } = useTranslation('errors');
  return (
    <Sheet isOpen={isOpen} onClose={onClose} title={te('SAVE_REQUIRES_LOGIN')}>
      <div className={styles.loginSheet} data-testid="save-needs-login">
        <p>{te('NOT_A_MEMBER')}</p>
        <p className={styles.muted}>{te('MEMBERS_ONLY')}</p>
        <ButtonLink to={paths.login} size="lg" block onClick={onClose}>
          {t('membersOnly.login')}
        </ButtonLink>
        <ButtonLink to="/login/registeruser" size="lg" variant="outline" block onClick={onClose}>
          {t('membersOnly.register')}
        </ButtonLink>
      </div>
    </Sheet>
  );
}

export function SimulationScreen() {
  const { t } = useTranslation('simulation');
  const { t: te } = useTranslation('errors');
  const showToast = useCommonStore((s) => s.showToast);
  const isLoggedIn = useCommonStore(selectIsLoggedIn);
  const [params] = useSearchParams();
  const palette = usePaletteColors();
  const sim = useSimulation({
    onRecolorError: (error) =>
      showToast(simulationErrorMessage(error, te('SIMULATION_FAILED')), { alternateColor: true }),
  });
  const landmark = useSimulationStore((s) => s.landmark);
  const showsColorHint = useSimulationStore(selectShowsHint('color'));
  const showsCompareHint = useSimulationStore(selectShowsHint('compare'));
  const markHintSeen = useSimulationStore((s) => s.markHintSeen);
  const selected = sim.selected;
  const [strength, setStrength] = useState(DEFAULT_STRENGTH);
  const strengthTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [savedKeys, setSavedKeys] = useState<ReadonlySet<string>>(new Set());
  const [isLoginSheetOpen, setLoginSheetOpen] = useState(false);
  const [isSharing, setSharing] = useState(false);
  const save = useSaveToGallery();
  const cameraInput = useRef<HTMLInputElement>(null);
  const albumInput = useRef<HTMLInputElement>(null);
  const appliedRequest = useRef(false);

  // Hairstyle mode.
  const [mode, setMode] = useState<Mode>(params.get('mode') === 'style' ? 'style' : 'color');
  const userInfo = useMypageStore((s) => s.userInfo);
  const [gender, setGender] = useState<StyleGender>(() => defaultGender(userInfo));
  const [length, setLength] = useState<StyleLength | null>(null);
  const [styleColor, setStyleColor] = useState<HairColor | null>(null);
  const [editCount, setEditCount] = useState(0);
  const stageHandle = useRef<StyleStageHandle>(null);
  const showsStyleHint = useSimulationStore(selectShowsHint('style'));
  const [styleSplit, setStyleSplit] = useState(false);
  const hairstyle = useHairstyle({
    photo: sim.photo,
    prefetch: mode === 'style' && sim.face.status === 'found',
    onBaldError: (error) =>
      showToast(simulationErrorMessage(error, te('SIMULATION_FAILED')), { alternateColor: true }),
  });
  const hairStyles = useHairStyles(gender, mode === 'style');
  const resource = hairstyle.resource;

  const faceFound = sim.face.status === 'found';
  /** The photo check found something and the person has not yet chosen to go on (ADR 037). */
  const checkFindings =
    sim.face.status === 'found' && !sim.face.acknowledged ? sim.face.findings : null;

  // The live preview: the chosen colour and strength drawn in the browser at once, until the
  // service's image of exactly them is shown (or its call failed).
  const livePreview = useLivePreview(sim.photo, faceFound);
  const chosenKey = selected ? ResultCache.keyOf(selected.hex, strength) : null;
  const awaitsResult =
    chosenKey !== null && sim.shown?.key !== chosenKey && sim.failedKey !== chosenKey;
  const { draw: drawPreview } = livePreview;
  useEffect(() => {
    if (selected && awaitsResult) drawPreview(selected.hex, strength);
  }, [selected, strength, awaitsResult, drawPreview]);
  const preview =
    mode === 'color' && awaitsResult && livePreview.hasDrawn ? livePreview.renderer : null;

  // From the home page's hot colours (/simulation?color=ID): apply it once the face is found.
  const requestedId = Number(params.get('color')) || null;
  useEffect(() => {
    if (!faceFound || appliedRequest.current || !requestedId || !palette.data) return;
    appliedRequest.current = true;
    const color = palette.data.find((c) => c.color_id === requestedId);
    if (!color) return;
    useHomeStore.getState().patch({ simulationType: 'color', simulationData: color });
    void sim.applyColor(color, strength);
  }, [faceFound, requestedId, palette.data, sim, strength]);

  useEffect(() => () => clearTimeout(strengthTimer.current), []);

  /** A new strength re-applies the chosen colour once the thumb rests for a moment. */
  const changeStrength = (value: number) => {
    setStrength(value);
    clearTimeout(strengthTimer.current);
    const color = selected;
    if (!color) return;
    strengthTimer.current = setTimeout(() => void sim.applyColor(color, value), 350);
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    appliedRequest.current = false;
    void sim.choosePhoto(file);
  };
  const openAlbum = () => albumInput.current?.click();
  const openCamera = () => cameraInput.current?.click();

  const select = (color: HairColor | null) => {
    if (color) markHintSeen('color');
    clearTimeout(strengthTimer.current);
    void sim.applyColor(color, strength);
  };

  const switchMode = (next: Mode) => {
    if (next === mode) return;
    // The colour chosen for the photo carries over to the style's tint.
    if (next === 'style' && !resource) setStyleColor(selected);
    setMode(next);
  };

  const chooseStyle = (next: HairResource | null) => {
    setEditCount(0);
    hairstyle.choose(next);
  };

  const chooseStyleColor = (color: HairColor | null) => {
    setStyleColor(color);
    if (color) markHintSeen('color');
  };

  /** The look on screen in hairstyle mode, or null; its key tells a saved look from a new one. */
  const styleLook =
    resource && hairstyle.base
      ? {
          key: `style:${resource.resource_id}|${styleColor?.hex ?? ''}|${hairstyle.base.kind}|${editCount}`,
          name: styleColor ? `${resource.name} · ${styleColor.name}` : resource.name,
        }
      : null;

  /** What save and share send: the recoloured photo, or the canvas composite of the style. */
  const currentLook = async (): Promise<{ key: string; blob: Blob; memo: string } | null> => {
    if (mode === 'style') {
      if (!styleLook || !stageHandle.current) return null;
      return { key: styleLook.key, blob: await stageHandle.current.toBlob(), memo: styleLook.name };
    }
    const shown = sim.shown;
    return shown ? { key: shown.key, blob: shown.blob, memo: shown.color.name } : null;
  };

  const onSave = async () => {
    if (mode === 'style' ? !styleLook : !sim.shown) return;
    if (!isLoggedIn) {
      setLoginSheetOpen(true);
      return;
    }
    let look: Awaited<ReturnType<typeof currentLook>>;
    try {
      look = await currentLook();
    } catch {
      showToast(te('SAVE_FAILED'), { alternateColor: true });
      return;
    }
    if (!look) return;
    const { key } = look;
    save.mutate(
      { photo: look.blob, memo: look.memo },
      {
        onSuccess: () => {
          setSavedKeys((keys) => new Set(keys).add(key));
          showToast(t('toast.saved'));
        },
        onError: (error) => {
          if (isApiError(error) && error.resCode === 'UNAUTHORIZED') setLoginSheetOpen(true);
          else showToast(te('SAVE_FAILED'), { alternateColor: true });
        },
      },
    );
  };

  const onShare = async () => {
    setSharing(true);
    try {
      const look = await currentLook();
      if (!look) return;
      const shown = sim.shown;
      const outcome = await shareImage(
        look.blob,
        mode === 'style' && resource
          ? `carol-style-${resource.resource_id}.jpg`
          : `carol-${shown?.color.hex.slice(1) ?? 'look'}.jpg`,
        {
          title: t('share.title'),
          text:
            mode === 'style'
              ? t('share.styleText', { style: look.memo })
              : t('share.text', { color: look.memo }),
        },
      );
      if (outcome === 'unsupported') showToast(te('NO_SHARE_SUPPORT'), { alternateColor: true });
    } catch {
      showToast(te('FAILED_TRY_AGAIN'), { alternateColor: true });
    } finally {
      setSharing(false);
    }
  };

  const inputs = (
    <>
      <input
        ref={cameraInput}
        type="file"
        accept="image/*"
        capture="user"
        className={styles.fileInput}
        onChange={onFile}
        tabIndex={-1}
        aria-hidden="true"
        data-testid="camera-input"
      />
      <input
        ref={albumInput}
        type="file"
        accept="image/*"
        className={styles.fileInput}
        onChange={onFile}
        tabIndex={-1}
        aria-hidden="true"
        data-testid="photo-input"
      />
    </>
  );

  if (!sim.photo && sim.face.status !== 'failed') {
    const isPreparing = sim.face.status === 'preparing';
    return (
      <div className={styles.screen}>
        {inputs}
        <section className={styles.intro} aria-labelledby="simulation-intro">
          <div className={styles.introArt} aria-hidden="true">
            {(palette.data ?? []).slice(0, 5).map((c, i) => (
              <span
                key={c.color_id}
                className={styles.introLock}
                style={{ background: c.hex, '--i': i } as React.CSSProperties}
              />
            ))}
            <span className={styles.introFace}>
              <FaceScanIcon size={40} />
            </span>
          </div>
          <p className={styles.eyebrow}>{t('intro.eyebrow')}</p>
          <h2 id="simulation-intro" className={styles.introHeading}>
            {t('intro.heading')}
          </h2>
          <p className={styles.introText}>{t('intro.text')}</p>
          <div className={styles.introActions}>
            <Button size="lg" block onClick={openCamera} isBusy={isPreparing}>
              <CameraIcon size={20} />
              {t('intro.take')}
            </Button>
            <Button size="lg" variant="outline" block onClick={openAlbum} disabled={isPreparing}>
              <AlbumIcon size={20} />
              {t('intro.choose')}
            </Button>
          </div>
        </section>
        <section className={styles.tips} aria-labelledby="simulation-tips">
          <h2 id="simulation-tips" className={styles.tipsTitle}>
            {t('intro.tipsTitle')}
          </h2>
          <ul className={styles.tipList}>
            {(['front', 'light', 'hair'] as const).map((tip) => (
              <li key={tip}>
                <CheckIcon size={16} />
                {t(`intro.tips.${tip}`)}
              </li>
            ))}
          </ul>
          <p className={styles.privacy}>{t('intro.privacy')}</p>
        </section>
      </div>
    );
  }

  if (sim.face.status === 'failed') {
    const error = sim.face.error;
    const isFace = isApiError(error) && error.resCode === 'FACE_RECOGNITION_FAILED';
    const message =
      error instanceof PhotoDecodeError
        ? te('PHOTO_INVALID')
        : isFace
          ? te('FACE_RECOGNITION_FAILED')
          : simulationErrorMessage(error, te('SIMULATION_FAILED'));
    return (
      <div className={styles.screen}>
        {inputs}
        {sim.photo && (
          <div className={styles.failedPhoto}>
            <img src={sim.photo.url} alt={t('photo.alt')} />
          </div>
        )}
        <section className={styles.failed} role="alert" data-testid="face-failed">
          <span className={styles.failedIcon} aria-hidden="true">
            <AlertIcon size={24} />
          </span>
          <h2 className={styles.failedTitle}>{message}</h2>
          {isFace && <p className={styles.muted}>{t('faceFailed.hint')}</p>}
          <div className={styles.introActions}>
            <Button size="lg" block onClick={openAlbum}>
              <AlbumIcon size={20} />
              {t('faceFailed.retry')}
            </Button>
            <Button size="lg" variant="outline" block onClick={openCamera}>
              <CameraIcon size={20} />
              {t('intro.take')}
            </Button>
          </div>
        </section>
      </div>
    );
  }

  const photo = sim.photo!;
  const shown = sim.shown;
  const isStyleMode = mode === 'style';
  // While the preview is on screen the service's image of it is not there yet: nothing to save.
  const canSave = isStyleMode ? styleLook !== null : shown !== null && preview === null;
  const lookKey = isStyleMode ? (styleLook?.key ?? null) : (shown?.key ?? null);
  const isSaved = lookKey !== null && savedKeys.has(lookKey);
  const colorPalette = (
    <ColorPalette
      colors={palette.data}
      isPending={palette.isPending}
      isError={palette.isError}
      onRetry={() => void palette.refetch()}
      selectedId={(isStyleMode ? styleColor : selected)?.color_id ?? null}
      pendingId={isStyleMode ? null : (sim.pending?.color.color_id ?? null)}
      disabled={!faceFound || (isStyleMode && !resource)}
      onSelect={isStyleMode ? chooseStyleColor : select}
    />
  );
  const topBar = (
    <div className={styles.topBar}>
      {checkFindings ? (
        <span className={cx(styles.faceChip, styles.faceChipCheck)} role="status">
          <AlertIcon size={16} />
          {t('check.status')}
        </span>
      ) : (
        <span
          className={cx(styles.faceChip, faceFound && styles.faceChipFound)}
          role="status"
          data-testid={faceFound ? 'face-found' : 'face-detecting'}
        >
          {faceFound ? <CheckIcon size={16} /> : <span className={styles.chipSpinner} />}
          {faceFound ? t('photo.faceFound') : t('photo.detecting')}
        </span>
      )}
      <Button variant="ghost" size="md" onClick={openAlbum}>
        <RefreshIcon size={18} />
        {t('photo.change')}
      </Button>
    </div>
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

      <div
        className={cx(pageStyles.segmented, pageStyles.segmentedBlock)}
        role="group"
        aria-label={t('mode.label')}
      >
        {(['color', 'style'] as const).map((m) => (
          <button
            key={m}
            type="button"
            className={pageStyles.segment}
            aria-pressed={mode === m}
            onClick={() => switchMode(m)}
            data-testid={`mode-${m}`}
          >
            {m === 'color' ? <PaletteIcon size={18} /> : <ScissorsIcon size={18} />}
            {t(`mode.${m}`)}
          </button>
        ))}
      </div>

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
              setEditCount((n) => n + 1);
              markHintSeen('style');
            }}
            onSplitChange={setStyleSplit}
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
      {isStyleMode && styleLook && showsStyleHint
        ? // (moving is paused while the photo is split: "drag to move" waits until it is joined)
          !styleSplit && (
            <Hint
              text={t('hints.style')}
              onDismiss={() => markHintSeen('style')}
              testId="hint-style"
            />
          )
        : (isStyleMode ? styleLook !== null : shown !== null) &&
          showsCompareHint && (
            <Hint
              text={t('hints.compare')}
              onDismiss={() => markHintSeen('compare')}
              testId="hint-compare"
            />
          )}

      {isStyleMode ? (
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
              gender={gender}
              onGender={(g) => {
                setGender(g);
                setLength(null);
              }}
              length={length}
              onLength={setLength}
              styles={hairStyles.data}
              isPending={hairStyles.isPending}
              isError={hairStyles.isError}
              onRetry={() => void hairStyles.refetch()}
              selectedId={resource?.resource_id ?? null}
              pendingId={hairstyle.isRemoving ? (resource?.resource_id ?? null) : null}
              disabled={!faceFound}
              onSelect={chooseStyle}
            />
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
      ) : (
        <section className={styles.panel} aria-labelledby="simulation-palette">
          <div className={styles.panelHeader}>
            <h2 id="simulation-palette" className={styles.panelTitle}>
              {t('palette.title')}
            </h2>
            {selected && <span className={styles.selectedName}>{selected.name}</span>}
          </div>
          {faceFound && showsColorHint && !selected && (
            <Hint
              text={t('hints.color')}
              onDismiss={() => markHintSeen('color')}
              testId="hint-color"
            />
          )}
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
                onChange={(e) => changeStrength(Number(e.target.value) / 100)}
                style={
                  {
                    '--fill': `${((strength * 100 - strengthSteps.min) / (strengthSteps.max - strengthSteps.min)) * 100}%`,
                    '--swatch': selected.hex,
                  } as React.CSSProperties
                }
              />
            </label>
          )}
        </section>
      )}

      <div className={styles.actions}>
        <Button
          size="lg"
          onClick={() => void onSave()}
          disabled={!canSave || isSaved}
          isBusy={save.isPending}
          className={styles.saveAction}
          data-testid="simulation-save"
        >
          {isSaved ? <CheckIcon size={18} /> : <SaveIcon size={18} />}
          {isSaved ? t('actions.saved') : t('actions.save')}
        </Button>
        <Button
          size="lg"
          variant="outline"
          onClick={() => void onShare()}
          disabled={!canSave}
          isBusy={isSharing}
          data-testid="simulation-share"
        >
          <ShareIcon size={18} />
          {t('actions.share')}
        </Button>
        {isStyleMode ? (
          resource ? (
            <ButtonLink
              to={bookLookPath(resource)}
              size="lg"
              variant="secondary"
              data-testid="simulation-book"
            >
              {t('actions.bookLook')}
            </ButtonLink>
          ) : (
            <Button size="lg" variant="secondary" disabled data-testid="simulation-book">
              {t('actions.bookLook')}
            </Button>
          )
        ) : (
          <ButtonLink
            to={`${paths.findList()}?treatment=color`}
            size="lg"
            variant="secondary"
            data-testid="simulation-book"
          >
            {t('actions.book')}
          </ButtonLink>
        )}
      </div>
      <SaveNeedsLoginSheet isOpen={isLoginSheetOpen} onClose={() => setLoginSheetOpen(false)} />
    </div>
  );
}
