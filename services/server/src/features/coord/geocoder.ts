import type { Language, Server } from '@carol/contracts';
import type { PlaceKind } from '../../lib/gazetteer/types.js';

/**
 * Place search and address ↔ coordinates (spec 7: /carol/coord/*). The routes only see this
 * interface; `OfflineGeocoder` answers from the gazetteer shipped in the repository, and an
 * online geocoder can implement the same three calls (docs/decisions/012-offline-gazetteer.md).
 */
export interface Place {
  id: string;
  country: Server;
  kind: PlaceKind;
  /** The place's own name in the requested language: "역삼동", "渋谷区", "Shibuya Station". */
  name: string;
  /** With its parents, as an address is written in that language: "서울 강남구 역삼동". */
  fullName: string;
  lat: number;
  lng: number;
}

export interface SearchOptions {
  /** The request's market: its places rank first, the other market's follow. */
  country: Server;
  language: Language;
  limit: number;
}

export interface LookupOptions {
  country: Server;
  language: Language;
}

export interface ReverseResult {
  /** Display address of the nearest neighbourhood (or district) with its parents. */
  address: string;
  place: Place;
}

export interface Geocoder {
  search(query: string, options: SearchOptions): Promise<Place[]>;
  /** The best match for a written address ("서울 강남구 역삼동 123", "東京都渋谷区神宮前1-2-3"), or null. */
  coordByAddress(address: string, options: LookupOptions): Promise<Place | null>;
  /** The nearest known place, or null outside Korea and Japan. */
  addressByCoord(lat: number, lng: number, options: LookupOptions): Promise<ReverseResult | null>;
}
