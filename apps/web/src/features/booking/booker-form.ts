import { bookingLimits, requestNoteAsksTimeChange } from '@carol/contracts';

/** What the member fills in on the check step (spec 2, steps 5 and 6). */
export interface BookerDraft {
  name: string;
  requestNote: string;
  agreePersonalInfo: boolean;
  agreeThirdParty: boolean;
}

export type BookerField = 'name' | 'request' | 'consents';
export type BookerProblem = 'nameRequired' | 'requestTimeChange' | 'consentRequired';

/**
 * The check step's rules, told before anything is sent: a booker name; a request note that
 * does not ask to adjust the time (spec 5 — the same rule the server applies); both mandatory
 * consents (spec 5). The phone is the member's verified number and checked separately.
 */
export function bookerProblems(draft: BookerDraft): Partial<Record<BookerField, BookerProblem>> {
  const problems: Partial<Record<BookerField, BookerProblem>> = {};
  if (draft.name.trim() === '' || draft.name.trim().length > bookingLimits.bookerNameMax) {
    problems.name = 'nameRequired';
  }
  if (requestNoteAsksTimeChange(draft.requestNote)) problems.request = 'requestTimeChange';
  if (!draft.agreePersonalInfo || !draft.agreeThirdParty) problems.consents = 'consentRequired';
  return problems;
}

/**
 * The check step's fields as its form keeps them (useForm, ADR 053): text, with the ticked
 * consents as a space-separated list, the way a form posts a multi-valued field.
 */
export type BookerValues = Record<BookerField, string>;

type Consent = 'agreePersonalInfo' | 'agreeThirdParty';
const consentNames: readonly Consent[] = ['agreePersonalInfo', 'agreeThirdParty'];

/** The consents field's value for the two boxes. */
export function consentsValue(consents: Record<Consent, boolean>): string {
  return consentNames.filter((name) => consents[name]).join(' ');
}

/** The two boxes a consents field's value ticks. */
export function consentsOf(value: string): Record<Consent, boolean> {
  const ticked = value.split(' ');
  return {
    agreePersonalInfo: ticked.includes('agreePersonalInfo'),
    agreeThirdParty: ticked.includes('agreeThirdParty'),
  };
}

/** The draft the rules read, from the form's values. */
export function draftOf(values: BookerValues): BookerDraft {
  return { name: values.name, requestNote: values.request, ...consentsOf(values.consents) };
}
