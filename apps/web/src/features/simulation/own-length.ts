import type { StyleLength } from './style-picker';

/**
 * The length class of the person's own hair, from how far it reaches below the chin (the photo
 * check's `hairBelowChin`, in face heights). The bangs removal keeps hair below the jaw (ADR 039),
 * so a style shorter than the person's own hair sits on top of hair that stays: the picker
 * suggests styles of a similar length instead (ADR 046).
 */
const ownLengthFrom = {
  /** Hair ending at the chin or just below it (a bob's tips) is not kept long hair. */
  medium: 0.25,
  /** Below the shoulders (about 0.7 face heights under the chin). */
  long: 0.8,
} as const;

/** Shorter to longer; the men's styles are short. */
const rank: Record<StyleLength, number> = { short: 0, male: 0, bob: 1, medium: 2, long: 3 };

export function ownHairLength(hairBelowChin: number | null | undefined): 'medium' | 'long' | null {
  if (hairBelowChin == null) return null;
  if (hairBelowChin >= ownLengthFrom.long) return 'long';
  if (hairBelowChin >= ownLengthFrom.medium) return 'medium';
  return null;
}

/** Whether a style of `length` is shorter than the person's own hair (which will show below it). */
export function isShorterThanOwn(
  length: StyleLength | null | undefined,
  own: 'medium' | 'long' | null,
): boolean {
  if (!own || !length) return false;
  return rank[length] < rank[own];
}
