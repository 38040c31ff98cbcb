/**
 * `SUMMARY;LANGUAGE=` written into a calendar file (server/pages/ics-language.ts, docs/api.md
 * §10.6, §10.24): only the events named, each line still at most 75 octets (RFC 5545 §3.1), the
 * title read back whole; every other line as it was.
 */
import { describe, expect, it } from 'vitest';
import { withSummaryLanguages } from '../../server/pages/ics-language.js';

const FILE = [
  'BEGIN:VCALENDAR',
  'BEGIN:VEVENT',
  'UID:event-1@example.com',
  'SUMMARY:Später Jazz im großen Saal mit dem Trio aus Köln und seinen Gästen aus',
  '  Wien',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:event-2@example.com',
  'SUMMARY:Quiz',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

describe('withSummaryLanguages', () => {
  it('tags the events named, folding at 75 octets, and leaves the rest as written', () => {
    const text = withSummaryLanguages(FILE, new Map([['event-1@example.com', 'de']]));
    const lines = text.split('\r\n');
    expect(lines.every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(text.replace(/\r\n[ \t]/g, '')).toContain(
      'SUMMARY;LANGUAGE=de:Später Jazz im großen Saal mit dem Trio aus Köln und seinen Gästen aus Wien\r\n',
    );
    expect(text).toContain('UID:event-2@example.com\r\nSUMMARY:Quiz\r\n');
    expect(withSummaryLanguages(FILE, new Map())).toBe(FILE);
  });
});
