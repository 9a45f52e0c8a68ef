import { sql, type SQL } from 'drizzle-orm';
import type { Database, DbTransaction } from '../../db/index.js';

// The member's side of the salons' records (ADR 035). Every query starts from the
// member id the session resolved and reaches a salon's records only through the member's own
// shop_links row joined to shop_customers on (shop, phone): no request field names a member, and
// an unlinked salon's rows (or another member's) are simply not in the join.

export type Db = Database | DbTransaction;

export interface Paging {
  page: number;
  pageSize: number;
}

/** ISO 8601 in UTC, formatted by the database (both drivers then answer the same string). */
const iso = (col: SQL) =>
  sql<string>`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** The salon's local calendar date of an instant. */
const localDate = (col: SQL, zone: SQL) =>
  sql<string>`to_char(${col} at time zone ${zone}, 'YYYY-MM-DD')`;

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** The member's linked salons' visits: `l` (link), `c` (customer), `vr` (visit), `s` (shop). */
const linkedVisits = (memberId: number) => sql`
  shop_links l
  join shop_customers c on c.shop_id = l.shop_id and c.phone = l.phone
  join visit_records vr on vr.customer_id = c.id
  join shops s on s.id = l.shop_id
  where l.member_id = ${memberId}`;

/** A media row `vm` the member sees in the view (visible: not hidden, not deleted; hidden: hidden, not deleted). */
const mediaInView = (view: 'visible' | 'hidden') =>
  view === 'visible'
    ? sql`(st.hidden_at is null and st.deleted_at is null)`
    : sql`(st.hidden_at is not null and st.deleted_at is null)`;

/** The visit `vr` appears in the view: hidden needs a hidden item; visible needs a visible item or no media at all. */
const visitInView = (memberId: number, view: 'visible' | 'hidden') => {
  const hasInView = sql`exists (
    select 1 from visit_media vm
      left join member_media_states st on st.media_id = vm.id and st.member_id = ${memberId}
     where vm.visit_id = vr.id and ${mediaInView(view)})`;
  return view === 'visible'
    ? sql`(${hasInView} or not exists (select 1 from visit_media vm0 where vm0.visit_id = vr.id))`
    : hasInView;
};

const shopThumbnail = sql`(select si.url from shop_images si where si.shop_id = s.id order by si.sort, si.id limit 1)`;

// --- links ------------------------------------------------------------------------------------

export async function findLink(db: Db, memberId: number, shopId: number) {
  const rows = await db.execute<{ shop_id: number; phone: string; linked_at: string }>(sql`
    select l.shop_id::int as shop_id, l.phone, ${iso(sql`l.linked_at`)} as linked_at
      from shop_links l where l.member_id = ${memberId} and l.shop_id = ${shopId}`);
  return rows.rows[0];
}

/** The link holding (shop, phone), whoever's it is (after a unique violation, to name it). */
export async function findLinkOfPhone(db: Db, shopId: number, phone: string) {
  const rows = await db.execute<{ member_id: number }>(sql`
    select l.member_id::int as member_id from shop_links l
     where l.shop_id = ${shopId} and l.phone = ${phone}`);
  return rows.rows[0];
}

/** Locks the member's links for the rest of the transaction, so an unlink waits for a write to the member's layer. */
export async function lockLinks(tx: Db, memberId: number) {
  await tx.execute(sql`select l.id from shop_links l where l.member_id = ${memberId} for share`);
}

export async function insertLink(tx: Db, memberId: number, shopId: number, phone: string) {
  const rows = await tx.execute<{ linked_at: string }>(sql`
    insert into shop_links (member_id, shop_id, phone) values (${memberId}, ${shopId}, ${phone})
    returning ${iso(sql`linked_at`)} as linked_at`);
  const row = rows.rows[0];
  if (!row) throw new Error('insert returned no row');
  return row;
}

/**
 * Deletes the link and the member's memos and hide marks on that salon's records. False when
 * not linked. What the member deleted stays deleted ("for good"): a later link does not bring
 * it back. Those marks hold no content (the memo is cleared), only the member's choice.
 */
export async function deleteLink(tx: Db, memberId: number, shopId: number): Promise<boolean> {
  const deleted = await tx.execute(sql`
    delete from shop_links where member_id = ${memberId} and shop_id = ${shopId} returning id`);
  if (deleted.rows.length === 0) return false;
  const ofShop = sql`st.member_id = ${memberId}
       and st.media_id in (select vm.id from visit_media vm where vm.shop_id = ${shopId})`;
  await tx.execute(
    sql`delete from member_media_states st where ${ofShop} and st.deleted_at is null`,
  );
  await tx.execute(sql`
    update member_media_states st set personal_memo = null, hidden_at = null, updated_at = now()
     where ${ofShop}`);
  return true;
}

export async function countVisitsOfPhone(db: Db, shopId: number, phone: string) {
  const rows = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from visit_records vr
      join shop_customers c on c.id = vr.customer_id
     where c.shop_id = ${shopId} and c.phone = ${phone}`);
  return rows.rows[0]?.n ?? 0;
}

export async function findShop(db: Db, shopId: number) {
  const rows = await db.execute<{
    id: number;
    server: string;
    name: string;
    address: string;
    thumbnail: string | null;
  }>(sql`
    select s.id::int as id, s.server, s.name, s.address, ${shopThumbnail} as thumbnail
      from shops s where s.id = ${shopId}`);
  return rows.rows[0];
}

export async function findMember(db: Db, memberId: number) {
  const rows = await db.execute<{
    phone: string | null;
    phone_verified: boolean;
    server: 'kr' | 'jp';
  }>(sql`
    select m.phone, (m.phone_verified_at is not null) as phone_verified, m.server
      from members m where m.id = ${memberId} and m.status = 'active'`);
  return rows.rows[0];
}

// --- styling history --------------------------------------------------------------------------

export interface HistoryFilter {
  shopId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  view: 'visible' | 'hidden';
}

function historyWhere(memberId: number, f: HistoryFilter) {
  return sql`${linkedVisits(memberId)}
    ${f.shopId === undefined ? sql`` : sql`and l.shop_id = ${f.shopId}`}
    ${
      f.from === undefined || f.to === undefined
        ? sql``
        : sql`and (vr.visited_at at time zone s.time_zone)::date between ${f.from}::date and ${f.to}::date`
    }
    and ${visitInView(memberId, f.view)}`;
}

export type VisitRow = {
  visit_id: number;
  shop_id: number;
  shop_name: string;
  visited_at: string;
  date: string;
  time: string;
  time_zone: string;
  designer_id: number | null;
  designer_name: string | null;
  treatments: string[] | string;
  shop_memo: string | null;
};

export async function listVisits(db: Db, memberId: number, f: HistoryFilter, paging: Paging) {
  const rows = await db.execute<VisitRow>(sql`
    select vr.id::int as visit_id, s.id::int as shop_id, s.name as shop_name,
           ${iso(sql`vr.visited_at`)} as visited_at,
           ${localDate(sql`vr.visited_at`, sql`s.time_zone`)} as date,
           to_char(vr.visited_at at time zone s.time_zone, 'HH24:MI') as time,
           s.time_zone, vr.designer_id::int as designer_id,
           (select g.name from designers g where g.id = vr.designer_id) as designer_name,
           vr.treatments, vr.shop_memo
      from ${historyWhere(memberId, f)}
     order by vr.visited_at desc, vr.id desc
     limit ${paging.pageSize} offset ${(paging.page - 1) * paging.pageSize}`);
  return rows.rows;
}

export async function countVisits(db: Db, memberId: number, f: HistoryFilter) {
  const rows = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from ${historyWhere(memberId, f)}`);
  return rows.rows[0]?.n ?? 0;
}

export type MediaRow = {
  media_id: number;
  visit_id: number;
  kind: 'photo' | 'video';
  label: string | null;
  url: string;
  thumb_url: string;
  mime_type: string;
  width: number;
  height: number;
  duration_ms: number | null;
  personal_memo: string | null;
  is_hidden: boolean;
};

export async function listMediaOfVisits(
  db: Db,
  memberId: number,
  visitIds: readonly number[],
  view: 'visible' | 'hidden',
) {
  if (visitIds.length === 0) return [];
  const rows = await db.execute<MediaRow>(sql`
    select vm.id::int as media_id, vm.visit_id::int as visit_id, vm.kind, vm.label, vm.url,
           vm.thumb_url, vm.mime_type, vm.width, vm.height, vm.duration_ms,
           st.personal_memo, (st.hidden_at is not null) as is_hidden
      from visit_media vm
      left join member_media_states st on st.media_id = vm.id and st.member_id = ${memberId}
     where vm.visit_id in (${idList(visitIds)}) and ${mediaInView(view)}
     order by vm.visit_id, vm.position, vm.id`);
  return rows.rows;
}

/** Salon-local dates with visits shown in the visible history, ascending. */
export async function listVisitDates(
  db: Db,
  memberId: number,
  f: { from: string; to: string; shopId?: number | undefined },
) {
  const rows = await db.execute<{ date: string }>(sql`
    select distinct ${localDate(sql`vr.visited_at`, sql`s.time_zone`)} as date
      from ${historyWhere(memberId, { ...f, view: 'visible' })}
     order by date`);
  return rows.rows.map((r) => r.date);
}

// --- by salon ---------------------------------------------------------------------------------

export type ShopVisitRow = {
  shop_id: number;
  shop_name: string;
  shop_thumbnail: string | null;
  time_zone: string;
  linked_at: string;
  last_visit_at: string | null;
  last_visit_date: string | null;
  visit_count: number;
  media_count: number;
};

export async function listLinkedShops(db: Db, memberId: number, shopId?: number) {
  const rows = await db.execute<ShopVisitRow>(sql`
    with v as (
      select l.shop_id, max(vr.visited_at) as last_at, count(vr.id)::int as n
        from shop_links l
        left join shop_customers c on c.shop_id = l.shop_id and c.phone = l.phone
        left join visit_records vr on vr.customer_id = c.id
       where l.member_id = ${memberId}
       group by l.shop_id
    ), m as (
      select l.shop_id, count(vm.id)::int as n
        from shop_links l
        join shop_customers c on c.shop_id = l.shop_id and c.phone = l.phone
        join visit_records vr on vr.customer_id = c.id
        join visit_media vm on vm.visit_id = vr.id
        left join member_media_states st on st.media_id = vm.id and st.member_id = ${memberId}
       where l.member_id = ${memberId} and st.hidden_at is null and st.deleted_at is null
       group by l.shop_id
    )
    select s.id::int as shop_id, s.name as shop_name, ${shopThumbnail} as shop_thumbnail,
           s.time_zone, ${iso(sql`l.linked_at`)} as linked_at,
           case when v.last_at is null then null else ${iso(sql`v.last_at`)} end as last_visit_at,
           case when v.last_at is null then null
                else ${localDate(sql`v.last_at`, sql`s.time_zone`)} end as last_visit_date,
           coalesce(v.n, 0)::int as visit_count, coalesce(m.n, 0)::int as media_count
      from shop_links l
      join shops s on s.id = l.shop_id
      left join v on v.shop_id = l.shop_id
      left join m on m.shop_id = l.shop_id
     where l.member_id = ${memberId}
       ${shopId === undefined ? sql`` : sql`and l.shop_id = ${shopId}`}
     order by v.last_at desc nulls last, l.linked_at desc, l.shop_id desc`);
  return rows.rows;
}

export type NoticeRow = {
  shop_id: number;
  notice_id: number;
  type: 'news' | 'update' | 'coupon' | 'details';
  title: string;
  body: string;
  published_at: string;
  valid_from: string | null;
  valid_until: string | null;
};

/** Notices a linked member sees, per salon, newest first (at most `perShop` each). */
export async function listNotices(db: Db, shopIds: readonly number[], perShop: number) {
  if (shopIds.length === 0) return [];
  const rows = await db.execute<NoticeRow>(sql`
    select * from (
      select n.shop_id::int as shop_id, n.id::int as notice_id, n.type, n.title, n.body,
             ${iso(sql`n.published_at`)} as published_at,
             case when n.valid_from is null then null else ${iso(sql`n.valid_from`)} end as valid_from,
             case when n.valid_until is null then null else ${iso(sql`n.valid_until`)} end as valid_until,
             row_number() over (partition by n.shop_id order by n.published_at desc, n.id desc) as rn
        from notices n
       where n.shop_id in (${idList(shopIds)})
         and n.published_at is not null and n.published_at <= now()
         and n.audience in ('all', 'linked')
         and (n.type <> 'coupon' or n.valid_until is null or n.valid_until > now())
    ) x where x.rn <= ${perShop}
    order by x.shop_id, x.rn`);
  return rows.rows;
}

// --- visited shops ----------------------------------------------------------------------------

export type VisitShopRow = {
  shop_id: number;
  shop_name: string;
  shop_thumbnail: string | null;
  address: string;
  rating_avg: number | string;
  review_count: number;
  last_visit_at: string;
  last_visit_date: string;
  visit_count: number;
  is_favorite: boolean;
  is_linked: boolean;
  bookable: boolean;
};

/**
 * Salons of `server` the member visited: completed reservations (bookings with status
 * 'visited', at their visit time or start) plus the linked salons' recorded visits, a recorded
 * visit on the salon-local day of a completed reservation counting once.
 */
export async function listVisitedShops(db: Db, memberId: number, server: string, paging: Paging) {
  const rows = await db.execute<VisitShopRow>(sql`
    with b as (
      select bk.shop_id, coalesce(bk.visited_at, bk.starts_at) as at,
             (coalesce(bk.visited_at, bk.starts_at) at time zone s.time_zone)::date as day
        from bookings bk join shops s on s.id = bk.shop_id
       where bk.member_id = ${memberId} and bk.status = 'visited' and s.server = ${server}
    ), r as (
      select vr.shop_id, vr.visited_at as at,
             (vr.visited_at at time zone s.time_zone)::date as day
        from ${linkedVisits(memberId)} and s.server = ${server}
    ), v as (
      select shop_id, at from b
      union all
      select r.shop_id, r.at from r
       where not exists (select 1 from b where b.shop_id = r.shop_id and b.day = r.day)
    ), agg as (
      select shop_id, max(at) as last_at, count(*)::int as n from v group by shop_id
    )
    select s.id::int as shop_id, s.name as shop_name, ${shopThumbnail} as shop_thumbnail,
           s.address, s.rating_avg::float8 as rating_avg, s.review_count,
           ${iso(sql`agg.last_at`)} as last_visit_at,
           ${localDate(sql`agg.last_at`, sql`s.time_zone`)} as last_visit_date,
           agg.n as visit_count,
           exists (select 1 from favorite_shops f where f.member_id = ${memberId} and f.shop_id = s.id) as is_favorite,
           exists (select 1 from shop_links k where k.member_id = ${memberId} and k.shop_id = s.id) as is_linked,
           s.is_booking_open as bookable
      from agg join shops s on s.id = agg.shop_id
     order by agg.last_at desc, s.id desc
     limit ${paging.pageSize} offset ${(paging.page - 1) * paging.pageSize}`);
  return rows.rows;
}

export async function countVisitedShops(db: Db, memberId: number, server: string) {
  const rows = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from (
      select bk.shop_id from bookings bk join shops s on s.id = bk.shop_id
       where bk.member_id = ${memberId} and bk.status = 'visited' and s.server = ${server}
      union
      select vr.shop_id from ${linkedVisits(memberId)} and s.server = ${server}
    ) x`);
  return rows.rows[0]?.n ?? 0;
}

// --- the member's layer over media ------------------------------------------------------------

/**
 * Of `ids`, the media of the member's linked salons recorded under the linked phone that the
 * member has not deleted (visible or hidden).
 */
export async function ownedMediaIds(db: Db, memberId: number, ids: readonly number[]) {
  const rows = await db.execute<{ id: number }>(sql`
    select vm.id::int as id
      from visit_media vm
      join visit_records vr on vr.id = vm.visit_id
      join shop_customers c on c.id = vr.customer_id
      join shop_links l on l.shop_id = c.shop_id and l.phone = c.phone and l.member_id = ${memberId}
      left join member_media_states st on st.media_id = vm.id and st.member_id = ${memberId}
     where vm.id in (${idList(ids)}) and st.deleted_at is null`);
  return rows.rows.map((r) => r.id);
}

export async function markMediaDeleted(tx: Db, memberId: number, ids: readonly number[]) {
  await tx.execute(sql`
    insert into member_media_states (member_id, media_id, deleted_at)
    select ${memberId}, vm.id, now() from visit_media vm where vm.id in (${idList(ids)})
    on conflict (member_id, media_id)
    do update set deleted_at = now(), updated_at = now()`);
}

export async function setMediaHidden(
  tx: Db,
  memberId: number,
  ids: readonly number[],
  hidden: boolean,
) {
  await tx.execute(sql`
    insert into member_media_states (member_id, media_id, hidden_at)
    select ${memberId}, vm.id, ${hidden ? sql`now()` : sql`null`}
      from visit_media vm where vm.id in (${idList(ids)})
    on conflict (member_id, media_id)
    do update set hidden_at = ${
      hidden ? sql`coalesce(member_media_states.hidden_at, now())` : sql`null`
    }, updated_at = now()`);
}

export async function setMediaMemo(tx: Db, memberId: number, mediaId: number, memo: string | null) {
  await tx.execute(sql`
    insert into member_media_states (member_id, media_id, personal_memo)
    values (${memberId}, ${mediaId}, ${memo})
    on conflict (member_id, media_id)
    do update set personal_memo = excluded.personal_memo, updated_at = now()`);
}

// --- scalp diagnoses --------------------------------------------------------------------------

const linkedDiagnoses = (memberId: number, shopId: number | undefined) => sql`
  shop_links l
  join shop_customers c on c.shop_id = l.shop_id and c.phone = l.phone
  join scalp_diagnoses d on d.customer_id = c.id
  join shops s on s.id = l.shop_id
  left join member_diagnosis_states st on st.diagnosis_id = d.id and st.member_id = ${memberId}
  where l.member_id = ${memberId} and st.deleted_at is null
  ${shopId === undefined ? sql`` : sql`and l.shop_id = ${shopId}`}`;

export type DiagnosisRow = {
  diagnosis_id: number;
  shop_id: number;
  shop_name: string;
  diagnosed_at: string;
  date: string;
  designer_name: string | null;
  measures: unknown;
  memo: string | null;
};

export async function listDiagnoses(
  db: Db,
  memberId: number,
  shopId: number | undefined,
  paging: Paging,
) {
  const rows = await db.execute<DiagnosisRow>(sql`
    select d.id::int as diagnosis_id, s.id::int as shop_id, s.name as shop_name,
           ${iso(sql`d.diagnosed_at`)} as diagnosed_at,
           ${localDate(sql`d.diagnosed_at`, sql`s.time_zone`)} as date,
           (select g.name from designers g where g.id = d.designer_id) as designer_name,
           d.measures, d.memo
      from ${linkedDiagnoses(memberId, shopId)}
     order by d.diagnosed_at desc, d.id desc
     limit ${paging.pageSize} offset ${(paging.page - 1) * paging.pageSize}`);
  return rows.rows;
}

export async function countDiagnoses(db: Db, memberId: number, shopId: number | undefined) {
  const rows = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from ${linkedDiagnoses(memberId, shopId)}`);
  return rows.rows[0]?.n ?? 0;
}

export type ScalpImageRow = {
  image_id: number;
  diagnosis_id: number;
  area: string;
  url: string;
  thumb_url: string;
  width: number;
  height: number;
};

export async function listScalpImages(db: Db, diagnosisIds: readonly number[]) {
  if (diagnosisIds.length === 0) return [];
  const rows = await db.execute<ScalpImageRow>(sql`
    select si.id::int as image_id, si.diagnosis_id::int as diagnosis_id, si.area, si.url,
           si.thumb_url, si.width, si.height
      from scalp_images si
     where si.diagnosis_id in (${idList(diagnosisIds)})
     order by si.diagnosis_id, si.position, si.id`);
  return rows.rows;
}

export async function ownsDiagnosis(db: Db, memberId: number, diagnosisId: number) {
  const rows = await db.execute<{ ok: number }>(sql`
    select 1 as ok from ${linkedDiagnoses(memberId, undefined)} and d.id = ${diagnosisId}`);
  return rows.rows.length > 0;
}

export async function markDiagnosisDeleted(tx: Db, memberId: number, diagnosisId: number) {
  await tx.execute(sql`
    insert into member_diagnosis_states (member_id, diagnosis_id) values (${memberId}, ${diagnosisId})
    on conflict (member_id, diagnosis_id) do update set deleted_at = now()`);
}
