import { z } from 'zod';
import type { ErrorCode } from './errors.js';

/**
 * The one rule for text a client sends: no control characters. PostgreSQL refuses
 * U+0000 outright (a 500 before this rule), the other C0 and C1 controls and DEL have no place
 * in a name or a note, and a lone surrogate (JSON lets `"\ud800"` through) would be stored as
 * U+FFFD. Tab, line feed and carriage return are allowed only in fields marked `multiline`.
 *
 * It is applied to every string of every request by `defineEndpoint` (see `withTextRule`), so a
 * field added later is covered without anyone remembering to; contracts only mark the few
 * multi-line fields.
 */
export const textRuleCode = 'INVALID_CHARACTERS' satisfies ErrorCode;

// Control characters are what these match. With the `u` flag `[\uD800-\uDFFF]` matches only
// a surrogate that is not part of a pair.
// eslint-disable-next-line no-control-regex
const singleLineForbidden = /[\u0000-\u001F\u007F-\u009F\uD800-\uDFFF]/u;
// eslint-disable-next-line no-control-regex
const multiLineForbidden = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uD800-\uDFFF]/u;

/** True when `value` may be stored: no control characters (tab, LF, CR only if multi-line). */
export function isAllowedText(value: string, options: { multiline?: boolean } = {}): boolean {
  return !(options.multiline ? multiLineForbidden : singleLineForbidden).test(value);
}

const multilineFields = new WeakSet<z.ZodType>();

/** Marks a text field where line breaks and tabs are legitimate (a textarea: notes, messages). */
export function multiline<T extends z.ZodType>(schema: T): T {
  multilineFields.add(schema);
  return schema;
}

const guarded = new WeakSet<z.ZodType>();

/**
 * Returns `schema` with the text rule on every string inside it (object fields, optional and
 * default wrappers, pipes and preprocessors, arrays, unions, tuples, records), each failing with
 * the `INVALID_CHARACTERS` issue at that field's path. Applying it twice is harmless.
 */
export function withTextRule<T extends z.ZodType>(schema: T): T {
  return guard(schema, false) as T;
}

function guard(schema: z.ZodType, inMultiline: boolean): z.ZodType {
  if (guarded.has(schema)) return schema;
  const isMultiline = inMultiline || multilineFields.has(schema);
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  const sub = (child: unknown) => guard(child as z.ZodType, isMultiline);
  const subs = (children: unknown) => (children as z.ZodType[]).map(sub);
  const rebuild = (overrides: Record<string, unknown>): z.ZodType =>
    schema.clone(z.core.util.mergeDefs(def, overrides) as typeof def);
  let result: z.ZodType;
  switch (def.type) {
    case 'string':
      result = schema.refine(
        (value) => isAllowedText(value as string, { multiline: isMultiline }),
        {
          message: textRuleCode,
        },
      );
      break;
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      result = rebuild({
        shape: Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, sub(field)])),
        ...(def.catchall ? { catchall: sub(def.catchall) } : {}),
      });
      break;
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'catch':
    case 'readonly':
    case 'success':
      result = rebuild({ innerType: sub(def.innerType) });
      break;
    case 'pipe':
      result = rebuild({ in: sub(def.in), out: sub(def.out) });
      break;
    case 'array':
      result = rebuild({ element: sub(def.element) });
      break;
    case 'union':
      result = rebuild({ options: subs(def.options) });
      break;
    case 'intersection':
      result = rebuild({ left: sub(def.left), right: sub(def.right) });
      break;
    case 'tuple':
      result = rebuild({ items: subs(def.items), rest: def.rest ? sub(def.rest) : null });
      break;
    case 'record':
    case 'map':
      result = rebuild({ keyType: sub(def.keyType), valueType: sub(def.valueType) });
      break;
    case 'set':
      result = rebuild({ valueType: sub(def.valueType) });
      break;
    case 'lazy': {
      const getter = def.getter as () => z.ZodType;
      let resolved: z.ZodType | undefined;
      result = rebuild({ getter: () => (resolved ??= sub(getter())) });
      break;
    }
    default:
      // Enums, literals, numbers, booleans, files, custom checks and transforms hold no free text.
      return schema;
  }
  guarded.add(result);
  return result;
}
