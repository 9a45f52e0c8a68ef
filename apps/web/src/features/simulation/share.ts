export type ShareOutcome = 'shared' | 'cancelled' | 'unsupported';

/**
 * Shares an image file through the Web Share API (the phone's share sheet). 'unsupported' when
 * this browser cannot share files (the caller shows the spec's "no share support" message).
 */
export async function shareImage(
  blob: Blob,
  fileName: string,
  text: { title: string; text: string },
): Promise<ShareOutcome> {
  if (typeof navigator === 'undefined' || typeof navigator.share !== 'function') {
    return 'unsupported';
  }
  const file = new File([blob], fileName, { type: blob.type || 'image/jpeg' });
  const data: ShareData = { files: [file], title: text.title, text: text.text };
  if (typeof navigator.canShare === 'function' && !navigator.canShare(data)) return 'unsupported';
  try {
    await navigator.share(data);
    return 'shared';
  } catch (error) {
    // The user closed the share sheet: not a failure.
    if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    if (error instanceof DOMException && error.name === 'NotAllowedError') return 'unsupported';
    throw error;
  }
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
