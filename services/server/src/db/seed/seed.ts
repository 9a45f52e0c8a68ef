import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DatabaseHandle } from '../client.js';
import {
  banners,
  catalogueStyles,
  cataloguePhotos,
  catalogueTypes,
  designerHolidays,
  designerWorkingHours,
  designers,
  hairColors,
  hairResources,
  menus,
  notices,
  shopBusinessHours,
  shopConsoleKeys,
  shopHolidays,
  shopImages,
  shops,
} from '../schema/index.js';
import { renderImages, type RenderResult } from './images/render.js';
import { bulkInsert, deferIndexesAndForeignKeys, syncIdentity, type Executor } from './insert.js';
import { buildCataloguePhotos, type CuratedShop } from './photos.js';
import { Rng } from '../../lib/prng.js';
import { IdSequence, buildReferenceData } from './reference.js';
import { CURATED_SHOPS, buildShop, type ShopBundle, type ShopContext } from './shops.js';
import { seedDemoMembers } from './demo-members.js';
import { seedDemoReviews, type ReviewedShop } from './reviews.js';
import { seedDemoRecords } from './records-demo.js';
import type { RecordsSummary } from './records.js';

/** The demo world is pinned to this moment so every run produces the same rows. */
export const SEED_EPOCH = new Date('2026-11-01T00:00:00.000Z');
export const DEFAULT_SEED = 20_261_101;
export const DEFAULT_SHOP_COUNT = CURATED_SHOPS;

/** Above this many shops, indexes and foreign keys are rebuilt after loading instead of maintained per row. */
const DEFER_SCHEMA_FROM = 5_000;

export interface SeedOptions {
  /** Where `/media/` is served from; images go to `<mediaDir>/seed/...`. */
  mediaDir: string;
  /** Total shops; the first {@link DEFAULT_SHOP_COUNT} are curated, the rest generated in bulk. */
  shops?: number;
  seed?: number;
  /** Progress lines; silent by default. */
  log?: (line: string) => void;
  /** Skip drawing images (rows still point at their URLs). For fast tests. */
  renderImages?: boolean;
  /** Derive shop console keys from this secret so tools and tests can recompute them; random otherwise. */
  consoleKeySecret?: string;
}

export interface SeedSummary {
  shops: number;
  designers: number;
  menus: number;
  cataloguePhotos: number;
  /** Reviews of visited demo bookings (curated shops only). */
  reviews: number;
  rows: number;
  images: RenderResult | undefined;
  /** The demo members' salon records (records.ts). */
  records: RecordsSummary | undefined;
  ms: number;
}

const seededTables: readonly PgTable[] = [
  catalogueTypes,
  catalogueStyles,
  hairColors,
  banners,
  hairResources,
  shops,
  shopBusinessHours,
  shopHolidays,
  shopImages,
  shopConsoleKeys,
  notices,
  designers,
  designerWorkingHours,
  designerHolidays,
  menus,
  cataloguePhotos,
];

/** True once demo (or real) shops exist; the seed only ever runs on an empty database. */
export async function isDatabaseSeeded(handle: DatabaseHandle): Promise<boolean> {
  const result = await handle.db.execute<{ seeded: boolean }>(
    sql`select exists (select 1 from shops) as seeded`,
  );
  return result.rows[0]?.seeded === true;
}

async function lastIds(db: Executor): Promise<Record<string, number>> {
  const names = seededTables.map(getTableName);
  const selects = names
    .map((n) => `(select coalesce(max(id), 0) from "${n}") as "${n}"`)
    .join(', ');
  const result = await db.execute(sql.raw(`select ${selects}`));
  const row = result.rows[0] ?? {};
  return Object.fromEntries(names.map((n) => [n, Number(row[n] ?? 0)]));
}

/**
 * Collects rows per table. When any table has a full batch, every table is written in
 * parent-first order, so a child row never reaches the database before the row it references.
 */
class Loader {
  private readonly pending = new Map<PgTable, object[]>();
  rows = 0;

  constructor(
    private readonly db: Executor,
    private readonly batchSize: number,
    private readonly order: readonly PgTable[],
  ) {}

  async add(table: PgTable, rows: readonly object[]): Promise<void> {
    let list = this.pending.get(table);
    if (!list) {
      list = [];
      this.pending.set(table, list);
    }
    for (const r of rows) list.push(r);
    if (list.length >= this.batchSize) await this.flushAll(this.order);
  }

  async flushTable(table: PgTable): Promise<void> {
    const list = this.pending.get(table);
    if (!list || list.length === 0) return;
    this.pending.set(table, []);
    const written = await bulkInsert(
      this.db,
      table,
      list as Partial<PgTable['$inferSelect']>[],
      this.batchSize,
    );
    this.rows += written;
  }

  /** Parents before children, so foreign keys hold when they are checked per row. */
  async flushAll(order: readonly PgTable[]): Promise<void> {
    for (const table of order) await this.flushTable(table);
  }
}

const parentFirst: readonly PgTable[] = [
  shops,
  shopBusinessHours,
  shopHolidays,
  shopImages,
  shopConsoleKeys,
  notices,
  designers,
  designerWorkingHours,
  designerHolidays,
  menus,
];

export async function seedDemoData(
  handle: DatabaseHandle,
  options: SeedOptions,
): Promise<SeedSummary> {
  const started = Date.now();
  const log = options.log ?? (() => undefined);
  const seed = options.seed ?? DEFAULT_SEED;
  const total = Math.max(0, Math.floor(options.shops ?? DEFAULT_SHOP_COUNT));
  const bulk = total >= DEFER_SCHEMA_FROM;

  // Images first and outside the transaction: they are files, and a rerun reuses them.
  const probe = buildReferenceData(new IdSequence(), SEED_EPOCH);
  let images: RenderResult | undefined;
  if (options.renderImages !== false) {
    log(`rendering ${probe.images.length} illustrations into ${options.mediaDir}/seed ...`);
    images = await renderImages(probe.images, { mediaDir: options.mediaDir });
    log(
      `images: ${images.rendered} rendered, ${images.reused} reused, ${(images.bytes / 1e6).toFixed(1)} MB, ${(images.ms / 1000).toFixed(1)} s`,
    );
  }

  const batchSize = handle.kind === 'postgres' ? (bulk ? 10_000 : 2_000) : 1_000;
  let records: RecordsSummary | undefined;
  const counts = { shops: 0, designers: 0, menus: 0, photos: 0, reviews: 0, rows: 0 };

  await handle.db.transaction(async (tx) => {
    const ids = new IdSequence(await lastIds(tx));
    const deferred = bulk ? await deferIndexesAndForeignKeys(tx, seededTables) : undefined;
    if (deferred)
      log(
        `bulk mode: ${deferred.indexes} indexes and ${deferred.foreignKeys} foreign keys rebuilt after loading`,
      );

    const ref = buildReferenceData(ids, SEED_EPOCH);
    // Reference tables are small: written directly, parents first (styles before substyles).
    await bulkInsert(tx, catalogueTypes, ref.catalogueTypes, batchSize);
    await bulkInsert(
      tx,
      catalogueStyles,
      ref.catalogueStyles.filter((s) => s.parentStyleId === null),
      batchSize,
    );
    await bulkInsert(
      tx,
      catalogueStyles,
      ref.catalogueStyles.filter((s) => s.parentStyleId !== null),
      batchSize,
    );
    await bulkInsert(tx, hairColors, ref.hairColors, batchSize);
    await bulkInsert(tx, banners, ref.banners, batchSize);
    await bulkInsert(tx, hairResources, ref.hairResources, batchSize);
    const referenceRows =
      ref.catalogueTypes.length +
      ref.catalogueStyles.length +
      ref.hairColors.length +
      ref.banners.length +
      ref.hairResources.length;

    const loader = new Loader(tx, batchSize, [...parentFirst, cataloguePhotos]);
    const ctx: ShopContext = {
      seed,
      epoch: SEED_EPOCH,
      avatars: ref.avatars,
      salonImages: ref.salonImages,
      consoleKeySecret: options.consoleKeySecret,
    };
    const usedNames = new Set<string>();
    const curated: CuratedShop[] = [];
    const reviewed: ReviewedShop[] = [];
    const recordSalons: {
      shopId: number;
      server: 'kr' | 'jp';
      designers: number;
      menus: number;
    }[] = [];
    const progressEvery = Math.max(1000, Math.floor(total / 20));
    const add = async (b: ShopBundle) => {
      await loader.add(shops, [b.shop]);
      await loader.add(shopBusinessHours, b.hours);
      await loader.add(shopHolidays, b.holidays);
      await loader.add(shopImages, b.images);
      await loader.add(shopConsoleKeys, b.consoleKeys);
      await loader.add(notices, b.notices);
      await loader.add(designers, b.designers);
      await loader.add(designerWorkingHours, b.designerHours);
      await loader.add(designerHolidays, b.designerHolidays);
      await loader.add(menus, b.menus);
    };
    for (let i = 0; i < total; i++) {
      const b = buildShop(i, ids, ctx, usedNames);
      if (b.curated)
        curated.push({
          shopId: b.shop.id,
          server: b.shop.server as 'kr' | 'jp',
          designerIds: b.designers.map((d) => d.id),
          emptyStyleBook: b.emptyStyleBook,
        });
      if (b.curated)
        recordSalons.push({
          shopId: b.shop.id,
          server: b.shop.server as 'kr' | 'jp',
          designers: b.designers.length,
          menus: b.menus.filter((m) => m.isActive !== false).length,
        });
      if (b.curated)
        reviewed.push({
          shopId: b.shop.id,
          server: b.shop.server as 'kr' | 'jp',
          currency: b.shop.currency as 'KRW' | 'JPY',
          designerIds: b.designers.map((d) => d.id),
          menus: b.menus
            .filter((m) => m.isActive !== false)
            .map((m) => ({
              id: m.id,
              name: m.name ?? '',
              price: m.basePrice ?? 0,
              durationMinutes: m.durationMinutes ?? 60,
            })),
          plan: b.reviews,
        });
      counts.designers += b.designers.length;
      counts.menus += b.menus.length;
      await add(b);
      if ((i + 1) % progressEvery === 0)
        log(`  ${i + 1} / ${total} shops (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    }
    await loader.flushAll(parentFirst);
    counts.shops = total;

    const photos = buildCataloguePhotos(
      ref.photoPlans,
      curated,
      ids,
      new Rng(seed ^ 0x5eed),
      SEED_EPOCH,
    );
    await loader.add(cataloguePhotos, photos);
    await loader.flushAll([cataloguePhotos]);
    counts.photos = photos.length;
    counts.rows = loader.rows + referenceRows;

    if (deferred) {
      const t = Date.now();
      await deferred.restore();
      log(`indexes and foreign keys rebuilt in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    }
    await syncIdentity(tx, seededTables);
    await seedDemoMembers(tx);
    const reviewSummary = await seedDemoReviews(tx, reviewed, seed, SEED_EPOCH);
    counts.reviews = reviewSummary.reviews;
    counts.rows += reviewSummary.members + 3 * reviewSummary.reviews;
    const t = Date.now();
    records = await seedDemoRecords(tx, recordSalons, {
      mediaDir: options.mediaDir,
      seed,
      epoch: SEED_EPOCH,
      writeFiles: options.renderImages !== false,
    });
    log(
      `records: ${records.visits} visits, ${records.media} photos and videos, ${records.diagnoses} scalp diagnoses, ${records.links} links (${records.files} files, ${(records.bytes / 1e6).toFixed(1)} MB) in ${((Date.now() - t) / 1000).toFixed(1)} s`,
    );
    counts.rows +=
      records.customers +
      records.visits +
      records.media +
      records.diagnoses +
      records.scalpImages +
      records.notices +
      records.links;
  });

  if (bulk) {
    // Fresh statistics so the planner uses the new indexes right away (PGlite has no
    // autovacuum, so without this its planner never learns the table sizes).
    await handle.db.execute(
      sql.raw(
        `analyze ${['shops', 'designers', 'designer_working_hours', 'menus', 'shop_business_hours'].join(', ')}`,
      ),
    );
  }

  return {
    shops: counts.shops,
    designers: counts.designers,
    menus: counts.menus,
    cataloguePhotos: counts.photos,
    reviews: counts.reviews,
    rows: counts.rows,
    images,
    records,
    ms: Date.now() - started,
  };
}
