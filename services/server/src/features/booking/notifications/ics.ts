/**
 * A minimal iCalendar (RFC 5545) writer for one event: what "add to calendar" needs.
 *
 * - Times are written in UTC (`YYYYMMDDTHHMMSSZ`), so no VTIMEZONE is needed and every calendar
 *   shows the booking at the right instant in the reader's own zone.
 * - TEXT values are escaped (3.3.11): backslash, semicolon, comma, and line breaks as `\n`.
 * - Content lines are folded (3.1) at 75 octets of UTF-8 with CRLF + one space, never inside a
 *   multi-byte character, and every line ends with CRLF.
 */

export interface IcsEvent {
  /** Globally unique and stable for the booking: a re-import updates instead of duplicating. */
  uid: string;
  /** When this calendar object was created (DTSTAMP). */
  stamp: Date;
  start: Date;
  end: Date;
  summary: string;
  location?: string | undefined;
  description?: string | undefined;
  url?: string | undefined;
  status?: 'CONFIRMED' | 'CANCELLED';
  /** Bumped when the event changes (e.g. cancellation), so calendars replace the old copy. */
  sequence?: number;
}

export const icsProductId = '-//Carol//Salon booking//EN';

/** RFC 5545 3.3.11 TEXT escaping. */
export function escapeIcsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** A UTC DATE-TIME (3.3.5, form #2). */
export function formatIcsUtc(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new RangeError('invalid date');
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

const encoder = new TextEncoder();

/** Folds one content line to at most 75 octets per physical line (3.1). */
export function foldIcsLine(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let currentBytes = 0;
  // The first physical line holds 75 octets; continuation lines start with a space, so 74 more.
  let limit = 75;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    if (currentBytes + bytes > limit) {
      parts.push(current);
      current = '';
      currentBytes = 0;
      limit = 74;
    }
    current += char;
    currentBytes += bytes;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** A complete VCALENDAR with one VEVENT, CRLF line endings. */
export function buildIcs(event: IcsEvent): string {
  if (event.end.getTime() <= event.start.getTime()) {
    throw new RangeError('an event must end after it starts');
  }
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${icsProductId}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${escapeIcsText(event.uid)}`,
    `DTSTAMP:${formatIcsUtc(event.stamp)}`,
    `DTSTART:${formatIcsUtc(event.start)}`,
    `DTEND:${formatIcsUtc(event.end)}`,
    `SUMMARY:${escapeIcsText(event.summary)}`,
  ];
  if (event.location) lines.push(`LOCATION:${escapeIcsText(event.location)}`);
  if (event.description) lines.push(`DESCRIPTION:${escapeIcsText(event.description)}`);
  // URI values are not TEXT: no escaping, but they must not carry line breaks.
  if (event.url) lines.push(`URL:${event.url.replace(/[\r\n]/g, '')}`);
  lines.push(`STATUS:${event.status ?? 'CONFIRMED'}`);
  lines.push(`SEQUENCE:${event.sequence ?? 0}`);
  lines.push('TRANSP:OPAQUE', 'END:VEVENT', 'END:VCALENDAR');
  return lines.map(foldIcsLine).join('\r\n') + '\r\n';
}
