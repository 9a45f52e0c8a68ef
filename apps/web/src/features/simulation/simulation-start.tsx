import { useRef, type ChangeEvent, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { HairColor } from '@carol/contracts';
import { AlbumIcon, AlertIcon, CameraIcon, CheckIcon, FaceScanIcon } from '../../components/icons';
import { Button } from '../../components/ui';
import { isApiError } from '../../lib/api/api-error';
import { simulationErrorMessage } from './api';
import { PhotoDecodeError, type PreparedPhoto } from './photo';
import styles from './simulation.module.css';

/**
 * The photo's two ways in, the camera and the album: hidden file inputs (`inputs`, rendered on
 * every step of the screen) and the functions that open them.
 */
export function usePhotoPicker(onPhoto: (file: File) => void) {
  const cameraInput = useRef<HTMLInputElement>(null);
  const albumInput = useRef<HTMLInputElement>(null);

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    onPhoto(file);
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

  return {
    inputs,
    openAlbum: () => albumInput.current?.click(),
    openCamera: () => cameraInput.current?.click(),
  };
}

/** Before a photo: what the try-on does, the two ways to a photo, and tips for a good one. */
export function SimulationIntro({
  palette,
  isPreparing,
  onCamera,
  onAlbum,
}: {
  palette: readonly HairColor[] | undefined;
  /** The face detector is loading: the camera button shows it, the album waits. */
  isPreparing: boolean;
  onCamera: () => void;
  onAlbum: () => void;
}) {
  const { t } = useTranslation('simulation');
  return (
    <>
      <section className={styles.intro} aria-labelledby="simulation-intro">
        <div className={styles.introArt} aria-hidden="true">
          {(palette ?? []).slice(0, 5).map((c, i) => (
            <span
              key={c.color_id}
              className={styles.introLock}
              style={{ background: c.hex, '--i': i } as CSSProperties}
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
          <Button size="lg" block onClick={onCamera} isBusy={isPreparing}>
            <CameraIcon size={20} />
            {t('intro.take')}
          </Button>
          <Button size="lg" variant="outline" block onClick={onAlbum} disabled={isPreparing}>
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
    </>
  );
}

/** The photo could not be read or no face was found in it: why, and the ways to another photo. */
export function FaceFailed({
  photo,
  error,
  onCamera,
  onAlbum,
}: {
  photo: PreparedPhoto | null;
  error: unknown;
  onCamera: () => void;
  onAlbum: () => void;
}) {
  const { t } = useTranslation('simulation');
  const { t: te } = useTranslation('errors');
  const isFace = isApiError(error) && error.resCode === 'FACE_RECOGNITION_FAILED';
  const message =
    error instanceof PhotoDecodeError
      ? te('PHOTO_INVALID')
      : isFace
        ? te('FACE_RECOGNITION_FAILED')
        : simulationErrorMessage(error, te('SIMULATION_FAILED'));
  return (
    <>
      {photo && (
        <div className={styles.failedPhoto}>
          <img src={photo.url} alt={t('photo.alt')} />
        </div>
      )}
      <section className={styles.failed} role="alert" data-testid="face-failed">
        <span className={styles.failedIcon} aria-hidden="true">
          <AlertIcon size={24} />
        </span>
        <h2 className={styles.failedTitle}>{message}</h2>
        {isFace && <p className={styles.muted}>{t('faceFailed.hint')}</p>}
        <div className={styles.introActions}>
          <Button size="lg" block onClick={onAlbum}>
            <AlbumIcon size={20} />
            {t('faceFailed.retry')}
          </Button>
          <Button size="lg" variant="outline" block onClick={onCamera}>
            <CameraIcon size={20} />
            {t('intro.take')}
          </Button>
        </div>
      </section>
    </>
  );
}
