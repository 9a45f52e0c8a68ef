import {
  consoleRecordLimits,
  parsePhone,
  scalpMeasureKeys,
  type ConsoleCustomer,
  type ConsoleDiagnosis,
  type ConsoleMedia,
  type ConsoleNotice,
  type ConsoleVisit,
  type ScalpMeasure as ContractMeasure,
} from '@carol/contracts';
import type { MediaStorage } from '../../lib/storage.js';
import type { Database } from '../../db/index.js';
import type { ScalpMeasure } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import * as repo from './console-records.repo.js';
import {
  checkRecordVideo,
  encodeRecordPhoto,
  looksLikeVideo,
  removeRecordFiles,
  storeRecordFiles,
  type StoredFiles,
} from './record-files.js';

export interface ConsoleRecordsDeps {
  db: Database;
  storage: MediaStorage;
}

type Upload = Uint8Array | Blob;
type Label = NonNullable<ConsoleMedia['label']>;
type ScalpArea = ConsoleDiagnosis['images'][number]['area'];

// --- shared checks ----------------------------------------------------------------------------

/** The phone in its canonical form by the shop's market (PHONE_FORMAT / PHONE_DIGITS_ONLY). */
async function phoneFor(db: Database, shopId: number, raw: string, field = 'phone') {
  const shop = await repo.shopOf(db, shopId);
  if (!shop) throw new AppError('UNAUTHORIZED');
  const check = parsePhone(raw, shop.server);
  if (!check.ok) {
    throw new AppError(check.code, {
      values: { format: check.format },
      fields: [{ field, code: check.code }],
    });
  }
  return check.phone;
}

async function checkDesigner(db: Database, shopId: number, designerId: number | undefined) {
  if (designerId === undefined) return;
  if (!(await repo.isDesignerOfShop(db, shopId, designerId))) {
    throw new AppError('NOT_FOUND', { fields: [{ field: 'designer_id', code: 'NOT_FOUND' }] });
  }
}

const knownKeys: ReadonlySet<string> = new Set(scalpMeasureKeys);

/** Empty text is no text; form-data's CRLF line breaks are stored as LF. */
const emptyToNull = (v: string | undefined | null) => (v ? v.replace(/\r\n?/g, '\n') : null);

// --- shaping ----------------------------------------------------------------------------------

async function customerOf(db: Database, row: repo.CustomerRow): Promise<ConsoleCustomer> {
  const counts = await repo.customerCounts(db, row.id);
  return {
    customer_id: row.id,
    phone: row.phone,
    name: row.name,
    is_linked: counts.linked,
    visit_count: counts.visits,
    diagnosis_count: counts.diagnoses,
  };
}

function mediaOf(row: repo.MediaRow): ConsoleMedia {
  return {
    media_id: row.id,
    visit_id: row.visitId,
    kind: row.kind,
    label: row.label,
    url: row.url,
    thumb_url: row.thumbUrl,
    mime_type: row.mimeType,
    width: row.width,
    height: row.height,
    duration_ms: row.durationMs,
    bytes: row.bytes,
  };
}

async function visitsOf(
  db: Database,
  customer: repo.CustomerRow,
  visits: repo.VisitRow[],
): Promise<ConsoleVisit[]> {
  const [media, names] = await Promise.all([
    repo.mediaOfVisits(
      db,
      visits.map((v) => v.id),
    ),
    repo.designerNames(
      db,
      visits.flatMap((v) => (v.designerId === null ? [] : [v.designerId])),
    ),
  ]);
  return visits.map((v) => ({
    visit_id: v.id,
    customer_id: customer.id,
    phone: customer.phone,
    visited_at: v.visitedAt.toISOString(),
    designer_id: v.designerId,
    designer_name: v.designerId === null ? null : (names.get(v.designerId) ?? null),
    treatments: v.treatments,
    shop_memo: v.shopMemo,
    media: media.filter((m) => m.visitId === v.id).map(mediaOf),
  }));
}

async function diagnosesOf(
  db: Database,
  customer: repo.CustomerRow,
  rows: repo.DiagnosisRow[],
): Promise<ConsoleDiagnosis[]> {
  const [images, names] = await Promise.all([
    repo.imagesOfDiagnoses(
      db,
      rows.map((d) => d.id),
    ),
    repo.designerNames(
      db,
      rows.flatMap((d) => (d.designerId === null ? [] : [d.designerId])),
    ),
  ]);
  return rows.map((d) => ({
    diagnosis_id: d.id,
    customer_id: customer.id,
    phone: customer.phone,
    diagnosed_at: d.diagnosedAt.toISOString(),
    designer_id: d.designerId,
    designer_name: d.designerId === null ? null : (names.get(d.designerId) ?? null),
    // Written through ScalpMeasureSchema; a key this version does not know is left out.
    measures: d.measures.filter((m): m is ContractMeasure => knownKeys.has(m.key)),
    images: images
      .filter((i) => i.diagnosisId === d.id)
      .map((i) => ({
        image_id: i.id,
        area: i.area,
        url: i.url,
        thumb_url: i.thumbUrl,
        width: i.width,
        height: i.height,
      })),
    memo: d.memo,
  }));
}

function noticeOf(row: repo.NoticeRow): ConsoleNotice {
  return {
    notice_id: row.id,
    type: row.type,
    title: row.title,
    body: row.body,
    audience: row.audience,
    published_at: row.publishedAt?.toISOString() ?? null,
    valid_from: row.validFrom?.toISOString() ?? null,
    valid_until: row.validUntil?.toISOString() ?? null,
  };
}

async function oneVisit(db: Database, visit: repo.VisitRow): Promise<ConsoleVisit> {
  const customer = await repo.customerById(db, visit.customerId);
  const [shaped] = await visitsOf(db, customer, [visit]);
  return shaped!;
}

// --- customers and visits ---------------------------------------------------------------------

export async function saveCustomerFor(
  db: Database,
  shopId: number,
  input: { phone: string; name?: string | undefined },
): Promise<{ customer: ConsoleCustomer }> {
  const phone = await phoneFor(db, shopId, input.phone);
  const row = await repo.upsertCustomer(db, shopId, phone, input.name);
  return { customer: await customerOf(db, row) };
}

export async function customerRecordsOf(db: Database, shopId: number, rawPhone: string) {
  const phone = await phoneFor(db, shopId, rawPhone);
  const customer = await repo.findCustomer(db, shopId, phone);
  if (!customer)
    throw new AppError('NOT_FOUND', { fields: [{ field: 'phone', code: 'NOT_FOUND' }] });
  const [visits, diagnoses] = await Promise.all([
    repo.visitsOfCustomer(db, customer.id),
    repo.diagnosesOfCustomer(db, customer.id),
  ]);
  return {
    customer: await customerOf(db, customer),
    visits: await visitsOf(db, customer, visits),
    diagnoses: await diagnosesOf(db, customer, diagnoses),
  };
}

export async function addVisitFor(
  db: Database,
  shopId: number,
  input: {
    phone: string;
    customer_name?: string | undefined;
    visited_at: string;
    designer_id?: number | undefined;
    treatments: string[];
    shop_memo?: string | undefined;
  },
): Promise<{ visit: ConsoleVisit }> {
  const phone = await phoneFor(db, shopId, input.phone);
  await checkDesigner(db, shopId, input.designer_id);
  const visit = await db.transaction(async (tx) => {
    const customer = await repo.upsertCustomer(tx, shopId, phone, input.customer_name);
    return repo.insertVisit(tx, {
      shopId,
      customerId: customer.id,
      visitedAt: new Date(input.visited_at),
      designerId: input.designer_id ?? null,
      treatments: input.treatments,
      shopMemo: emptyToNull(input.shop_memo),
    });
  });
  return { visit: await oneVisit(db, visit) };
}

export async function updateVisitFor(
  db: Database,
  shopId: number,
  input: {
    visit_id: number;
    designer_id?: number | undefined;
    treatments?: string[] | undefined;
    shop_memo?: string | undefined;
  },
): Promise<{ visit: ConsoleVisit }> {
  await checkDesigner(db, shopId, input.designer_id);
  const set: Parameters<typeof repo.updateVisit>[3] = {};
  if (input.designer_id !== undefined) set.designerId = input.designer_id;
  if (input.treatments !== undefined) set.treatments = input.treatments;
  if (input.shop_memo !== undefined) set.shopMemo = emptyToNull(input.shop_memo);
  const visit = await repo.updateVisit(db, shopId, input.visit_id, set);
  if (!visit)
    throw new AppError('NOT_FOUND', { fields: [{ field: 'visit_id', code: 'NOT_FOUND' }] });
  return { visit: await oneVisit(db, visit) };
}

export async function deleteVisitFor(deps: ConsoleRecordsDeps, shopId: number, visitId: number) {
  const deleted = await repo.deleteVisit(deps.db, shopId, visitId);
  if (!deleted)
    throw new AppError('NOT_FOUND', { fields: [{ field: 'visit_id', code: 'NOT_FOUND' }] });
  // After the commit: a rolled-back delete never loses a file.
  await removeRecordFiles(deps.storage, deleted.urls);
  return { visit_id: deleted.id };
}

/**
 * Adds a photo or a video to a visit. `file` is a video when its bytes start like a video
 * container (ftyp / EBML) or a `poster` comes with it, otherwise a photo; a video needs its
 * `poster`. Files are written
 * first, then the row; a failed row removes the files again.
 */
export async function addVisitMediaFor(
  deps: ConsoleRecordsDeps,
  shopId: number,
  input: { visit_id: number; file: Upload; poster?: Upload | undefined; label?: Label | undefined },
): Promise<{ media: ConsoleMedia }> {
  // The visit first: another shop's visit is NOT_FOUND before any file is looked at.
  if (!(await repo.findVisit(deps.db, shopId, input.visit_id))) {
    throw new AppError('NOT_FOUND', { fields: [{ field: 'visit_id', code: 'NOT_FOUND' }] });
  }
  let stored: StoredFiles;
  let values: Omit<Parameters<typeof repo.insertMedia>[1], 'visitId' | 'shopId' | 'position'>;
  // A poster says the salon sends a video: then the file must be one (a renamed photo or
  // another container is VIDEO_INVALID, not silently stored as a photo).
  if (input.poster !== undefined || looksLikeVideo(input.file)) {
    const { bytes, video } = checkRecordVideo(input.file);
    if (!input.poster) {
      throw new AppError('VALIDATION_FAILED', {
        fields: [{ field: 'poster', code: 'VALIDATION_FAILED' }],
      });
    }
    const poster = await encodeRecordPhoto(input.poster, 'poster');
    stored = await storeRecordFiles(deps.storage, 'records', [
      { data: bytes, suffix: '', ext: video.container },
      { data: poster.main, suffix: '-p', ext: 'webp' },
    ]);
    values = {
      kind: 'video',
      label: input.label ?? null,
      url: stored.urls[0]!,
      thumbUrl: stored.urls[1]!,
      mimeType: video.mimeType,
      width: video.width,
      height: video.height,
      durationMs: video.durationMs,
      bytes: bytes.byteLength,
    };
  } else {
    const photo = await encodeRecordPhoto(input.file);
    stored = await storeRecordFiles(deps.storage, 'records', [
      { data: photo.main, suffix: '', ext: 'webp' },
      { data: photo.thumb, suffix: '-t', ext: 'webp' },
    ]);
    values = {
      kind: 'photo',
      label: input.label ?? null,
      url: stored.urls[0]!,
      thumbUrl: stored.urls[1]!,
      mimeType: 'image/webp',
      width: photo.width,
      height: photo.height,
      durationMs: null,
      bytes: photo.main.byteLength,
    };
  }
  try {
    const row = await deps.db.transaction(async (tx) => {
      const slot = await repo.lockVisitForMedia(tx, shopId, input.visit_id);
      if (!slot)
        throw new AppError('NOT_FOUND', { fields: [{ field: 'visit_id', code: 'NOT_FOUND' }] });
      if (slot.count >= consoleRecordLimits.mediaPerVisitMax) {
        throw new AppError('VALIDATION_FAILED', {
          values: { max: consoleRecordLimits.mediaPerVisitMax },
          fields: [{ field: 'file', code: 'VALIDATION_FAILED' }],
        });
      }
      return repo.insertMedia(tx, {
        ...values,
        visitId: input.visit_id,
        shopId,
        position: slot.next,
      });
    });
    return { media: mediaOf(row) };
  } catch (error) {
    await removeRecordFiles(deps.storage, stored.urls);
    if (error instanceof AppError) throw error;
    throw new AppError('SAVE_FAILED', { cause: error });
  }
}

export async function deleteVisitMediaFor(
  deps: ConsoleRecordsDeps,
  shopId: number,
  mediaId: number,
) {
  const row = await repo.deleteMedia(deps.db, shopId, mediaId);
  if (!row) throw new AppError('NOT_FOUND', { fields: [{ field: 'media_id', code: 'NOT_FOUND' }] });
  await removeRecordFiles(deps.storage, [row.url, row.thumbUrl]);
  return { media_id: row.id };
}

// --- scalp diagnoses --------------------------------------------------------------------------

export async function addDiagnosisFor(
  deps: ConsoleRecordsDeps,
  shopId: number,
  input: {
    phone: string;
    customer_name?: string | undefined;
    diagnosed_at: string;
    designer_id?: number | undefined;
    measures: ScalpMeasure[];
    images: Upload[];
    image_areas?: ScalpArea[] | undefined;
    memo?: string | undefined;
  },
): Promise<{ diagnosis: ConsoleDiagnosis }> {
  const { db } = deps;
  const phone = await phoneFor(db, shopId, input.phone);
  await checkDesigner(db, shopId, input.designer_id);
  const areas = input.image_areas ?? [];
  if (areas.length > input.images.length) {
    throw new AppError('VALIDATION_FAILED', {
      fields: [{ field: 'image_areas', code: 'VALIDATION_FAILED' }],
    });
  }
  for (const m of input.measures) {
    if (m.normal_min !== null && m.normal_max !== null && m.normal_min > m.normal_max) {
      throw new AppError('VALIDATION_FAILED', {
        fields: [{ field: 'measures', code: 'VALIDATION_FAILED' }],
      });
    }
  }
  // Every image decoded before anything is written: one bad image refuses the whole call.
  const encoded: Awaited<ReturnType<typeof encodeRecordPhoto>>[] = [];
  for (const image of input.images) encoded.push(await encodeRecordPhoto(image, 'images'));
  const stored: StoredFiles[] = [];
  try {
    for (const photo of encoded) {
      stored.push(
        await storeRecordFiles(deps.storage, 'scalp', [
          { data: photo.main, suffix: '', ext: 'webp' },
          { data: photo.thumb, suffix: '-t', ext: 'webp' },
        ]),
      );
    }
    const { diagnosis, customer } = await db.transaction(async (tx) => {
      const customer = await repo.upsertCustomer(tx, shopId, phone, input.customer_name);
      const diagnosis = await repo.insertDiagnosis(tx, {
        shopId,
        customerId: customer.id,
        diagnosedAt: new Date(input.diagnosed_at),
        designerId: input.designer_id ?? null,
        measures: input.measures,
        memo: emptyToNull(input.memo),
      });
      await repo.insertScalpImages(
        tx,
        stored.map((s, i) => ({
          diagnosisId: diagnosis.id,
          shopId,
          area: areas[i] ?? 'other',
          url: s.urls[0]!,
          thumbUrl: s.urls[1]!,
          width: encoded[i]!.width,
          height: encoded[i]!.height,
          position: i,
        })),
      );
      return { diagnosis, customer };
    });
    const [shaped] = await diagnosesOf(db, customer, [diagnosis]);
    return { diagnosis: shaped! };
  } catch (error) {
    await removeRecordFiles(
      deps.storage,
      stored.flatMap((s) => s.urls),
    );
    if (error instanceof AppError) throw error;
    throw new AppError('SAVE_FAILED', { cause: error });
  }
}

export async function deleteDiagnosisFor(
  deps: ConsoleRecordsDeps,
  shopId: number,
  diagnosisId: number,
) {
  const deleted = await repo.deleteDiagnosis(deps.db, shopId, diagnosisId);
  if (!deleted) {
    throw new AppError('NOT_FOUND', { fields: [{ field: 'diagnosis_id', code: 'NOT_FOUND' }] });
  }
  await removeRecordFiles(deps.storage, deleted.urls);
  return { diagnosis_id: deleted.id };
}

export async function deleteCustomerFor(
  deps: ConsoleRecordsDeps,
  shopId: number,
  rawPhone: string,
) {
  const phone = await phoneFor(deps.db, shopId, rawPhone);
  const deleted = await repo.deleteCustomer(deps.db, shopId, phone);
  if (!deleted)
    throw new AppError('NOT_FOUND', { fields: [{ field: 'phone', code: 'NOT_FOUND' }] });
  await removeRecordFiles(deps.storage, deleted.urls);
  return {
    deleted_visits: deleted.visits,
    deleted_media: deleted.media,
    deleted_diagnoses: deleted.diagnoses,
  };
}

// --- notices and links ------------------------------------------------------------------------

export async function saveNoticeFor(
  db: Database,
  shopId: number,
  input: {
    notice_id?: number | undefined;
    type: repo.NoticeRow['type'];
    title: string;
    body: string;
    audience: repo.NoticeRow['audience'];
    publish: boolean;
    valid_from?: string | undefined;
    valid_until?: string | undefined;
  },
): Promise<{ notice: ConsoleNotice }> {
  const validFrom = input.valid_from ? new Date(input.valid_from) : null;
  const validUntil = input.valid_until ? new Date(input.valid_until) : null;
  if (validFrom && validUntil && validUntil < validFrom) {
    throw new AppError('DATE_RANGE_INVALID', {
      fields: [{ field: 'valid_until', code: 'DATE_RANGE_INVALID' }],
    });
  }
  const values: repo.NoticeValues = {
    type: input.type,
    title: input.title,
    body: input.body,
    audience: input.audience,
    publishedAt: input.publish ? new Date() : null,
    validFrom,
    validUntil,
  };
  const row =
    input.notice_id === undefined
      ? await repo.insertNotice(db, shopId, values)
      : await repo.replaceNotice(db, shopId, input.notice_id, values, input.publish);
  if (!row)
    throw new AppError('NOT_FOUND', { fields: [{ field: 'notice_id', code: 'NOT_FOUND' }] });
  return { notice: noticeOf(row) };
}

export async function noticeListOf(
  db: Database,
  shopId: number,
  paging: { page: number; pageSize: number },
) {
  const { rows, total } = await repo.listNotices(db, shopId, paging);
  return {
    notices: rows.map(noticeOf),
    total,
    page: paging.page,
    has_next: paging.page * paging.pageSize < total,
  };
}

export async function deleteNoticeFor(db: Database, shopId: number, noticeId: number) {
  const row = await repo.deleteNotice(db, shopId, noticeId);
  if (!row)
    throw new AppError('NOT_FOUND', { fields: [{ field: 'notice_id', code: 'NOT_FOUND' }] });
  return { notice_id: row.id };
}

export async function linkedMembersOf(
  db: Database,
  shopId: number,
  paging: { page: number; pageSize: number },
) {
  const { rows, total } = await repo.linkedMembers(db, shopId, paging);
  return {
    links: rows.map((r) => ({
      phone: r.phone,
      family_name: r.familyName,
      given_name: r.givenName,
      linked_at: r.linkedAt.toISOString(),
      customer_id: r.customerId,
    })),
    total,
    page: paging.page,
    has_next: paging.page * paging.pageSize < total,
  };
}
