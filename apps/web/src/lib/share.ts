export type ShareOutcome = 'shared' | 'cancelled' | 'unsupported';

/**
 * Shares through the Web Share API (the phone's share sheet). 'unsupported' when the browser has
 * none, refuses this data or does not allow sharing (the caller shows spec 8's "no share support
 * on this device"); 'cancelled' when the person closes the share sheet (not a failure). Any
 * other error is thrown for the caller's "failed, try again".
 */
export async function shareData(data: ShareData): Promise<ShareOutcome> {
  if (typeof navigator === 'undefined' || typeof navigator.share !== 'function') {
    return 'unsupported';
  }
  if (typeof navigator.canShare === 'function' && !navigator.canShare(data)) return 'unsupported';
  try {
    await navigator.share(data);
    return 'shared';
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    if (error instanceof DOMException && error.name === 'NotAllowedError') return 'unsupported';
    throw error;
  }
}

/** Shares an image file (a try-on result, a gallery photo). */
export function shareImage(
  blob: Blob,
  fileName: string,
  text: { title: string; text: string },
): Promise<ShareOutcome> {
  const file = new File([blob], fileName, { type: blob.type || 'image/jpeg' });
  return shareData({ files: [file], title: text.title, text: text.text });
}

/** Saves a blob as a file download (the gallery's "save to device"). */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
