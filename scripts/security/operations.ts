/**
 * The operations under attack, read from the contracts (packages/contracts allEndpoints), with a
 * plausible valid body for each built from its request schema, so that an attack changes one
 * field at a time and reaches as deep into the handler as a real call would.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  addDays,
  allEndpoints,
  defaultBasePaths,
  todayIn,
  type EndpointContract,
} from '@carol/contracts';
import type { Fields } from './harness.js';
import type { World } from './world.js';

export interface Operation {
  contract: EndpointContract;
  path: string;
  access: EndpointContract['access'];
  /** Properties of the request's JSON schema (input side). */
  properties: Record<string, JsonSchema>;
  required: string[];
  /** Fields that are free text (strings without an enum or fixed format). */
  textFields: string[];
  /** Takes file parts: photo / photos, and the console records' file / poster / images. */
  takesFiles: boolean;
  /** The file fields of the request, in the schema's order. */
  fileFields: string[];
}

/** Request fields that are file parts (multipart), never text. */
export const fileFieldNames: ReadonlySet<string> = new Set([
  'photo',
  'photos',
  'file',
  'poster',
  'images',
]);

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  pattern?: string;
  maxLength?: number;
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  const?: unknown;
}

export function operations(mountedBases: readonly string[]): Operation[] {
  return allEndpoints
    .filter((e) => mountedBases.includes(e.base))
    .map((contract) => {
      const schema = z.toJSONSchema(contract.request, { io: 'input', unrepresentable: 'any' }) as {
        properties?: Record<string, JsonSchema>;
        required?: string[];
      };
      const properties = schema.properties ?? {};
      const fileFields = Object.keys(properties).filter((name) => fileFieldNames.has(name));
      const takesFiles = fileFields.length > 0;
      const textFields = Object.entries(properties)
        .filter(([name, p]) => isText(name, p))
        .map(([name]) => name);
      return {
        contract,
        path: `${defaultBasePaths[contract.base]}${contract.path}`,
        access: contract.access,
        properties,
        required: schema.required ?? [],
        textFields,
        takesFiles,
        fileFields,
      };
    });
}

function isText(name: string, p: JsonSchema): boolean {
  if (fileFieldNames.has(name)) return false;
  const types = [p.type ?? p.anyOf?.map((a) => a.type)].flat();
  // Consent and flag fields ('true' | boolean) are not free text.
  if (types.includes('boolean') || p.anyOf?.some((a) => a.enum || a.const !== undefined))
    return false;
  return types.includes('string') && !p.enum && !p.const;
}

const fixedValues: Record<string, (w: World) => unknown> = {
  family_name: () => 'Kim',
  given_name: () => 'Test',
  name: () => 'Tester',
  title: () => 'A question',
  message: () => 'Hello, a question about booking.',
  company: () => 'ACME',
  password: () => 'Wrong-pass-1',
  current_password: () => 'Wrong-pass-1',
  new_password: () => 'Newpass-123',
  phrase: () => 'not the phrase',
  reason: () => 'other',
  email: () => `probe-${randomBytes(5).toString('hex')}@security.test`,
  new_email: () => `probe-${randomBytes(5).toString('hex')}@security.test`,
  tel: () => '010-0000-0000',
  booker_phone: () => '010-0000-0000',
  booker_name: () => 'Tester',
  request_note: () => 'short please',
  body: () => 'Nice cut.',
  keyword: () => 'hair',
  address: () => '서울특별시 강남구 테헤란로 1',
  code: () => '123456',
  token: () => 'x'.repeat(43),
  sign_up_token: () => 'x'.repeat(43),
  id_token: () => 'x.y.z',
  nonce: () => 'n'.repeat(22),
  idempotency_key: () => `probe-${randomBytes(8).toString('hex')}`,
  personal_memo: () => 'memo',
  date: () => addDays(todayIn('Asia/Seoul'), 4),
  start_date: () => addDays(todayIn('Asia/Seoul'), 1),
  end_date: () => addDays(todayIn('Asia/Seoul'), 20),
  from: () => addDays(todayIn('Asia/Seoul'), 1),
  to: () => addDays(todayIn('Asia/Seoul'), 7),
  time: () => '16:00',
  color: () => '#6b3e26',
  look_swatch: () => '#6b3e26',
  time_from: () => '11:00',
  time_to: () => '15:00',
  cutoff_minutes: () => 60,
  // set_notice_settings (ADR 062): a nullable address whose JSON schema has no top-level format.
  notice_email: () => `probe-${randomBytes(5).toString('hex')}@security.test`,
  lat: () => 37.5,
  lng: () => 127.03,
  sw_lat: () => 37.4,
  sw_lng: () => 126.9,
  ne_lat: () => 37.6,
  ne_lng: () => 127.1,
  zoom: () => 12,
  rating: () => 4,
  agree: () => 'true',
  agree_terms: () => 'true',
  agree_privacy: () => 'true',
  agree_age: () => 'true',
  agree_personal_info: () => 'true',
  agree_third_party: () => 'true',
  shop_id: (w) => w.shopId,
  designer_id: (w) => w.designerIds[0],
  menu_ids: (w) => [w.menuId],
  booking_id: (w) => w.alice.bookingId,
  media_ids: (w) => [w.alice.galleryMediaId],
  user_id: (w) => w.alice.id,
  // Console records: instants with their offset, measures as a JSON array.
  phone: () => '010-0000-0000',
  visited_at: () => new Date().toISOString(),
  diagnosed_at: () => new Date().toISOString(),
  valid_from: () => new Date().toISOString(),
  valid_until: () => new Date(Date.now() + 86_400_000).toISOString(),
  measures: () =>
    JSON.stringify([
      { key: 'density', value: 120, unit: 'hairs/cm²', normal_min: 100, normal_max: 160 },
    ]),
  image_areas: () => JSON.stringify(['crown']),
  hours: () =>
    JSON.stringify([{ weekday: 1, is_off: false, starts_at: '10:00', ends_at: '19:00' }]),
};

/** A plausible body: every required field (and the text fields) filled. */
export function baseBody(op: Operation, w: World): Fields {
  const out: Fields = {};
  for (const [name, p] of Object.entries(op.properties)) {
    if (fileFieldNames.has(name)) continue;
    const required = op.required.includes(name);
    if (!required && !op.textFields.includes(name) && !(name in fixedValues)) continue;
    out[name] = valueFor(name, p, w) as Fields[string];
  }
  return out;
}

function valueFor(name: string, p: JsonSchema, w: World): unknown {
  const fixed = fixedValues[name];
  // A switch that shares a fixed field's name (set_reminder_settings' `email`) stays a switch.
  const isSwitch = [p.type ?? (p.anyOf ?? []).map((v) => v.type)].flat().includes('boolean');
  if (fixed && !isSwitch) return fixed(w);
  if (p.enum && p.enum.length > 0) return p.enum[0];
  const variants = p.anyOf ?? [p];
  for (const v of variants) {
    if (v.enum && v.enum.length > 0) return v.enum[0];
    if (v.const !== undefined) return v.const;
  }
  const types = [p.type ?? variants.map((v) => v.type)].flat();
  if (types.includes('boolean')) return 'true';
  if (types.includes('integer') || types.includes('number')) return name.endsWith('_id') ? 1 : 1;
  if (types.includes('array')) return [1];
  if (p.format === 'email') return `probe-${randomBytes(5).toString('hex')}@security.test`;
  return 'probe';
}
