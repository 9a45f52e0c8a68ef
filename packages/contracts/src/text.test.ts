import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allEndpoints } from './registry.js';
import { addBooking } from './endpoints/booking.js';
import { addReview } from './endpoints/booking-history.js';
import { cancelBookingByShop } from './endpoints/console-booking.js';
import { sendInquiry } from './endpoints/support.js';
import { changeName } from './endpoints/account.js';
import { isAllowedText, multiline, textRuleCode, withTextRule } from './text.js';

const forbiddenEverywhere = [
  ['NUL', '\u0000'],
  ['SOH', '\u0001'],
  ['BS', '\u0008'],
  ['VT', '\u000B'],
  ['FF', '\u000C'],
  ['ESC', '\u001B'],
  ['US', '\u001F'],
  ['DEL', '\u007F'],
  ['C1 PAD', '\u0080'],
  ['C1 NEL', '\u0085'],
  ['C1 APC', '\u009F'],
  ['a lone high surrogate', '\uD800'],
  ['a lone low surrogate', '\uDFFF'],
] as const;
const lineBreaks = [
  ['tab', '\t'],
  ['line feed', '\n'],
  ['carriage return', '\r'],
] as const;

describe('isAllowedText', () => {
  it.each(forbiddenEverywhere)('refuses %s in single- and multi-line text', (_, char) => {
    expect(isAllowedText(`a${char}b`)).toBe(false);
    expect(isAllowedText(`a${char}b`, { multiline: true })).toBe(false);
  });

  it.each(lineBreaks)(
    'refuses a %s in single-line text, allows it in multi-line text',
    (_, char) => {
      expect(isAllowedText(`a${char}b`)).toBe(false);
      expect(isAllowedText(`a${char}b`, { multiline: true })).toBe(true);
    },
  );

  it('allows every script, emoji (surrogate pairs) and the characters right after the C1 block', () => {
    for (const text of ['이서연', '山田 太郎', 'José Ñoño', '😀👩‍🎨', '\u00A0\u00A9', '~!@#$%^&*()'])
      expect(isAllowedText(text)).toBe(true);
  });
});

/**
 * Every schema reachable from `schema`, found by reflection over each definition's values (not
 * by the type list text.ts knows), so a container text.ts does not handle shows up here as a
 * string without the rule. `checks` are skipped: they run inside their own string.
 */
function reachableSchemas(schema: z.ZodType, seen = new Set<z.ZodType>()): z.ZodType[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = schema._zod.def as unknown as Record<string, unknown>;
  const children: unknown[] = [];
  for (const [key, value] of Object.entries(def)) {
    if (key === 'checks') continue;
    if (key === 'getter' && typeof value === 'function') children.push((value as () => unknown)());
    else if (Array.isArray(value)) children.push(...(value as unknown[]));
    else if (value instanceof z.ZodType) children.push(value);
    else if (key === 'shape' && value && typeof value === 'object')
      children.push(...Object.values(value as Record<string, unknown>));
  }
  return [
    schema,
    ...children
      .filter((c): c is z.ZodType => c instanceof z.ZodType)
      .flatMap((c) => reachableSchemas(c, seen)),
  ];
}

const hasTextIssue = (result: z.ZodSafeParseResult<unknown>) =>
  !result.success && result.error.issues.some((i) => i.message === textRuleCode);

describe('every contract request', () => {
  const requests = allEndpoints.map((e) => [`${e.base}${e.path}`, e.request] as const);

  it.each(requests)('%s: every string schema inside it refuses "\\u0000"', (_, request) => {
    const strings = reachableSchemas(request).filter((s) => s._zod.def.type === 'string');
    for (const string of strings) expect(hasTextIssue(string.safeParse('a\u0000b'))).toBe(true);
  });

  it.each(requests)('%s: no field accepts a value with "\\u0000"', (_, request) => {
    for (const [key, field] of Object.entries<z.ZodType>(request.shape)) {
      for (const value of ['a\u0000b', ['a\u0000b']])
        expect(field.safeParse(value).success, `${key} = ${JSON.stringify(value)}`).toBe(false);
    }
  });

  it('finds the free-text fields the issue named (names, inquiry, booker name and note)', () => {
    const refuses = (request: z.ZodObject, fields: Record<string, unknown>, key: string) => {
      const result = request.safeParse(fields);
      return (
        !result.success &&
        result.error.issues.some((i) => i.path[0] === key && i.message === textRuleCode)
      );
    };
    expect(
      refuses(changeName.request, { family_name: 'a\u0000b', given_name: 'Jun' }, 'family_name'),
    ).toBe(true);
    expect(
      refuses(
        sendInquiry.request,
        {
          kind: 'general',
          name: 'Kim',
          email: 'a@b.co',
          title: 'Hi',
          message: 'a\u0000'.repeat(6),
        },
        'message',
      ),
    ).toBe(true);
    expect(refuses(addBooking.request, { booker_name: 'a\u0000b' }, 'booker_name')).toBe(true);
    expect(refuses(addBooking.request, { request_note: 'a\u0000b' }, 'request_note')).toBe(true);
  });
});

describe('multi-line fields', () => {
  const note = 'Please use the side door.\r\nThank you.\t:)';

  it.each([
    ['send_inquiry message', sendInquiry.request.shape.message],
    ['add_booking request_note', addBooking.request.shape.request_note],
    ['add_review body', addReview.request.shape.body],
    ['console cancel reason', cancelBookingByShop.request.shape.reason],
  ])('%s keeps line breaks and tabs', (_, field) => {
    expect(field.safeParse(note)).toEqual({ success: true, data: note });
    expect(hasTextIssue(field.safeParse(`${note}\u0000`))).toBe(true);
  });

  it('single-line fields refuse an inner line break but keep trimming an outer one', () => {
    const name = changeName.request.shape.family_name;
    expect(hasTextIssue(name.safeParse('Lee\nKim'))).toBe(true);
    expect(name.safeParse('Lee\n')).toEqual({ success: true, data: 'Lee' });
  });
});

describe('withTextRule', () => {
  it('reaches strings in arrays, unions, tuples, records, pipes and lazy schemas', () => {
    const schema = withTextRule(
      z.object({
        list: z.array(z.string()),
        either: z.union([z.number(), z.string()]),
        pair: z.tuple([z.string(), z.number()]),
        map: z.record(z.string(), z.string()),
        json: z
          .string()
          .transform((s) => JSON.parse(s) as unknown)
          .pipe(z.object({ x: z.string() })),
        later: z.lazy(() => z.string()),
        deep: z.object({ inner: z.string().optional() }).nullable(),
      }),
    );
    const result = schema.safeParse({
      list: ['ok', 'a\u0000'],
      either: 'a\u0000',
      pair: ['a\u0000', 1],
      map: { k: 'a\u0000' },
      json: '{"x":"a\\u0000"}',
      later: 'a\u0000',
      deep: { inner: 'a\u0000' },
    });
    expect(result.success).toBe(false);
    const paths = result
      .error!.issues.filter((i) => i.message === textRuleCode)
      .map((i) => i.path.join('.'));
    expect(paths.sort()).toEqual(
      ['list.1', 'either', 'pair.0', 'map.k', 'json.x', 'later', 'deep.inner'].sort(),
    );
  });

  it('is idempotent and keeps a multiline mark through wrappers', () => {
    const once = withTextRule(z.object({ note: multiline(z.string()).optional() }));
    const twice = withTextRule(once);
    expect(twice.safeParse({ note: 'a\nb' }).success).toBe(true);
    const issues = twice.safeParse({ note: 'a\u0000' }).error!.issues;
    expect(issues).toHaveLength(1);
  });
});
