import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, DbTransaction } from '../../db/index.js';
import {
  designers,
  members,
  notices,
  scalpDiagnoses,
  scalpImages,
  shopCustomers,
  shopLinks,
  shops,
  visitMedia,
  visitRecords,
  type ScalpMeasure,
} from '../../db/schema/index.js';

type Db = Database | DbTransaction;

export type CustomerRow = typeof shopCustomers.$inferSelect;
export type VisitRow = typeof visitRecords.$inferSelect;
export type MediaRow = typeof visitMedia.$inferSelect;
export type DiagnosisRow = typeof scalpDiagnoses.$inferSelect;
export type NoticeRow = typeof notices.$inferSelect;

export async function shopOf(db: Db, shopId: number) {
  const [row] = await db
    .select({ id: shops.id, server: shops.server })
    .from(shops)
    .where(eq(shops.id, shopId))
    .limit(1);
  return row;
}

/** Whether the designer belongs to the shop (any state: past visits keep their designer). */
export async function isDesignerOfShop(db: Db, shopId: number, designerId: number) {
  const [row] = await db
    .select({ id: designers.id })
    .from(designers)
    .where(and(eq(designers.id, designerId), eq(designers.shopId, shopId)))
    .limit(1);
  return row !== undefined;
}

export async function findCustomer(db: Db, shopId: number, phone: string) {
  const [row] = await db
    .select()
    .from(shopCustomers)
    .where(and(eq(shopCustomers.shopId, shopId), eq(shopCustomers.phone, phone)))
    .limit(1);
  return row;
}

/**
 * The customer by phone, created on first use (a concurrent first visit finds the same row).
 * A name given replaces the stored one; none keeps it.
 */
export async function upsertCustomer(
  db: Db,
  shopId: number,
  phone: string,
  name: string | undefined,
): Promise<CustomerRow> {
  const [row] = await db
    .insert(shopCustomers)
    .values({ shopId, phone, name: name ? name : null })
    .onConflictDoUpdate({
      target: [shopCustomers.shopId, shopCustomers.phone],
      set:
        name !== undefined
          ? { name: name ? name : null, updatedAt: sql`now()` }
          : { updatedAt: sql`${shopCustomers.updatedAt}` },
    })
    .returning();
  return row!;
}

export async function customerCounts(db: Db, customerId: number) {
  const rows = await db.execute<{ visits: number; diagnoses: number; linked: boolean }>(sql`
    select (select count(*)::int from visit_records where customer_id = c.id) as visits,
           (select count(*)::int from scalp_diagnoses where customer_id = c.id) as diagnoses,
           exists(select 1 from shop_links l where l.shop_id = c.shop_id and l.phone = c.phone) as linked
      from shop_customers c where c.id = ${customerId}`);
  const row = rows.rows[0];
  return {
    visits: Number(row?.visits ?? 0),
    diagnoses: Number(row?.diagnoses ?? 0),
    linked: Boolean(row?.linked),
  };
}

export async function insertVisit(db: Db, values: typeof visitRecords.$inferInsert) {
  const [row] = await db.insert(visitRecords).values(values).returning();
  return row!;
}

export async function findVisit(db: Db, shopId: number, visitId: number) {
  const [row] = await db
    .select()
    .from(visitRecords)
    .where(and(eq(visitRecords.id, visitId), eq(visitRecords.shopId, shopId)))
    .limit(1);
  return row;
}

export async function updateVisit(
  db: Db,
  shopId: number,
  visitId: number,
  set: Partial<Pick<VisitRow, 'designerId' | 'treatments' | 'shopMemo'>>,
) {
  const [row] = await db
    .update(visitRecords)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(visitRecords.id, visitId), eq(visitRecords.shopId, shopId)))
    .returning();
  return row;
}

export async function visitsOfCustomer(db: Db, customerId: number) {
  return db
    .select()
    .from(visitRecords)
    .where(eq(visitRecords.customerId, customerId))
    .orderBy(desc(visitRecords.visitedAt), desc(visitRecords.id));
}

export async function mediaOfVisits(db: Db, visitIds: number[]) {
  if (visitIds.length === 0) return [];
  return db
    .select()
    .from(visitMedia)
    .where(inArray(visitMedia.visitId, visitIds))
    .orderBy(asc(visitMedia.position), asc(visitMedia.id));
}

export async function designerNames(db: Db, ids: number[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: designers.id, name: designers.name })
    .from(designers)
    .where(inArray(designers.id, unique));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function customerById(db: Db, customerId: number) {
  const [row] = await db
    .select()
    .from(shopCustomers)
    .where(eq(shopCustomers.id, customerId))
    .limit(1);
  return row!;
}

/** The visit's media count and next position, the visit row locked against a concurrent add. */
export async function lockVisitForMedia(db: Db, shopId: number, visitId: number) {
  const rows = await db.execute<{ id: number }>(sql`
    select id from visit_records where id = ${visitId} and shop_id = ${shopId} for update`);
  if (rows.rows.length === 0) return undefined;
  const [stats] = await db
    .select({
      n: count(),
      next: sql<number>`coalesce(max(${visitMedia.position}), -1)::int + 1`,
    })
    .from(visitMedia)
    .where(eq(visitMedia.visitId, visitId));
  return { count: Number(stats?.n ?? 0), next: Number(stats?.next ?? 0) };
}

export async function insertMedia(db: Db, values: typeof visitMedia.$inferInsert) {
  const [row] = await db.insert(visitMedia).values(values).returning();
  return row!;
}

export async function deleteMedia(db: Db, shopId: number, mediaId: number) {
  const [row] = await db
    .delete(visitMedia)
    .where(and(eq(visitMedia.id, mediaId), eq(visitMedia.shopId, shopId)))
    .returning();
  return row;
}

/** Deletes the visit (its media rows go by cascade) and returns the media URLs it had. */
export async function deleteVisit(db: Db, shopId: number, visitId: number) {
  return db.transaction(async (tx) => {
    const media = await tx
      .select({ url: visitMedia.url, thumbUrl: visitMedia.thumbUrl })
      .from(visitMedia)
      .where(and(eq(visitMedia.visitId, visitId), eq(visitMedia.shopId, shopId)));
    const [row] = await tx
      .delete(visitRecords)
      .where(and(eq(visitRecords.id, visitId), eq(visitRecords.shopId, shopId)))
      .returning({ id: visitRecords.id });
    return row ? { id: row.id, urls: media.flatMap((m) => [m.url, m.thumbUrl]) } : undefined;
  });
}

export async function insertDiagnosis(
  db: Db,
  values: {
    shopId: number;
    customerId: number;
    diagnosedAt: Date;
    designerId: number | null;
    measures: ScalpMeasure[];
    memo: string | null;
  },
) {
  const [row] = await db.insert(scalpDiagnoses).values(values).returning();
  return row!;
}

export async function insertScalpImages(db: Db, values: Array<typeof scalpImages.$inferInsert>) {
  if (values.length === 0) return [];
  return db.insert(scalpImages).values(values).returning();
}

export async function diagnosesOfCustomer(db: Db, customerId: number) {
  return db
    .select()
    .from(scalpDiagnoses)
    .where(eq(scalpDiagnoses.customerId, customerId))
    .orderBy(desc(scalpDiagnoses.diagnosedAt), desc(scalpDiagnoses.id));
}

export async function imagesOfDiagnoses(db: Db, diagnosisIds: number[]) {
  if (diagnosisIds.length === 0) return [];
  return db
    .select()
    .from(scalpImages)
    .where(inArray(scalpImages.diagnosisId, diagnosisIds))
    .orderBy(asc(scalpImages.position), asc(scalpImages.id));
}

export async function deleteDiagnosis(db: Db, shopId: number, diagnosisId: number) {
  return db.transaction(async (tx) => {
    const images = await tx
      .select({ url: scalpImages.url, thumbUrl: scalpImages.thumbUrl })
      .from(scalpImages)
      .where(and(eq(scalpImages.diagnosisId, diagnosisId), eq(scalpImages.shopId, shopId)));
    const [row] = await tx
      .delete(scalpDiagnoses)
      .where(and(eq(scalpDiagnoses.id, diagnosisId), eq(scalpDiagnoses.shopId, shopId)))
      .returning({ id: scalpDiagnoses.id });
    return row ? { id: row.id, urls: images.flatMap((m) => [m.url, m.thumbUrl]) } : undefined;
  });
}

/** Deletes the customer row (visits, media, diagnoses, images go by cascade), counting them. */
export async function deleteCustomer(db: Db, shopId: number, phone: string) {
  return db.transaction(async (tx) => {
    const customer = await findCustomer(tx, shopId, phone);
    if (!customer) return undefined;
    const media = await tx
      .select({ url: visitMedia.url, thumbUrl: visitMedia.thumbUrl })
      .from(visitMedia)
      .innerJoin(visitRecords, eq(visitRecords.id, visitMedia.visitId))
      .where(eq(visitRecords.customerId, customer.id));
    const images = await tx
      .select({ url: scalpImages.url, thumbUrl: scalpImages.thumbUrl })
      .from(scalpImages)
      .innerJoin(scalpDiagnoses, eq(scalpDiagnoses.id, scalpImages.diagnosisId))
      .where(eq(scalpDiagnoses.customerId, customer.id));
    const counts = await customerCounts(tx, customer.id);
    await tx.delete(shopCustomers).where(eq(shopCustomers.id, customer.id));
    return {
      visits: counts.visits,
      media: media.length,
      diagnoses: counts.diagnoses,
      urls: [...media, ...images].flatMap((m) => [m.url, m.thumbUrl]),
    };
  });
}

// --- notices ----------------------------------------------------------------------------------

export interface NoticeValues {
  type: NoticeRow['type'];
  title: string;
  body: string;
  audience: NoticeRow['audience'];
  publishedAt: Date | null;
  validFrom: Date | null;
  validUntil: Date | null;
}

export async function insertNotice(db: Db, shopId: number, values: NoticeValues) {
  const [row] = await db
    .insert(notices)
    .values({ shopId, ...values })
    .returning();
  return row!;
}

/** Replaces the notice; `keepPublished` keeps an earlier publication time when still publishing. */
export async function replaceNotice(
  db: Db,
  shopId: number,
  noticeId: number,
  values: NoticeValues,
  keepPublished: boolean,
) {
  const [row] = await db
    .update(notices)
    .set({
      ...values,
      publishedAt: keepPublished
        ? sql`coalesce(${notices.publishedAt}, ${values.publishedAt?.toISOString() ?? null}::timestamptz)`
        : values.publishedAt,
    })
    .where(and(eq(notices.id, noticeId), eq(notices.shopId, shopId)))
    .returning();
  return row;
}

export async function listNotices(
  db: Db,
  shopId: number,
  paging: { page: number; pageSize: number },
) {
  const where = eq(notices.shopId, shopId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(notices)
      .where(where)
      // Drafts (no publication yet) first, then newest published.
      .orderBy(sql`${notices.publishedAt} desc nulls first`, desc(notices.id))
      .limit(paging.pageSize)
      .offset((paging.page - 1) * paging.pageSize),
    db.select({ n: count() }).from(notices).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function deleteNotice(db: Db, shopId: number, noticeId: number) {
  const [row] = await db
    .delete(notices)
    .where(and(eq(notices.id, noticeId), eq(notices.shopId, shopId)))
    .returning({ id: notices.id });
  return row;
}

// --- links ------------------------------------------------------------------------------------

export async function linkedMembers(
  db: Db,
  shopId: number,
  paging: { page: number; pageSize: number },
) {
  const where = and(eq(shopLinks.shopId, shopId), eq(members.status, 'active'));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        phone: shopLinks.phone,
        familyName: members.familyName,
        givenName: members.givenName,
        linkedAt: shopLinks.linkedAt,
        customerId: shopCustomers.id,
      })
      .from(shopLinks)
      .innerJoin(members, eq(members.id, shopLinks.memberId))
      .leftJoin(
        shopCustomers,
        and(eq(shopCustomers.shopId, shopLinks.shopId), eq(shopCustomers.phone, shopLinks.phone)),
      )
      .where(where)
      .orderBy(desc(shopLinks.linkedAt), desc(shopLinks.id))
      .limit(paging.pageSize)
      .offset((paging.page - 1) * paging.pageSize),
    db
      .select({ n: count() })
      .from(shopLinks)
      .innerJoin(members, eq(members.id, shopLinks.memberId))
      .where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}
