import { downloadBlob, shareData, type ShareOutcome } from '../../lib/share';

/** The private file, with the member's cookie (same origin: /media/records/...). */
export async function fetchMedia(url: string): Promise<Blob> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.blob();
}

const extensionOf: Record<string, string> = {
  'image/webp': 'webp',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/avif': 'avif',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
};

export function mediaFileName(item: { media_id: number; mime_type: string }): string {
  return `carol-history-${item.media_id}.${extensionOf[item.mime_type] ?? 'bin'}`;
}

export interface ShareableMedia {
  media_id: number;
  url: string;
  mime_type: string;
}

/**
 * Shares a photo or video as the file itself, when the device can share files
 * (`navigator.canShare({ files })`). Its address is never shared: `/media/records/...` is
 * private (only the member and the salon can open it), so a friend receiving the link would get
 * a 404. 'unsupported' otherwise: the caller shows spec 8's "no share support on this device"
 * (saving to the device still works).
 */
export async function shareMedia(
  item: ShareableMedia,
  text: { title: string; text: string },
): Promise<ShareOutcome> {
  if (
    typeof navigator === 'undefined' ||
    typeof navigator.share !== 'function' ||
    typeof navigator.canShare !== 'function'
  ) {
    return 'unsupported';
  }
  const blob = await fetchMedia(item.url);
  const file = new File([blob], mediaFileName(item), { type: blob.type || item.mime_type });
  if (!navigator.canShare({ files: [file] })) return 'unsupported';
  return shareData({ files: [file], title: text.title, text: text.text });
}

/** Saves the photo or video on the device as a download. */
export async function saveMedia(item: ShareableMedia): Promise<void> {
  downloadBlob(await fetchMedia(item.url), mediaFileName(item));
}
