import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { LatSchema, LngSchema, ServerSchema } from '../common.js';

// Location search of the Find screen (spec sections 2 and 7: /carol/coord/getSearchList,
// getCoordByAddress, getAddressByCoord → address), answered from the offline gazetteer
// (docs/decisions/012-offline-gazetteer.md). Names come back in the request's language.

export const placeKindValues = [
  'metro',
  'province',
  'si',
  'gu',
  'gun',
  'dong',
  'prefecture',
  'city',
  'ward',
  'area',
  'station',
] as const;
export const PlaceKindSchema = z.enum(placeKindValues);
export type PlaceKind = z.infer<typeof PlaceKindSchema>;

export const PlaceSchema = z.object({
  id: z.string(),
  /** The market the place is in. */
  country: ServerSchema,
  kind: PlaceKindSchema,
  /** "역삼동", "渋谷区", "Shibuya Station". */
  name: z.string(),
  /** With its parents, written the way the language writes addresses: "서울 강남구 역삼동". */
  full_name: z.string(),
  lat: z.number(),
  lng: z.number(),
});
export type PlaceItem = z.infer<typeof PlaceSchema>;

export const PlaceKeywordSchema = z.string().trim().min(1).max(100);

export const getCoordSearchList = defineEndpoint({
  base: 'main',
  path: '/carol/coord/getSearchList',
  summary:
    'Search places (regions, districts, neighbourhoods, stations) by name; the request market first',
  tag: 'coord',
  access: 'public',
  envelope: 'main',
  request: z.object({
    keyword: PlaceKeywordSchema,
    limit: z.coerce.number().int().min(1).max(50).default(20),
  }),
  response: z.object({ list: z.array(PlaceSchema) }),
});

export const getCoordByAddress = defineEndpoint({
  base: 'main',
  path: '/carol/coord/getCoordByAddress',
  summary: 'The coordinates of the place an address names (best match), or NOT_FOUND',
  tag: 'coord',
  access: 'public',
  envelope: 'main',
  request: z.object({ address: z.string().trim().min(1).max(200) }),
  response: PlaceSchema,
});

export const getAddressByCoord = defineEndpoint({
  base: 'main',
  path: '/carol/coord/getAddressByCoord',
  summary: 'The nearest neighbourhood (or district) with its parents as an address, or NOT_FOUND',
  tag: 'coord',
  access: 'public',
  envelope: 'main',
  request: z.object({ lat: LatSchema, lng: LngSchema }),
  response: z.object({ address: z.string(), place: PlaceSchema }),
});
