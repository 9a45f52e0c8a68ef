import { useState, type FormEvent } from 'react';
import type { z } from 'zod';

/** A field's check: its localized message, or null when the value is fine. */
export type FieldCheck<V> = (value: string, values: V) => string | null;

/** A check from a zod schema (usually the contract's own) and the message to show. */
export function schemaCheck<V>(schema: z.ZodType, message: string): FieldCheck<V> {
  return (value) => (schema.safeParse(value).success ? null : message);
}

/**
 * When a field is checked while the user types (always on submit):
 * - `filled`: once it has content, or while it shows a message;
 * - `shown`: only while it shows a message (so it clears as soon as it is fixed);
 * - `always`: on every change;
 * - `submitted`: on every change, but only once the form was submitted;
 * - `clears`: never; a change clears its message until the next submit (where the field has a
 *   live check, only a change that passes it: spaces alone keep a "required" message);
 * - `touched`: on every change once the field is touched: left with content (`blur`), once its
 *   value is whole (`whole`; by default: once it passed the check), once the form was submitted,
 *   or from the start when it starts with a value (a link's); or while it shows a message.
 *   Left blank (`blur` on an empty field or spaces), it is untouched again.
 */
export type LiveCheck = 'filled' | 'shown' | 'always' | 'submitted' | 'clears' | 'touched';

interface FormOptions<V extends Record<string, string>> {
  initial: V;
  checks: { [K in keyof V]: FieldCheck<V> };
  /** One rule for every field, or a rule per field (unnamed fields: `filled`). */
  live?: LiveCheck | Partial<Record<keyof V, LiveCheck>>;
  /** The check run while typing, where it is milder than the submit's (default: `checks`). */
  liveChecks?: Partial<{ [K in keyof V]: FieldCheck<V> }>;
  /** Fields checked again when another changes, while they have content (confirm ← password). */
  dependents?: Partial<Record<keyof V, Array<keyof V>>>;
  /** Under `touched`: when a value is whole enough to check as typed (default: once it passes). */
  whole?: Partial<Record<keyof V, (value: string) => boolean>>;
  /** Messages shown from the start (the server's answer to a try made before the form showed). */
  initialErrors?: Partial<Record<keyof V, string>>;
}

type Errors<V> = Partial<Record<keyof V, string | null>>;
type Touched<V> = Partial<Record<keyof V, boolean>>;

/**
 * The one form-state helper of the web app (ADR 053): string fields, checks with localized
 * messages (the contract's zod rules), live checking, and the server's field messages merged in.
 */
export function useForm<V extends Record<string, string>>(options: FormOptions<V>) {
  const { checks, live = 'filled' } = options;
  const liveChecks: Partial<{ [K in keyof V]: FieldCheck<V> }> = options.liveChecks ?? {};
  const dependents: Partial<Record<keyof V, Array<keyof V>>> = options.dependents ?? {};
  const fields = Object.keys(checks) as Array<keyof V>;

  const liveOf = (field: keyof V): LiveCheck =>
    typeof live === 'string' ? live : (live[field] ?? 'filled');

  const liveCheck = (field: keyof V, current: V) =>
    (liveChecks[field] ?? checks[field])(current[field] as string, current);

  const isWhole = (field: keyof V, current: V) =>
    options.whole?.[field]?.(current[field] as string) ?? liveCheck(field, current) === null;

  /** The state before any change: a `touched` field that starts with a value is checked at once. */
  const start = () => {
    const errors: Errors<V> = Object.assign({}, options.initialErrors);
    const touched: Touched<V> = {};
    for (const field of fields) {
      if (liveOf(field) !== 'touched' || options.initial[field] === '') continue;
      touched[field] = true;
      errors[field] = liveCheck(field, options.initial);
    }
    return { errors, touched };
  };

  const [values, setValues] = useState<V>(options.initial);
  const [errors, setErrors] = useState<Errors<V>>(() => start().errors);
  const [isSubmitted, setSubmitted] = useState(false);
  const [touched, setTouched] = useState<Touched<V>>(() => start().touched);

  const setValue = (field: keyof V, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    const changed: Partial<Record<keyof V, string | null>> = {};
    const rule = liveOf(field);
    // Under `touched`, a whole value (by default, one that passes) touches the field.
    const touches = rule === 'touched' && !touched[field] && isWhole(field, next);
    if (touches) setTouched((current) => ({ ...current, [field]: true }));
    const isLive =
      rule === 'always' ||
      (rule === 'submitted' && isSubmitted) ||
      (rule === 'filled' && value !== '') ||
      (rule === 'touched' && Boolean(touched[field])) ||
      ((rule === 'filled' || rule === 'shown' || rule === 'touched') && Boolean(errors[field]));
    if (isLive) changed[field] = liveCheck(field, next);
    // Just touched by a whole value that does not pass: said at once.
    else if (touches) {
      const message = liveCheck(field, next);
      if (message) changed[field] = message;
    } else if (
      rule === 'clears' &&
      errors[field] &&
      (liveChecks[field] === undefined || liveCheck(field, next) === null)
    ) {
      changed[field] = null;
    }
    for (const other of dependents[field] ?? []) {
      const otherValue = next[other] as string;
      if (otherValue !== '') changed[other] = checks[other](otherValue, next);
    }
    if (Object.keys(changed).length > 0) setErrors((current) => ({ ...current, ...changed }));
  };

  /**
   * The person left a field (its `onBlur`). A filled one is touched from now on and, under the
   * `touched` rule, checked now; one left blank (empty or spaces) is untouched again: nothing
   * is said about it, and the next try starts quiet.
   */
  const blur = (field: keyof V) => {
    if ((values[field] as string).trim() === '') {
      if (touched[field]) setTouched((current) => ({ ...current, [field]: false }));
      return;
    }
    setTouched((current) => ({ ...current, [field]: true }));
    if (liveOf(field) === 'touched') {
      setErrors((current) => ({ ...current, [field]: liveCheck(field, values) }));
    }
  };

  /**
   * Checks every field; calls `onValid` with the values only when none has a message, else
   * `onInvalid` with the messages found (to move the focus, say).
   */
  const handleSubmit =
    (onValid: (values: V) => void, onInvalid?: (found: Record<keyof V, string | null>) => void) =>
    (event: FormEvent) => {
      event.preventDefault();
      setSubmitted(true);
      setTouched(Object.fromEntries(fields.map((field) => [field, true])) as Touched<V>);
      const found = Object.fromEntries(
        fields.map((field) => [field, checks[field](values[field] as string, values)]),
      ) as Record<keyof V, string | null>;
      setErrors(found);
      if (Object.values(found).some(Boolean)) {
        onInvalid?.(found);
        return;
      }
      onValid(values);
    };

  /** Back to the initial values and their state at the start, not yet submitted. */
  const reset = () => {
    const { errors: startErrors, touched: startTouched } = start();
    setValues(options.initial);
    setErrors(startErrors);
    setSubmitted(false);
    setTouched(startTouched);
  };

  /** Shows the server's per-field messages (ApiError.fields) on the fields they name. */
  const showServerErrors = (
    fields: ReadonlyArray<{ field: string; resMessage: string }>,
    rename: Record<string, keyof V> = {},
  ) => {
    const fromServer: Partial<Record<keyof V, string | null>> = {};
    for (const { field, resMessage } of fields) {
      const target = rename[field] ?? (field in checks ? field : undefined);
      if (target !== undefined) fromServer[target] = resMessage;
    }
    setErrors((current) => ({ ...current, ...fromServer }));
  };

  return { values, errors, isSubmitted, setValue, blur, handleSubmit, showServerErrors, reset };
}
