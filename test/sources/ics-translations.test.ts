/**
 * An iCalendar event's texts in other languages (server/sources/ics-translations.ts, docs/api.md
 * §10.24): `SUMMARY;LANGUAGE=de:` beside the untagged SUMMARY, and DESCRIPTION and LOCATION the
 * same, read from a VEVENT as ical.js parses it.
 */
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { icsTranslations, ownText } from '../../server/sources/ics-translations.js';
import type { Component } from '../../server/sources/ics-time.js';

const CRLF = '\r\n';

/** The first VEVENT of a calendar of `lines`. */
function vevent(...lines: string[]): Component {
  const text = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//test//EN',
    'BEGIN:VEVENT',
    'UID:jazz@hall',
    'DTSTAMP:20261201T090000Z',
    'DTSTART:20261210T200000Z',
    ...lines,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join(CRLF);
  return new ICAL.Component(ICAL.parse(text) as unknown[]).getFirstSubcomponent('vevent')!;
}

describe('icsTranslations', () => {
  it('reads each language’s summary, description and location', () => {
    const event = vevent(
      'SUMMARY:Late Jazz',
      'SUMMARY;LANGUAGE=de:Später Jazz',
      'SUMMARY;LANGUAGE=fr-BE:Jazz tardif',
      'DESCRIPTION:A night of jazz',
      'DESCRIPTION;LANGUAGE=de:Ein Abend\\nmit Jazz',
      'LOCATION;LANGUAGE=de:Großer Saal',
    );
    expect(icsTranslations(event, 'en')).toEqual({
      de: {
        title: 'Später Jazz',
        description: '<p>Ein Abend<br>mit Jazz</p>',
        location: 'Großer Saal',
      },
      fr: { title: 'Jazz tardif' },
    });
  });

  it('leaves out the venue’s own language, languages we do not speak and empty texts', () => {
    const event = vevent(
      'SUMMARY;LANGUAGE=de-CH:Später Jazz',
      'SUMMARY;LANGUAGE=en:Late Jazz',
      'SUMMARY;LANGUAGE=ja:ジャズ',
      'SUMMARY;LANGUAGE=fr: ',
    );
    expect(icsTranslations(event, 'de')).toEqual({ en: { title: 'Late Jazz' } });
    expect(icsTranslations(vevent('SUMMARY:Late Jazz'), 'en')).toBeUndefined();
  });

  it('keeps the first of a language', () => {
    const event = vevent('SUMMARY;LANGUAGE=de:Erster', 'SUMMARY;LANGUAGE=de-AT:Zweiter');
    expect(icsTranslations(event, 'en')).toEqual({ de: { title: 'Erster' } });
  });
});

describe('ownText', () => {
  it('is the untagged text, else the one in the venue’s language, else the first', () => {
    const tagged = vevent('SUMMARY;LANGUAGE=fr:Jazz tardif', 'SUMMARY;LANGUAGE=de:Später Jazz');
    expect(ownText(tagged, 'summary', 'de')).toBe('Später Jazz');
    expect(ownText(tagged, 'summary', 'en')).toBe('Jazz tardif');
    const both = vevent('SUMMARY;LANGUAGE=de:Später Jazz', 'SUMMARY: Late Jazz ');
    expect(ownText(both, 'summary', 'de')).toBe('Late Jazz');
    expect(ownText(both, 'location', 'en')).toBeUndefined();
  });
});
