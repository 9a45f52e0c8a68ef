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
