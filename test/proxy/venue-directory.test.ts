/**
 * `--venues FILE` (server/proxy/venue-directory.ts): the venues the proxy fronts, read from a venue
 * file without events into the same venue the origin's import stores, or refused with one line
 * naming the file and each problem's JSON path.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoVenueFile } from '../../server/demo/venue.js';
import type { VenueFile, VenueInput } from '../../shared/venue-file.js';
import { normaliseVenueFile } from '../../server/import/venue-file.js';
import { readVenueDirectory, VenueDirectoryError } from '../../server/proxy/venue-directory.js';
import { scratchDir } from '../support/scratch.js';

const dir = scratchDir('ve-venues-');
let files = 0;
/** `content` (a document, or raw bytes) written to a new file; its path. */
function write(content: unknown): string {
  const path = join(dir, `venues-${files++}.json`);
  writeFileSync(path, Buffer.isBuffer(content) ? content : JSON.stringify(content));
  return path;
}

/** The venue the origin's import stores, as its pages receive it, without what the proxy lacks. */
function originVenue(venue: Omit<VenueInput, 'events'>) {
  const [stored] = normaliseVenueFile({ venues: [{ ...venue, events: [] }] });
  const { apiShape: _shape, events: _events, ...page } = stored!;
  return page;
}

/** The error `readVenueDirectory(path)` throws: a `VenueDirectoryError` with a one-line message. */
function refusal(path: string): VenueDirectoryError {
  try {
    readVenueDirectory(path);
  } catch (error) {
    expect(error).toBeInstanceOf(VenueDirectoryError);
    expect((error as Error).message.split('\n')).toHaveLength(1);
    expect((error as Error).message.startsWith(`${path}: `)).toBe(true);
    return error as VenueDirectoryError;
  }
  throw new Error(`${path} was accepted`);
}

const good = {
  slug: 'night-owl',
  name: 'The Night Owl',
  timezone: 'America/New_York',
  url: 'https://Night-Owl.example',
  address: {
    streetAddress: '  12 Bleecker Street ',
    addressLocality: 'New York',
    postalCode: '',
    addressRegion: '   ',
    addressCountry: 'US',
  },
};

describe('readVenueDirectory', () => {
  it('reads each venue as the origin stores it: URL written by the WHATWG parser, address trimmed', () => {
    const venues = readVenueDirectory(
      write({ venues: [good, { slug: 'ny-stage', timezone: 'UTC' }] }),
    );
    expect(venues).toEqual([
      {
        slug: 'night-owl',
        name: 'The Night Owl',
        timezone: 'America/New_York',
        url: 'https://night-owl.example/',
        address: {
          streetAddress: '12 Bleecker Street',
          addressLocality: 'New York',
          addressCountry: 'US',
        },
      },
      { slug: 'ny-stage', name: 'ny-stage', timezone: 'UTC' },
    ]);
    // The same bytes as the origin's venue, key order included.
    expect(JSON.stringify(venues[0])).toBe(JSON.stringify(originVenue(good)));
  });

  it('the demo file describes the demo venue byte for byte as the origin serves it', () => {
    const [demo] = (demoVenueFile(new Date('2026-12-05T12:00:00Z')) as VenueFile).venues;
    const { events: _events, ...venue } = demo!;
    expect(JSON.stringify(readVenueDirectory('server/demo/proxy-venues.json'))).toBe(
      JSON.stringify([originVenue(venue)]),
    );
  });

  it('a missing name is the slug, as the origin names it; no address when every member is empty', () => {
    const venue = { slug: 'blue-cellar', timezone: 'Europe/Paris', address: { postalCode: ' ' } };
    const [read] = readVenueDirectory(write({ venues: [venue] }));
    expect(read).toEqual({ slug: 'blue-cellar', name: 'blue-cellar', timezone: 'Europe/Paris' });
    expect(read).toEqual(originVenue(venue));
  });

  it('events may be absent or an empty list', () => {
    const venues = readVenueDirectory(
      write({ venues: [good, { ...good, slug: 'b', events: [] }] }),
    );
    expect(venues.map((v) => v.slug)).toEqual(['night-owl', 'b']);
  });

  it('a bad zone is named by its JSON path', () => {
    const path = write({ venues: [good, { slug: 'mars', timezone: 'Mars/Olympus_Mons' }] });
    const error = refusal(path);
    expect(error.message).toBe(
      `${path}: venues[1].timezone: unknown IANA time zone "Mars/Olympus_Mons"`,
    );
    expect(error.problems).toEqual([
      { path: 'venues[1].timezone', message: 'unknown IANA time zone "Mars/Olympus_Mons"' },
    ]);
  });

  it('events present: the proxy’s venue file carries none', () => {
    const event = { id: 1, title: 'Gig', slug: 'gig', status: 'published' };
    const error = refusal(write({ venues: [{ ...good, events: [event] }] }));
    expect(error.problems).toEqual([
      {
        path: 'venues[0].events',
        message:
          "the proxy's venue file carries no events (the platform lists them), leave it out or give []",
      },
    ]);
  });

  it('a name that is not a string, a missing zone and an unknown member: every problem on one line', () => {
    const path = write({ venues: [{ slug: 'night-owl', name: 7, city: 'New York' }] });
    const error = refusal(path);
    expect(error.problems).toEqual(
      expect.arrayContaining([
        { path: 'venues[0].timezone', message: 'required member missing' },
        { path: 'venues[0].city', message: 'unknown member' },
        { path: 'venues[0].name', message: 'must be string' },
      ]),
    );
    expect(error.message).toMatch(
      /^.+: 3 problems: venues\[0\]\..+; venues\[0\]\..+; venues\[0\]\./,
    );
  });

  it.each([
    [{ venues: [] }, 'venues: must NOT have fewer than 1 items'],
    [{ venues: [{ ...good, slug: 'Night Owl' }] }, 'venues[0].slug: expected'],
    [{ venues: [{ ...good, url: 'night-owl.example' }] }, 'venues[0].url: expected'],
    [
      { venues: [good, { ...good, name: 'Again' }] },
      'venues[1].slug: duplicate venue slug "night-owl" (also venues[0].slug)',
    ],
    [
      { venues: [{ ...good, api_shape: 'earlier' }] },
      "venues[0].api_shape: the proxy passes the platform's own shape through",
    ],
    [{ venues: [{ ...good, timezone: 'Mars\nBase' }] }, 'unknown IANA time zone "Mars\\nBase"'],
  ])('%j is refused: %s', (doc, message) => {
    expect(refusal(write(doc)).message).toContain(message);
  });

  it.each([
    ['missing', () => join(dir, 'nope.json'), 'cannot read the file (ENOENT)'],
    ['a directory', () => dir, 'cannot read the file (EISDIR)'],
    ['not JSON', () => write(Buffer.from('{"venues": [')), 'not JSON: '],
    [
      'Latin-1',
      () => write(Buffer.from('{"venues":[{"name":"Caf\xe9"}]}', 'latin1')),
      'not valid UTF-8',
    ],
    ['with a byte order mark', () => write(Buffer.from('\ufeff{"venues":[]}')), 'not JSON: '],
  ])('a file %s is one line naming it', (_kind, path, message) => {
    const file = path();
    expect(refusal(file).message).toContain(`${file}: ${message}`);
  });
});
