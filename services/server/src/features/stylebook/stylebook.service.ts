import {
  ALL_STYLES,
  ALL_TYPES,
  isNarrowingPath,
  type CatalogueKind,
  type CataloguePhoto,
  type CatalogueStyle,
  type CatalogueType,
  type Language,
  type PhotoDetail,
  type Server,
  type ShareStyle,
  type StylebookGender,
  type StylebookShopItem,
} from '@carol/contracts';
import type { Database } from '../../db/index.js';
import { AppError } from '../../lib/errors.js';
import {
  addToHairBook,
  countPhotos,
  countShopPhotosByGender,
  countShopsOfFilter,
  countShopsOfStyle,
  findCredit,
  findPhoto,
  findStyle,
  findType,
  listPhotos,
  listShopsOfStyle,
  listStylesOfType,
  listTypes,
  photoExists,
  removeFromHairBook,
  shopExists,
  type PhotoFilter,
  type PhotoRow,
  type StylebookShopSort,
  type TypeRow,
} from './stylebook.repo.js';

/** Where "salons that do this style" measures from when the client sends no coordinates. */
const cityCentre: Record<Server, { lat: number; lng: number }> = {
  kr: { lat: 37.5665, lng: 126.978 }, // Seoul City Hall
  jp: { lat: 35.6812, lng: 139.7671 }, // Tokyo Station
};

export interface StylebookPath {
  gender: StylebookGender;
  type_id: number;
  style_id: number;
  substyle_id: number;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  has_next: boolean;
}

/** The type code ends with its kind: "short-cut", "male-perm", "long-color". */
function kindOf(code: string): CatalogueKind {
  const kind = code.slice(code.lastIndexOf('-') + 1);
  return kind === 'perm' || kind === 'color' ? kind : 'cut';
}

function toType(t: TypeRow): CatalogueType {
  return {
    type_id: t.id,
    gender: t.gender,
    length: t.length,
    kind: kindOf(t.code),
    code: t.code,
    name: t.name,
    photo_count: t.photo_count,
  };
}

function toPhoto(p: PhotoRow): CataloguePhoto {
  return {
    photo_id: p.id,
    gender: p.gender,
    length: p.length,
    type_id: p.type_id,
    style_id: p.style_id,
    substyle_id: p.substyle_id,
    style_name: p.substyle_name ? `${p.style_name} · ${p.substyle_name}` : p.style_name,
    title: p.title,
    description: p.description,
    image_url: p.image_url,
    thumb_url: p.thumb_url,
    like_count: p.like_count,
    in_hair_book: p.in_hair_book,
  };
}

/**
 * Checks a style-book path against the catalogue: malformed → VALIDATION_FAILED (a style
 * without its type, a substyle without its style); ids that are not there, or not under the
 * segment before them → NOT_FOUND.
 */
export async function resolvePath(
  db: Database,
  server: Server,
  path: StylebookPath,
): Promise<PhotoFilter> {
  if (!isNarrowingPath(path))
    throw new AppError('VALIDATION_FAILED', {
      fields: [{ field: 'style_id', code: 'VALIDATION_FAILED' }],
    });
  const filter: PhotoFilter = {
    server,
    gender: path.gender,
    typeId: null,
    styleId: null,
    substyleId: null,
  };
  if (path.type_id === ALL_TYPES) return filter;
  const type = await findType(db, path.type_id);
  if (!type || type.gender !== path.gender) throw new AppError('NOT_FOUND');
  filter.typeId = type.id;
  if (path.style_id === ALL_STYLES) return filter;
  const style = await findStyle(db, path.style_id);
  if (!style || style.typeId !== type.id || style.parentStyleId !== null)
    throw new AppError('NOT_FOUND');
  filter.styleId = style.id;
  if (path.substyle_id === ALL_STYLES) return filter;
  const sub = await findStyle(db, path.substyle_id);
  if (!sub || sub.parentStyleId !== style.id) throw new AppError('NOT_FOUND');
  filter.substyleId = sub.id;
  return filter;
}

export async function getTypes(
  db: Database,
  server: Server,
  gender: StylebookGender,
  language: Language,
): Promise<CatalogueType[]> {
  return (await listTypes(db, server, gender, language, null)).map(toType);
}

async function stylesOf(db: Database, server: Server, typeId: number, language: Language) {
  const rows = await listStylesOfType(db, server, typeId, language);
  const styles: CatalogueStyle[] = [];
  const byId = new Map<number, CatalogueStyle>();
  for (const r of rows) {
    if (r.parent_style_id === null) {
      const style: CatalogueStyle = {
        style_id: r.id,
        type_id: typeId,
        code: r.code,
        name: r.name,
        photo_count: r.own_count,
        substyles: [],
      };
      styles.push(style);
      byId.set(r.id, style);
    } else {
      const parent = byId.get(r.parent_style_id);
      if (!parent) continue;
      parent.substyles.push({
        style_id: r.id,
        code: r.code,
        name: r.name,
        photo_count: r.own_count,
      });
      parent.photo_count += r.own_count;
    }
  }
  return styles;
}

async function photoPage(
  db: Database,
  filter: PhotoFilter,
  language: Language,
  memberId: number | null,
  page: number,
  pageSize: number,
): Promise<Page<CataloguePhoto>> {
  const offset = (page - 1) * pageSize;
  const rows = await listPhotos(db, filter, language, memberId, pageSize, offset);
  const total = rows[0]?.total ?? (offset > 0 ? await countPhotos(db, filter) : 0);
  return {
    items: rows.map(toPhoto),
    total,
    page,
    has_next: offset + rows.length < total,
  };
}

export async function getStyles(
  db: Database,
  server: Server,
  path: StylebookPath & { page: number; page_size: number },
  language: Language,
  memberId: number | null,
) {
  const filter = await resolvePath(db, server, path);
  const [styleList, photos] = await Promise.all([
    filter.typeId === null ? Promise.resolve([]) : stylesOf(db, server, filter.typeId, language),
    photoPage(db, filter, language, memberId, path.page, path.page_size),
  ]);
  return { style_list: styleList, photos };
}

/** A photo of another market is NOT_FOUND: its text is in that market's language (ADR 024). */
async function requirePhoto(
  db: Database,
  server: Server,
  photoId: number,
  language: Language,
  memberId: number | null,
) {
  const photo = await findPhoto(db, server, photoId, language, memberId);
  if (!photo) throw new AppError('NOT_FOUND');
  return photo;
}

/** The style-book path that shows a photo: its gender, type, style and substyle. */
export function pathOfPhoto(p: {
  gender: string;
  type_id: number;
  style_id: number;
  substyle_id: number | null;
}): string {
  return `/stylebook/style/${p.gender}/${p.type_id}/${p.style_id}/${p.substyle_id ?? ALL_STYLES}`;
}

export async function getPhotoDetailOf(
  db: Database,
  server: Server,
  photoId: number,
  language: Language,
  memberId: number | null,
): Promise<PhotoDetail> {
  const photo = await requirePhoto(db, server, photoId, language, memberId);
  const [credit, shopCount] = await Promise.all([
    photo.shop_id === null
      ? Promise.resolve(undefined)
      : findCredit(db, server, photo.shop_id, photo.designer_id),
    countShopsOfStyle(db, server, photo.gender, photo.style_id),
  ]);
  return {
    ...toPhoto(photo),
    type_name: photo.type_name,
    style_only_name: photo.style_name,
    substyle_name: photo.substyle_name,
    shop: credit?.shop ?? null,
    designer: credit?.designer ?? null,
    shop_count: shopCount,
  };
}

export async function getShareStyleOf(
  db: Database,
  server: Server,
  appBaseUrl: string,
  photoId: number,
  language: Language,
): Promise<ShareStyle> {
  const photo = await requirePhoto(db, server, photoId, language, null);
  const p = toPhoto(photo);
  const absolute = (url: string) => (/^https?:\/\//.test(url) ? url : `${appBaseUrl}${url}`);
  return {
    title: p.style_name,
    description: photo.description ?? p.title,
    image_url: absolute(photo.image_url),
    url: `${appBaseUrl}${pathOfPhoto(p)}?photo=${p.photo_id}`,
  };
}

export async function getShopPhotos(
  db: Database,
  server: Server,
  input: StylebookPath & { shop_id: number; page: number; page_size: number },
  language: Language,
  memberId: number | null,
) {
  if (!(await shopExists(db, server, input.shop_id))) throw new AppError('NOT_FOUND');
  const filter = { ...(await resolvePath(db, server, input)), shopId: input.shop_id };
  const [types, photos, genderCounts] = await Promise.all([
    listTypes(db, server, input.gender, language, input.shop_id),
    photoPage(db, filter, language, memberId, input.page, input.page_size),
    countShopPhotosByGender(db, server, input.shop_id),
  ]);
  return {
    type_list: types.filter((t) => t.photo_count > 0).map(toType),
    gender_counts: genderCounts,
    photos,
  };
}

export async function getShopsByStyle(
  db: Database,
  server: Server,
  input: StylebookPath & {
    lat?: number | undefined;
    lng?: number | undefined;
    sort?: StylebookShopSort | undefined;
    page: number;
    page_size: number;
  },
  now = new Date(),
): Promise<Page<StylebookShopItem>> {
  const filter = await resolvePath(db, server, input);
  const hasPoint = input.lat !== undefined && input.lng !== undefined;
  const at = hasPoint ? { lat: input.lat!, lng: input.lng! } : cityCentre[server];
  const offset = (input.page - 1) * input.page_size;
  const rows = await listShopsOfStyle(db, {
    server,
    filter,
    at,
    sort: input.sort ?? (hasPoint ? 'distance' : 'rating'),
    limit: input.page_size,
    offset,
    now,
  });
  const total = rows[0]?.total ?? (offset > 0 ? await countShopsOfFilter(db, server, filter) : 0);
  return {
    items: rows.map(({ total: _total, ...shop }) => shop),
    total,
    page: input.page,
    has_next: offset + rows.length < total,
  };
}

/** add_hair_book / sub_hair_book: the member comes from the session only; both are idempotent. */
export async function setInHairBook(
  db: Database,
  server: Server,
  memberId: number,
  photoId: number,
  inHairBook: boolean,
): Promise<{ photo_id: number; in_hair_book: boolean }> {
  // Adding needs a photo of the request's market; removing works on any (a favourite from
  // before photos had a market must never become impossible to take out).
  if (!(await photoExists(db, inHairBook ? server : null, photoId)))
    throw new AppError('NOT_FOUND');
  if (inHairBook) await addToHairBook(db, memberId, photoId);
  else await removeFromHairBook(db, memberId, photoId);
  return { photo_id: photoId, in_hair_book: inHairBook };
}
