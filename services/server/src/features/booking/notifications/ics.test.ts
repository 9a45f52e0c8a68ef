import { describe, expect, it } from 'vitest';
import { buildIcs, escapeIcsText, foldIcsLine, formatIcsUtc, type IcsEvent } from './ics.js';

/** An independent reader: unfold (RFC 5545 3.1), split name/value, unescape TEXT (3.3.11). */
function parseIcs(text: string): Map<string, string> {
  const unfolded = text.replace(/\r\n[ \t]/g, '');
  const props = new Map<string, string>();
  for (const line of unfolded.split('\r\n')) {
    if (!line) continue;
    const colon = line.indexOf(':');
    props.set(
      line.slice(0, colon),
      line
        .slice(colon + 1)
        .replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c)),
    );
  }
  return props;
}

const event: IcsEvent = {
  uid: 'booking-42@carol.example',
  stamp: new Date('2026-11-22T10:00:00.123Z'),
  start: new Date('2026-12-01T05:30:00Z'),
  end: new Date('2026-12-01T07:00:00Z'),
  summary: '헤어살롱 라온 예약 — 컷, 펌; 염색',
  location: '서울특별시 강남구 테헤란로 1, 3F',
  description:
    '예약번호 C-0001\n디자이너: 박보니\n요청사항: 앞머리는 짧게, 뒤는 길게 \\ 감사합니다',
  url: 'https://carol.example/mypage/reservationdetail?id=42',
};

describe('buildIcs', () => {
  it('writes one VEVENT with UID, DTSTAMP, DTSTART/DTEND in UTC, SUMMARY and LOCATION', () => {
    const text = buildIcs(event);
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:')).toBe(true);
    expect(text.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
    const props = parseIcs(text);
    expect(props.get('UID')).toBe('booking-42@carol.example');
    expect(props.get('DTSTAMP')).toBe('20261122T100000Z');
    expect(props.get('DTSTART')).toBe('20261201T053000Z');
    expect(props.get('DTEND')).toBe('20261201T070000Z');
    expect(props.get('SUMMARY')).toBe(event.summary);
    expect(props.get('LOCATION')).toBe(event.location);
    expect(props.get('DESCRIPTION')).toBe(event.description);
    expect(props.get('URL')).toBe(event.url);
    expect(props.get('STATUS')).toBe('CONFIRMED');
    expect(props.get('SEQUENCE')).toBe('0');
  });

  it('uses CRLF only, no bare LF, and every physical line is at most 75 octets', () => {
    const text = buildIcs({ ...event, description: '가'.repeat(200) + 'x'.repeat(300) });
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) {
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    }
    expect(parseIcs(text).get('DESCRIPTION')).toBe('가'.repeat(200) + 'x'.repeat(300));
  });

  it('writes a cancelled event with a higher sequence', () => {
    const props = parseIcs(buildIcs({ ...event, status: 'CANCELLED', sequence: 1 }));
    expect(props.get('STATUS')).toBe('CANCELLED');
    expect(props.get('SEQUENCE')).toBe('1');
  });

  it('leaves out optional properties that are absent', () => {
    const text = buildIcs({
      uid: 'u',
      stamp: event.stamp,
      start: event.start,
      end: event.end,
      summary: 's',
    });
    expect(text).not.toContain('LOCATION');
    expect(text).not.toContain('DESCRIPTION');
    expect(text).not.toContain('URL:');
  });

  it('refuses an event that does not end after it starts', () => {
    expect(() => buildIcs({ ...event, end: event.start })).toThrow(RangeError);
  });
});

describe('escapeIcsText', () => {
  it('escapes backslash, semicolon, comma and every kind of line break', () => {
    expect(escapeIcsText('a\\b;c,d\ne\r\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
    // A colon needs no escaping in a value.
    expect(escapeIcsText('10:30')).toBe('10:30');
  });

  it('makes a value that cannot inject another property', () => {
    const text = buildIcs({ ...event, summary: 'x\r\nATTENDEE:mailto:evil@example.com' });
    expect(text.split('\r\n').some((l) => l.startsWith('ATTENDEE'))).toBe(false);
  });
});

describe('foldIcsLine', () => {
  it('keeps a short line as is', () => {
    expect(foldIcsLine('SUMMARY:short')).toBe('SUMMARY:short');
    expect(foldIcsLine('X'.repeat(75))).toBe('X'.repeat(75));
  });

  it('folds at 75 octets, continuation lines starting with one space', () => {
    const folded = foldIcsLine('X'.repeat(200));
    const lines = folded.split('\r\n');
    expect(lines[0]).toHaveLength(75);
    expect(lines.slice(1).every((l) => l.startsWith(' ') && Buffer.byteLength(l) <= 75)).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe('X'.repeat(200));
  });

  it('never splits a multi-byte character', () => {
    const value = 'DESCRIPTION:' + '예약🙂'.repeat(40);
    const folded = foldIcsLine(value);
    for (const line of folded.split('\r\n')) {
      expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
      // A split character would decode to U+FFFD.
      expect(Buffer.from(line, 'utf8').toString('utf8')).not.toContain('\uFFFD');
    }
    expect(folded.replace(/\r\n /g, '')).toBe(value);
  });
});

describe('formatIcsUtc', () => {
  it('formats UTC without separators or milliseconds', () => {
    expect(formatIcsUtc(new Date('2026-01-02T03:04:05.678Z'))).toBe('20260102T030405Z');
    expect(() => formatIcsUtc(new Date('nope'))).toThrow(RangeError);
  });
});
