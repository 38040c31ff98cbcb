/**
 * What the tests of the one set of routes ask of either mode (test/server/routes-one-set.test.ts,
 * test/proxy/proxy-one-set.test.ts): the memo counter read from outside, `OPTIONS` on paths that
 * do not exist, and one access-log line per drawn widget.
 */
import { pino, type Logger } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorResponse } from './contract.js';

/** The memo counter of the server at `base` (started with `metrics`): its hits and misses. */
export async function memoLookups(base: string): Promise<{ hit: number; miss: number }> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const count = (result: string) =>
    Number(
      new RegExp(`^venue_events_response_memo_total\\{result="${result}"\\} (\\d+)$`, 'm').exec(
        text,
      )?.[1] ?? 0,
    );
  return { hit: count('hit'), miss: count('miss') };
}

/** `OPTIONS` on a path that does not exist is GET's 404; a real preflight is still answered. */
export function describeOptionsNotFound(base: () => string): void {
  describe('OPTIONS on a path that does not exist', () => {
    it.each(['/t/000/-', '/t/42/05543/', '/t/night-owl/nothing-here'])(
      '%s is the JSON 404 GET gets',
      async (path) => {
        const get = await fetch(base() + path);
        const options = await fetch(base() + path, { method: 'OPTIONS' });
        expect(get.status).toBe(404);
        expect(options.status).toBe(404);
        expect(options.headers.get('content-type')).toBe(get.headers.get('content-type'));
        const body = await options.json();
        expectErrorResponse(body);
        expect(body).toEqual(await get.json());
      },
    );

    it('while a preflight of a real path is still answered', async () => {
      const res = await fetch(`${base()}/t/night-owl/api/events`, {
        method: 'OPTIONS',
        headers: { Origin: 'https://guide.example', 'Access-Control-Request-Method': 'GET' },
      });
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
    });
  });
}

/** Each of `widget.html`, several venues' and the per-venue script writes one access-log line. */
export function describeOneLogLine(
  start: (logger: Logger) => Promise<{ url: string; close(): Promise<void> }>,
): void {
  describe('the drawn widget and the per-venue script are one request each', () => {
    const lines: string[] = [];
    let logged: { url: string; close(): Promise<void> };
    beforeAll(async () => {
      logged = await start(
        pino({ level: 'info' }, { write: (line: string) => void lines.push(line) }),
      );
    });
    afterAll(() => logged.close());

    it.each([
      '/t/night-owl/widget.html',
      '/widget.html?venues=harbour-hall,night-owl',
      '/t/night-owl/venue-events.js',
    ])('%s writes one access-log line', async (path) => {
      lines.length = 0;
      const res = await fetch(logged.url + path);
      expect(res.status).toBe(200);
      await res.text();
      const urls = () => lines.map((line) => JSON.parse(line).req?.url as string);
      // A line is written when its response has finished, which the client may see first.
      await expect.poll(urls).toContain(path);
      expect(urls()).toEqual([path]);
    });
  });
}

/**
 * `widget.html` (of a venue and of several) and the per-venue script are entries of the mode's
 * memo, counted by its metrics (`start` gives a server with `metrics`): the first request draws
 * (a miss), a repeat and a revalidation are hits, the same element asked in other words (its
 * parameters in another order, `page=1`, `no-share=true`) is the same entry, and another element
 * is a new one. A list the drawing is made from may be a lookup of its own (the proxy's own list
 * of a venue is the platform's, not the memo's): only the drawing's are counted exactly.
 */
export function describeDrawnInTheMemo(
  start: () => Promise<{ url: string; close(): Promise<void> }>,
): void {
  describe('the drawn widget and the per-venue script are the memo’s, counted by its metrics', () => {
    let server: { url: string; close(): Promise<void> };
    beforeAll(async () => {
      server = await start();
    });
    afterAll(() => server.close());

    it.each([
      [
        '/t/night-owl/widget.html?locale=en&no-share',
        '/t/night-owl/widget.html?no-share=true&page=1&locale=en',
        '/t/night-owl/widget.html?locale=en&no-share&heading-level=3',
      ],
      [
        '/widget.html?venues=harbour-hall,night-owl&locale=en',
        '/widget.html?locale=en&heading-level=2&venues=harbour-hall,night-owl',
        '/widget.html?venues=harbour-hall,night-owl&locale=fr',
        // Another language is a list answer of its own too (the venues' text in it, §10.24).
        2,
      ],
      ['/t/night-owl/venue-events.js', '/t/night-owl/venue-events.js', undefined],
    ] as [string, string, string | undefined, number?][])(
      '%s',
      async (path, same, other, misses = 1) => {
        const fetched = async (target: string, headers: Record<string, string> = {}) => {
          const res = await fetch(server.url + target, { headers });
          await res.text();
          return res;
        };
        const before = await memoLookups(server.url);
        const first = await fetched(path);
        expect(first.status).toBe(200);
        const drawn = await memoLookups(server.url);
        expect(drawn.miss).toBeGreaterThan(before.miss);
        let last = drawn;
        for (const [target, status] of [
          [path, 200],
          [same, 200],
          [path, 304],
        ] as const) {
          const res = await fetched(
            target,
            status === 304 ? { 'If-None-Match': first.headers.get('etag')! } : {},
          );
          expect(res.status, target).toBe(status);
          if (status === 200)
            expect(res.headers.get('etag'), target).toBe(first.headers.get('etag'));
          const now = await memoLookups(server.url);
          expect(now.miss, target).toBe(drawn.miss);
          expect(now.hit, target).toBeGreaterThan(last.hit);
          last = now;
        }
        if (other) {
          expect((await fetched(other)).status).toBe(200);
          expect((await memoLookups(server.url)).miss).toBe(drawn.miss + misses);
        }
      },
    );
  });
}

/** Targets naming an unknown venue (`no-such-venue`) among several, each kind of answer. */
export const UNKNOWN_AMONG_SEVERAL = [
  '/api/events?venues=night-owl,no-such-venue',
  '/api/events?venues=no-such-venue,night-owl&categories=Jazz',
  '/api/categories?venues=night-owl,no-such-venue',
  '/events?venues=night-owl,no-such-venue',
  '/events.ics?venues=night-owl,no-such-venue',
  '/widget.html?venues=night-owl,no-such-venue',
];

/** `res` is a JSON:API 404 naming `no-such-venue`; its body, for further checks. */
export async function expectUnknownVenueNamed(res: Response): Promise<{
  errors: { detail: string }[];
}> {
  expect(res.status).toBe(404);
  expect(res.headers.get('content-type')).toMatch(/^application\/(vnd\.api\+)?json/);
  const body = await res.json();
  expectErrorResponse(body);
  expect(body.errors[0].detail).toContain('"no-such-venue"');
  return body;
}
