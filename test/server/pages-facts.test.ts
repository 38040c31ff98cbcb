/**
 * The facts of docs/api.md §10.18 on the no-JS pages (§10.5): the listing page, the event page and
 * the month view say, as text, when a date ends ("Sat, 5 Dec 2026, 20:00 – 23:00", the weekday
 * when it is the next day), the price ("£12–£18", "Free"), who is playing ("With Alice, Bob and
 * Carol") and "Few tickets left" while the ticket office is open; a performer's name that looks
 * like markup is text. An event without them is drawn as before. On a real store (SQLite, and
 * PostgreSQL in its project), from a venue file through the importer.
 */
import { describe, expect, it } from 'vitest';
import { jsonLdOf, richResultProblems } from '../support/rich-results.js';
import { startServer, venueFile, type TestServer } from '../support/server.js';

const NOW = '2026-11-30T12:00:00Z';
const XSS = '<img src=x onerror=alert(1)>"&\'';

const EVENTS: Record<string, unknown>[] = [
  {
    title: 'Songs',
    slug: 'songs',
    date: '2026-12-05',
    time: '20:00',
    end_time: '23:00',
    price: { currency: 'GBP', min: '12', max: '18' },
    performers: ['Alice', 'Bob', 'Carol'],
    few_tickets_left: true,
    description: 'An evening of songs.',
  },
  {
    title: 'Club night',
    slug: 'club-night',
    date: '2026-12-06',
    time: '23:00',
    end_time: '04:00',
    price: { currency: 'EUR', min: '0' },
    description: 'Till late.',
    performers: [XSS],
  },
  {
    title: 'Closed',
    slug: 'closed',
    date: '2026-12-07',
    time: '19:30',
    few_tickets_left: true,
    description: 'Sold out.',
    sales: { closed_manually_at: '2026-11-29T12:00:00Z', message: 'Sold out.' },
  },
  { title: 'Plain', slug: 'plain', date: '2026-12-08', time: '19:30', description: 'As ever.' },
  {
    title: 'Tour',
    slug: 'tour',
    end_time: '22:00',
    performers: ['The Band'],
    price: { currency: 'JPY', min: '1500' },
    description: 'On the road.',
    occurrences: [
      { date: '2026-12-09', time: '20:00', location: 'North' },
      { date: '2026-12-10', time: '21:00', location: 'South', end_time: '01:30' },
    ],
  },
];

async function withServer<T>(run: (server: TestServer) => Promise<T>): Promise<T> {
  // With a website and a postal address, so the JSON-LD has every property Google asks for.
  const file = venueFile(EVENTS) as { venues: Record<string, unknown>[] };
  Object.assign(file.venues[0]!, {
    url: 'https://test-venue.example/',
    address: { streetAddress: '1 Test Street', addressLocality: 'London', addressCountry: 'GB' },
  });
  const server = await startServer(file, NOW);
  try {
    return await run(server);
  } finally {
    await server.close();
  }
}

const page = (server: TestServer, path: string) =>
  fetch(`${server.url}${path}`).then(async (res) => {
    expect(res.status).toBe(200);
    return res.text();
  });

/** The `<li><article>` of the listing page whose title is `title`. */
const card = (html: string, title: string) =>
  [...html.matchAll(/<li><article>[\s\S]*?<\/article><\/li>/g)]
    .map((m) => m[0])
    .find((item) => item.includes(`>${title}</a></h2>`))!;

/** Text without tags, entities of escapeHtml decoded, spaces collapsed. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

describe('listing page: end, price, performers, few tickets left (docs/api.md §10.18)', () => {
  it('each card says them as text; the end is a <time> with its offset', async () => {
    await withServer(async (server) => {
      const html = await page(server, '/t/test-venue/events');
      const songs = card(html, 'Songs');
      expect(text(songs)).toContain('Sat, 5 Dec 2026, 20:00 – 23:00');
      expect(songs).toContain('<time datetime="2026-12-05T23:00:00+00:00">23:00</time>');
      expect(text(songs)).toContain('With Alice, Bob and Carol');
      expect(songs).toContain('<p class="price">£12–£18</p>');
      expect(songs).toContain('<p class="few-left">Few tickets left</p>');

      const club = card(html, 'Club night');
      expect(text(club)).toContain('Sun, 6 Dec 2026, 23:00 – Mon 04:00');
      expect(club).toContain('<time datetime="2026-12-07T04:00:00+00:00">Mon 04:00</time>');
      expect(club).toContain('<p class="price">Free</p>');
      expect(text(club)).toContain(`With ${XSS}`);
      expect(club).not.toContain('<img');
      expect(club).not.toContain('few-left');
    });
  });

  it('a closed office wins over few tickets left; an event without the facts is as before', async () => {
    await withServer(async (server) => {
      const html = await page(server, '/t/test-venue/events');
      expect(card(html, 'Closed')).not.toContain('Few tickets left');
      const plain = card(html, 'Plain');
      expect(plain).toBe(`<li><article>
<h2><a href="/t/test-venue/events/plain">Plain</a></h2>
<p><time datetime="2026-12-08T19:30:00+00:00">Tue, 8 Dec 2026, 19:30</time></p>


<p>As ever.</p>
</article></li>`);
    });
  });

  it("a tour's card ends at its current stop's end (the event's end_time)", async () => {
    await withServer(async (server) => {
      const tour = card(await page(server, '/t/test-venue/events'), 'Tour');
      expect(text(tour)).toContain('Wed, 9 Dec 2026, 20:00 – 22:00');
    });
  });
});

describe('event page', () => {
  it('the date with its end, performers, price, and few tickets left by the ticket sentence', async () => {
    await withServer(async (server) => {
      const html = await page(server, '/t/test-venue/events/songs');
      expect(text(html)).toContain('Sat, 5 Dec 2026, 20:00 – 23:00');
      expect(html).toContain(
        '<p class="performers">With Alice, Bob and Carol</p>\n<p class="price">£12–£18</p>',
      );
      expect(html).toMatch(
        /<p class="tickets">Tickets are on sale online\.<\/p>\n<p class="few-left">Few tickets left<\/p>/,
      );
      const closed = await page(server, '/t/test-venue/events/closed');
      expect(closed).not.toContain('Few tickets left');
    });
  });

  it("a tour: each stop's own end, after midnight with the weekday", async () => {
    await withServer(async (server) => {
      const html = await page(server, '/t/test-venue/events/tour');
      expect(text(html)).toContain('Wed, 9 Dec 2026, 20:00 – 22:00 — North');
      expect(text(html)).toContain('Thu, 10 Dec 2026, 21:00 – Fri 01:30 — South');
    });
  });

  it('an XSS performer is text in the page and in the JSON-LD', async () => {
    await withServer(async (server) => {
      const html = await page(server, '/t/test-venue/events/club-night');
      expect(html).not.toContain('<img');
      expect(text(html)).toContain(`With ${XSS}`);
      const [event] = jsonLdOf(html);
      expect(event!.performer).toEqual([{ '@type': 'PerformingGroup', name: XSS }]);
    });
  });
});

describe('month view', () => {
  it('entries with their end, price, performers and few tickets left', async () => {
    await withServer(async (server) => {
      const html = await page(server, '/t/test-venue/events?view=calendar&month=2026-12');
      expect(html).toContain(
        '<time datetime="2026-12-05T20:00:00+00:00">20:00</time>–<time datetime="2026-12-05T23:00:00+00:00">23:00</time>',
      );
      expect(html).toContain(
        '<span class="facts">£12–£18 · With Alice, Bob and Carol · Few tickets left</span>',
      );
      expect(html).toContain('–<time datetime="2026-12-07T04:00:00+00:00">04:00</time>');
      expect(html).toContain(`<span class="facts">Free · With &#60;img`);
      expect(html).not.toContain('<img');
      const closed = [...html.matchAll(/<li><time[^]*?<\/li>/g)]
        .map((m) => m[0])
        .find((entry) => entry.includes('>Closed</a>'))!;
      expect(closed).not.toContain('Few tickets left');
      expect(closed).not.toContain('class="facts"');
    });
  });
});

describe('JSON-LD of the pages: Google’s recommended fields when the venue gives them', () => {
  it('endDate, performer, offers.price/priceCurrency, lowPrice/highPrice, LimitedAvailability', async () => {
    await withServer(async (server) => {
      const events = jsonLdOf(await page(server, '/t/test-venue/events'));
      const by = (name: string) => events.find((e) => e.name === name)!;
      expect(events.map((e) => e.name)).toEqual([
        'Songs',
        'Club night',
        'Closed',
        'Plain',
        'Tour',
        'Tour',
      ]);
      for (const event of events) {
        const facts = !['Closed', 'Plain'].includes(event.name);
        expect(richResultProblems(event, { facts })).toEqual([]);
      }
      expect(by('Songs').offers).toMatchObject({
        '@type': 'AggregateOffer',
        lowPrice: '12.00',
        highPrice: '18.00',
        priceCurrency: 'GBP',
        availability: 'https://schema.org/LimitedAvailability',
      });
      expect(by('Songs').endDate).toBe('2026-12-05T23:00:00+00:00');
      expect(by('Club night').offers).toMatchObject({ price: '0.00', priceCurrency: 'EUR' });
      expect(by('Club night').endDate).toBe('2026-12-07T04:00:00+00:00');
      expect(by('Closed').offers?.availability).toBe('https://schema.org/SoldOut');
    });
  });
});
