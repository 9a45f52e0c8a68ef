import { ALL_STYLES, ALL_TYPES, type StylebookGender } from '@carol/contracts';

/** The four segments of /stylebook/style/:gender/:type/:style/:substyle (ADR 013). */
export interface StylebookPath {
  gender: StylebookGender;
  type: number;
  style: number;
  substyle: number;
}

const isId = (s: string | undefined) => s !== undefined && /^\d+$/.test(s) && Number(s) > 0;

/** Parses route params; null when the path is malformed (the screen shows "not found"). */
export function parseStylebookPath(params: {
  gender?: string | undefined;
  type?: string | undefined;
  style?: string | undefined;
  substyle?: string | undefined;
}): StylebookPath | null {
  const { gender, type, style, substyle } = params;
  if (gender !== 'w' && gender !== 'm') return null;
  const typeId = type === String(ALL_TYPES) ? ALL_TYPES : isId(type) ? Number(type) : null;
  const styleId = style === '0' ? ALL_STYLES : isId(style) ? Number(style) : null;
  const subId = substyle === '0' ? ALL_STYLES : isId(substyle) ? Number(substyle) : null;
  if (typeId === null || styleId === null || subId === null) return null;
  if (typeId === ALL_TYPES && styleId !== ALL_STYLES) return null;
  if (styleId === ALL_STYLES && subId !== ALL_STYLES) return null;
  return { gender, type: typeId, style: styleId, substyle: subId };
}

export const segmentsOf = (p: StylebookPath) => `${p.gender}/${p.type}/${p.style}/${p.substyle}`;

/** /stylebook/shop?gender=&type=&style=&substyle= — "salons that do this style". */
export function shopsPathOf(p: StylebookPath): string {
  const q = new URLSearchParams({
    gender: p.gender,
    type: String(p.type),
    style: String(p.style),
    substyle: String(p.substyle),
  });
  return `/stylebook/shop?${q.toString()}`;
}
