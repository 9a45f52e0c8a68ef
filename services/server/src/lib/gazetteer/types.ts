import type { PlaceKind } from '@carol/contracts';

/**
 * The offline gazetteer's data model (docs/decisions/012-offline-gazetteer.md).
 *
 * Hand-curated, deterministic, shipped in the repository. Coordinates are WGS84. Top-level
 * regions (특별시·광역시·도, 都道府県) point at their seat of government, which is what people
 * mean by "Seoul" or "Osaka"; districts at their office or centre (about 1 km); neighbourhoods
 * at their centre; stations at the station (about 200 m).
 */

export type GazetteerCountry = 'kr' | 'jp';

/**
 * Korea: metro (특별시·광역시·특별자치시), province (도), si, gu, gun, dong (동·읍·면·가);
 * Japan: prefecture, city (市), ward (区); both: area (a well-known neighbourhood that is not an
 * administrative unit: 가로수길, 서면, 原宿, 梅田) and station. The list lives in the contracts.
 */
export { placeKindValues as placeKinds, type PlaceKind } from '@carol/contracts';

export interface LocalNames {
  ko: string;
  en: string;
  /** Empty when there is no established Japanese form; the Korean name is shown instead. */
  ja: string;
}

export interface GazetteerEntry {
  /** Stable, unique, lower-case: kr-seoul-gangnam, jp-13-shibuya, jp-st-shibuya. */
  id: string;
  country: GazetteerCountry;
  kind: PlaceKind;
  /** The containing place's id; null only for top-level regions. */
  parent: string | null;
  names: LocalNames;
  /** How the place is written when it is a parent in a longer name ("서울" in "서울 강남구"). */
  short?: LocalNames;
  /** Japanese places: the reading in hiragana (しぶやく). */
  kana?: string;
  /** Other names people search by: official long forms, nicknames, old names, other spellings. */
  aliases?: readonly string[];
  lat: number;
  lng: number;
}
