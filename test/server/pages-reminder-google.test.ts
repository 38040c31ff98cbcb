/**
 * "Remind me" in Google Calendar (docs/api.md §10.23), the redirect the widget's card menu links:
 * a 302 to the reminder the event page links, titled on the venue's clock in the asked language;
 * a 404 once sales are open.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, venueFile, type TestServer } from '../support/server.js';

const NOW = '2026-12-05T12:00:00Z';
let origin: TestServer;
beforeAll(async () => {
  origin = await startServer(
    venueFile([
      { title: 'Coming Soon', date: '2026-12-20', time: '20:00', on_sale_at: '2026-12-12T10:00' },
      { title: 'On Now', date: '2026-12-21', time: '20:00' },
    ]),
    NOW,
  );
});
afterAll(() => origin.close());

const redirect = (path: string) =>
  fetch(`${origin.url}/t/test-venue/events/${path}`, { redirect: 'manual' });

describe('the reminder’s Google Calendar redirect', () => {
  it('goes where the event page’s link goes, in the asked language', async () => {
    const page = await (await fetch(`${origin.url}/t/test-venue/events/event-1`)).text();
    const linked = /<a href="([^"]+)">Google Calendar<\/a><\/p>/.exec(page)![1]!;
    const res = await redirect('event-1/reminder/google');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(linked.replaceAll('&#38;', '&'));
    const german = new URL(
      (await redirect('event-1/reminder/google?locale=de')).headers.get('location')!,
    );
    expect(german.searchParams.get('text')).toMatch(/^Coming Soon — .*12\. Dez\..*10:00/);
    expect(german.searchParams.get('dates')).toBe('20261212T100000/20261212T101500');
  });

  it('a 404 for an event already on sale', async () => {
    expect((await redirect('event-2/reminder/google')).status).toBe(404);
  });
});
