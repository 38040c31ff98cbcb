/**
 * The WordPress plugin's generated copy of the contract
 * (packages/wordpress/venue-events/includes/contract.php, scripts/wordpress-contract.ts): in step
 * with shared/, and the plugin's venue-list reader (`venue_events_clean_venue`, PHP) takes and
 * refuses exactly the lists the one rule (`readVenueList`, docs/api.md §10.16) does; its reader of
 * a block's ticket link parameters (`venue_events_clean_link_params`) those `widget.html` takes.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../shared/i18n/index.js';
import { readVenueList } from '../../shared/rules/venue-list.js';
import { linkParamsProblem } from '../../server/web/fragment.js';
import { CONTRACT_PHP, wordpressContract } from '../../scripts/wordpress-contract.js';

const PLUGIN = resolve('packages/wordpress/venue-events');
const rooms = (n: number) => Array.from({ length: n }, (_, i) => `room-${i + 1}`);

/** `venue_events_clean_venue` (PHP) of each list, typed as a person would: spaces between. */
function phpCleanVenues(lists: readonly string[][]): string[] {
  const code = `
define('ABSPATH', '/');
require '${PLUGIN}/includes/contract.php';
require '${PLUGIN}/includes/settings.php';
echo json_encode(array_map('venue_events_clean_venue', json_decode(stream_get_contents(STDIN))));`;
  const typed = lists.map((slugs) => slugs.join(' '));
  return JSON.parse(
    execFileSync('php', ['-r', code], { input: JSON.stringify(typed), encoding: 'utf8' }),
  ) as string[];
}

/** `venue_events_clean_link_params` (PHP, render.php) of each value. */
function phpCleanLinkParams(values: readonly string[]): string[] {
  const code = `
define('ABSPATH', '/');
require '${PLUGIN}/includes/contract.php';
require '${PLUGIN}/includes/render.php';
echo json_encode(array_map('venue_events_clean_link_params', json_decode(stream_get_contents(STDIN))));`;
  return JSON.parse(
    execFileSync('php', ['-r', code], { input: JSON.stringify(values), encoding: 'utf8' }),
  ) as string[];
}

describe("the WordPress plugin's contract.php", () => {
  it('is what scripts/wordpress-contract.ts generates from shared/ (npm run generate:wordpress)', () => {
    expect(readFileSync(CONTRACT_PHP, 'utf8')).toBe(wordpressContract());
  });

  it('reads venue lists as the one venue-list rule does', () => {
    const lists = [
      ['blue-room'],
      ['b', 'a', 'b', 'c', 'a'],
      rooms(20),
      [...rooms(20), 'room-1'],
      rooms(21),
      ['Blue-Room'],
      ['harbour-hall', 'Night_Owl'],
      ['blue--room'],
      ['x-'],
      ['ö'],
    ];
    const expected = lists.map((slugs) => {
      const list = readVenueList(slugs);
      return 'slugs' in list ? list.slugs.join(' ') : '';
    });
    expect(phpCleanVenues(lists)).toEqual(expected);
  });

  it("takes a block's ticket link parameters exactly when widget.html does (docs/api.md §10.19)", () => {
    const pairs = (n: number) => Array.from({ length: n }, (_, i) => `p${i}=v`).join('&');
    const values = [
      'utm_source=blog&utm_campaign={event_slug}',
      'a',
      '?a=1',
      'a=1&&b=2',
      'a.b-c_D9=x+y%20z',
      'utm%5Fsource=x',
      'id={event_id}&at={venue_slug}.{locale}&w={{event_slug}}',
      pairs(10),
      pairs(11),
      `c=${'é'.repeat(256)}`,
      `c=${'%C3%A9'.repeat(256)}`,
      `c=${'é'.repeat(257)}`,
      `c=${'😀'.repeat(256)}`,
      `n${'x'.repeat(63)}=v`,
      `n${'x'.repeat(64)}=v`,
      'a+b=1',
      'a%0A=1',
      'ü=1',
      '=x',
      'a=1&a=2',
      'u={event_title}',
      'u={}',
      'u=%7Bevent_title%7D',
    ];
    const taken = phpCleanLinkParams(values);
    expect(taken.map((value) => value !== '')).toEqual(
      values.map((value) => linkParamsProblem(value) === undefined),
    );
    expect(taken[0]).toBe(values[0]);
    // Stricter alone where the server would read a replacement character; none given is none.
    expect(linkParamsProblem('a=%FF')).toBeUndefined();
    expect(phpCleanLinkParams(['a=%FF', '', '&', '  a=1 '])).toEqual(['', '', '', 'a=1']);
    // Its `&` as kses stores an author's (`&amp;`) is `&`.
    expect(phpCleanLinkParams(['a=1&amp;b={event_slug}', 'a=1&#038;b=2'])).toEqual([
      'a=1&b={event_slug}',
      'a=1&b=2',
    ]);
  });

  it("lists the dictionaries' languages as the widget's manifest keys them (pt-br)", () => {
    const code = `
define('ABSPATH', '/');
require '${PLUGIN}/includes/contract.php';
echo json_encode(VENUE_EVENTS_WIDGET_LANGUAGES);`;
    const listed = JSON.parse(execFileSync('php', ['-r', code], { encoding: 'utf8' })) as string[];
    expect(listed).toEqual(LANGUAGES.map((tag) => tag.toLowerCase()));
    expect(listed).toContain('pt-br');
    expect(listed).not.toContain('xx');
  });
});
