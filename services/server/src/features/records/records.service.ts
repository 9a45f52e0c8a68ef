import {
  parsePhone,
  recordLimits,
  type DiagnosisContent,
  type HistoryVisit,
  type LinkInfo,
  type RecordNotice,
  type ScalpMeasure,
  type Server,
  type ShopVisit,
  type VisitShop,
} from '@carol/contracts';
import type { Database } from '../../db/index.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../lib/errors.js';
import { maskPhone } from '../account/account.service.js';
import { consumeLinkCode, countedCode, liveLinkCode } from '../qr/qr.service.js';
import * as repo from './records.repo.js';

// The member's side (ADR 035): styling history, visited shops, notices, scalp
// diagnoses and data linking. The member id always comes from the session.

/** Notices shown per salon in the "by salon" view (newest first). */
export const NOTICES_PER_SHOP = 20;

interface Page<T> {
  items: T[];
  total: number;
  page: number;
  has_next: boolean;
}

const pageOf = <T>(items: T[], total: number, paging: repo.Paging): Page<T> => ({
  items,
  total,
  page: paging.page,
  has_next: paging.page * paging.pageSize < total,
});

const DAY_MS = 86_400_000;
/** Whole days from `from` to `to` ("YYYY-MM-DD", both valid dates per the contract). */
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

function checkRange(from: string | undefined, to: string | undefined, maxDays?: number) {
  if ((from === undefined) !== (to === undefined)) throw new AppError('DATE_RANGE_INCOMPLETE');
  if (from === undefined || to === undefined) return;
  // Year 0000 passes the contract's date pattern but is no date to PostgreSQL.
  if (from < '0001-01-01' || to < '0001-01-01') throw new AppError('DATE_RANGE_INVALID');
  const days = daysBetween(from, to);
  if (days < 0) throw new AppError('DATE_RANGE_INVALID');
  if (maxDays !== undefined && days + 1 > maxDays) throw new AppError('DATE_RANGE_INVALID');
}

/** A `shop_id` filter must name a salon the member is linked with (NOT_FOUND otherwise). */
async function requireLinked(db: Database, memberId: number, shopId: number | undefined) {
  if (shopId !== undefined && !(await repo.findLink(db, memberId, shopId)))
    throw new AppError('NOT_FOUND');
}

const treatmentsOf = (value: string[] | string): string[] => {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === 'string') : [];
};

// --- styling history --------------------------------------------------------------------------

export async function myPhotoListOf(
  db: Database,
  memberId: number,
  input: {
    shopId?: number | undefined;
    from?: string | undefined;
    to?: string | undefined;
    view: 'visible' | 'hidden';
    paging: repo.Paging;
  },
): Promise<Page<HistoryVisit>> {
  checkRange(input.from, input.to);
  await requireLinked(db, memberId, input.shopId);
  const filter = { shopId: input.shopId, from: input.from, to: input.to, view: input.view };
  const [visits, total] = await Promise.all([
    repo.listVisits(db, memberId, filter, input.paging),
    repo.countVisits(db, memberId, filter),
  ]);
  const media = await repo.listMediaOfVisits(
    db,
    memberId,
    visits.map((v) => v.visit_id),
    input.view,
  );
  return pageOf(
    visits.map((v) => ({
      visit_id: v.visit_id,
      shop_id: v.shop_id,
      shop_name: v.shop_name,
      visited_at: v.visited_at,
      date: v.date,
      time: v.time,
      time_zone: v.time_zone,
      designer_id: v.designer_id,
      designer_name: v.designer_name,
      treatments: treatmentsOf(v.treatments),
      shop_memo: v.shop_memo,
      media: media
        .filter((m) => m.visit_id === v.visit_id)
        .map((m) => ({
          media_id: m.media_id,
          kind: m.kind,
          label: m.label as HistoryVisit['media'][number]['label'],
          url: m.url,
          thumb_url: m.thumb_url,
          mime_type: m.mime_type,
          width: m.width,
          height: m.height,
          duration_ms: m.duration_ms,
          personal_memo: m.personal_memo,
          is_hidden: m.is_hidden,
        })),
    })),
    total,
    input.paging,
  );
}

export async function dateVisitListOf(
  db: Database,
  memberId: number,
  input: { from: string; to: string; shopId?: number | undefined },
) {
  checkRange(input.from, input.to, recordLimits.dateVisitListMaxDays);
  await requireLinked(db, memberId, input.shopId);
  return { dates: await repo.listVisitDates(db, memberId, input) };
}

export async function shopVisitListOf(
  db: Database,
  memberId: number,
  shopId: number | undefined,
): Promise<ShopVisit[]> {
  await requireLinked(db, memberId, shopId);
  const shops = await repo.listLinkedShops(db, memberId, shopId);
  const notices = await repo.listNotices(
    db,
    shops.map((s) => s.shop_id),
    NOTICES_PER_SHOP,
  );
  return shops.map((s) => ({
    ...s,
    notices: notices
      .filter((n) => n.shop_id === s.shop_id)
      .map((n): RecordNotice => ({
        notice_id: n.notice_id,
        type: n.type,
        title: n.title,
        body: n.body,
        published_at: n.published_at,
        valid_from: n.valid_from,
        valid_until: n.valid_until,
      })),
  }));
}

export async function visitShopListOf(
  db: Database,
  memberId: number,
  server: Server,
  paging: repo.Paging,
): Promise<Page<VisitShop>> {
  const [rows, total] = await Promise.all([
    repo.listVisitedShops(db, memberId, server, paging),
    repo.countVisitedShops(db, memberId, server),
  ]);
  return pageOf(
    rows.map((r) => ({ ...r, rating_avg: Number(r.rating_avg) })),
    total,
    paging,
  );
}

// --- the member's layer: delete, hide, memo ---------------------------------------------------

/**
 * All or nothing: every id must be the member's (a linked salon's media under the linked phone,
 * not deleted), else NOT_FOUND and nothing changes. The member's links are locked for the
 * transaction, so an unlink running at the same time waits and then removes these rows too.
 */
async function withOwnedMedia<T>(
  db: Database,
  memberId: number,
  ids: readonly number[],
  write: (tx: repo.Db, ids: number[]) => Promise<T>,
): Promise<T> {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    await repo.lockLinks(tx, memberId);
    const owned = await repo.ownedMediaIds(tx, memberId, unique);
    if (owned.length !== unique.length) throw new AppError('NOT_FOUND');
    return write(tx, unique);
  });
}

export async function deleteHistoryFor(db: Database, memberId: number, ids: readonly number[]) {
  const deleted = await withOwnedMedia(db, memberId, ids, async (tx, unique) => {
    await repo.markMediaDeleted(tx, memberId, unique);
    return unique;
  });
  return { deleted_ids: deleted };
}

export async function setHistoryHiddenFor(
  db: Database,
  memberId: number,
  ids: readonly number[],
  hidden: boolean,
) {
  try {
    const changed = await withOwnedMedia(db, memberId, ids, async (tx, unique) => {
      await repo.setMediaHidden(tx, memberId, unique, hidden);
      return unique;
    });
    return { media_ids: changed, hidden };
  } catch (error) {
    // Spec 8's "hide failed" for anything but an id that is not the member's.
    if (error instanceof AppError && error.code === 'NOT_FOUND') throw error;
    throw new AppError('HIDE_FAILED', { cause: error });
  }
}

export async function setCaptionFor(
  db: Database,
  memberId: number,
  mediaId: number,
  caption: string,
) {
  const memo = caption === '' ? null : caption;
  await withOwnedMedia(db, memberId, [mediaId], (tx) =>
    repo.setMediaMemo(tx, memberId, mediaId, memo),
  );
  return { media_id: mediaId, personal_memo: memo };
}

// --- scalp diagnoses --------------------------------------------------------------------------

export async function diagnosisContentsOf(
  db: Database,
  memberId: number,
  shopId: number | undefined,
  paging: repo.Paging,
): Promise<Page<DiagnosisContent>> {
  await requireLinked(db, memberId, shopId);
  const [rows, total] = await Promise.all([
    repo.listDiagnoses(db, memberId, shopId, paging),
    repo.countDiagnoses(db, memberId, shopId),
  ]);
  const images = await repo.listScalpImages(
    db,
    rows.map((r) => r.diagnosis_id),
  );
  return pageOf(
    rows.map((r) => ({
      diagnosis_id: r.diagnosis_id,
      shop_id: r.shop_id,
      shop_name: r.shop_name,
      diagnosed_at: r.diagnosed_at,
      date: r.date,
      designer_name: r.designer_name,
      measures: measuresOf(r.measures),
      images: images
        .filter((i) => i.diagnosis_id === r.diagnosis_id)
        .map((i) => ({
          image_id: i.image_id,
          area: i.area as DiagnosisContent['images'][number]['area'],
          url: i.url,
          thumb_url: i.thumb_url,
          width: i.width,
          height: i.height,
        })),
      memo: r.memo,
    })),
    total,
    paging,
  );
}

function measuresOf(value: unknown): ScalpMeasure[] {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(parsed) ? (parsed as ScalpMeasure[]) : [];
}

export async function deleteDiagnosisFor(db: Database, memberId: number, diagnosisId: number) {
  await db.transaction(async (tx) => {
    await repo.lockLinks(tx, memberId);
    if (!(await repo.ownsDiagnosis(tx, memberId, diagnosisId))) throw new AppError('NOT_FOUND');
    await repo.markDiagnosisDeleted(tx, memberId, diagnosisId);
  });
  return { diagnosis_id: diagnosisId };
}

// --- data linking -----------------------------------------------------------------------------

interface LinkTarget {
  shop_id?: number | undefined;
  code?: string | undefined;
}

/** Exactly one of `shop_id` / `code`. */
function targetOf(input: LinkTarget): { shopId: number } | { code: string } {
  const hasShop = input.shop_id !== undefined;
  const hasCode = input.code !== undefined;
  if (hasShop === hasCode) throw new AppError('VALIDATION_FAILED');
  return hasShop ? { shopId: input.shop_id! } : { code: input.code! };
}

/** The phone a link uses: the member's verified phone in its canonical form. */
function linkPhoneOf(member: { phone: string | null; server: Server }): string | null {
  if (!member.phone) return null;
  const parsed = parsePhone(member.phone, member.server);
  return parsed.ok ? parsed.phone : member.phone;
}

async function activeMember(db: Database, memberId: number) {
  const member = await repo.findMember(db, memberId);
  if (!member) throw new AppError('UNAUTHORIZED');
  return member;
}

/** A salon by id must be of the request's market. */
async function shopOfServer(db: Database, shopId: number, server: Server) {
  const shop = await repo.findShop(db, shopId);
  if (!shop || shop.server !== server) throw new AppError('NOT_FOUND');
  return shop;
}

export async function linkInfoOf(
  db: Database,
  memberId: number,
  server: Server,
  input: LinkTarget,
): Promise<LinkInfo> {
  const target = targetOf(input);
  const member = await activeMember(db, memberId);
  let shopId: number;
  let expiresIn: number | null = null;
  if ('code' in target) {
    const live = await liveLinkCode(db, memberId, target.code, server);
    shopId = live.shopId;
    expiresIn = live.secondsLeft;
  } else {
    shopId = target.shopId;
  }
  const shop = await shopOfServer(db, shopId, server);
  const phone = linkPhoneOf(member);
  return {
    shop_id: shop.id,
    shop_name: shop.name,
    shop_address: shop.address,
    shop_thumbnail: shop.thumbnail,
    is_linked: (await repo.findLink(db, memberId, shop.id)) !== undefined,
    phone_verified: member.phone_verified && phone !== null,
    phone_masked: phone ? maskPhone(phone) : null,
    expires_in: expiresIn,
  };
}

/**
 * Links the member with a salon. The database decides "one account per salon" (ADR 035):
 * the insert runs, and a unique violation names the refusal (shop_links_member_shop_uq:
 * LINK_ALREADY; shop_links_shop_phone_uq: LINK_DUPLICATE unless the holder is this member).
 * By code, the link code is consumed in the same transaction, so a refused link leaves it live.
 */
export async function linkAdd(db: Database, memberId: number, server: Server, input: LinkTarget) {
  const target = targetOf(input);
  const member = await activeMember(db, memberId);
  const phone = linkPhoneOf(member);
  if (!member.phone_verified || !phone) throw new AppError('PHONE_NOT_VERIFIED');
  const code = 'code' in target ? await countedCode(db, memberId, target.code) : undefined;
  if ('shopId' in target) await shopOfServer(db, target.shopId, server);

  let shopId = 'shopId' in target ? target.shopId : 0;
  let linkedAt: string;
  try {
    linkedAt = await db.transaction(async (tx) => {
      if (code !== undefined) shopId = await consumeLinkCode(tx, memberId, code, server);
      return (await repo.insertLink(tx, memberId, shopId, phone)).linked_at;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'shop_links_member_shop_uq'))
      throw new AppError('LINK_ALREADY', { cause: error });
    if (isUniqueViolation(error, 'shop_links_shop_phone_uq')) {
      const holder = await repo.findLinkOfPhone(db, shopId, phone);
      throw new AppError(holder?.member_id === memberId ? 'LINK_ALREADY' : 'LINK_DUPLICATE', {
        cause: error,
      });
    }
    // The salon was removed between the check and the insert.
    if (isForeignKeyViolation(error)) throw new AppError('NOT_FOUND', { cause: error });
    throw error;
  }
  const [shop, visitCount] = await Promise.all([
    repo.findShop(db, shopId),
    repo.countVisitsOfPhone(db, shopId, phone),
  ]);
  return {
    shop_id: shopId,
    shop_name: shop?.name ?? '',
    linked_at: linkedAt,
    visit_count: visitCount,
  };
}

/** Unlinks: the link and the member's memos, hide and delete marks on that salon's records go, in one transaction. */
export async function linkCancel(db: Database, memberId: number, shopId: number) {
  const removed = await db.transaction((tx) => repo.deleteLink(tx, memberId, shopId));
  if (!removed) throw new AppError('NOT_FOUND');
  return { shop_id: shopId };
}
