/**
 * `widget.html?locale=` (docs/api.md §10.17) in every language the widget speaks: the drawn cards'
 * words are the language's table (the one the element loads in the browser, `i18n/more.ts`,
 * picked by the same rule, `language`), a region falling back to its language (`de-AT` German,
 * `pt-BR` Brazil's table, `pt-PT` and `pt` Portugal's), an unknown tag English, a malformed one a
 * 400 naming `locale`; the root's top element has the `lang` and `dir` the live element's has
 * (`markup.ts` `shell`); the JSON-LD's access labels are the cards'. Only `?locale=` chooses:
 * `Accept-Language` is not read (the drawing sits in another site's page), so no `Vary` on it,
 * and each language is a drawing of its own, with its own ETag. On a real store (the app's own
 * `createApp`, from a venue file through the importer).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parameterNames, WidgetQuery } from '../../shared/queries.js';
import { serverI18n } from '../../widget/declarative.js';
import { language } from '../../widget/i18n/load.js';
import { load } from '../../widget/i18n/more.js';
import { shell } from '../../widget/markup.js';
import { startServer, type TestServer } from '../support/server.js';

/** Today is Saturday 5 December 2026 in London. */
const NOW = '2026-12-05T12:00:00Z';

const VENUE_FILE = {
  venues: [
    {
      slug: 'blue-room',
      name: 'Blue Room',
      timezone: 'Europe/London',
      events: [
        {
          id: 1,
          title: 'Songs',
          slug: 'songs',
          status: 'published',
          tickets_enabled: true,
          date: '2026-12-06',
          time: '20:00',
          description: '<p>Songs, described.</p>',
          access: ['wheelchair', 'captioned'],
        },
      ],
    },
  ],
};

/**
 * Each `locale` asked, the root's `lang` and `dir` it draws and its buy control's words, as the
 * tables (`widget/i18n/*.ts`) write them.
 */
const LANGUAGES: readonly { locale: string; lang: string; rtl?: true; buy: string }[] = [
  { locale: 'en', lang: 'en', buy: 'Buy tickets' },
  { locale: 'de', lang: 'de', buy: 'Tickets kaufen' },
  { locale: 'fr', lang: 'fr', buy: 'Acheter des billets' },
  { locale: 'es', lang: 'es', buy: 'Comprar entradas' },
  { locale: 'it', lang: 'it', buy: 'Acquista biglietti' },
  { locale: 'nl', lang: 'nl', buy: 'Tickets kopen' },
  { locale: 'pt', lang: 'pt', buy: 'Comprar bilhetes' },
  { locale: 'pt-BR', lang: 'pt-BR', buy: 'Comprar ingressos' },
  { locale: 'pl', lang: 'pl', buy: 'Kup bilety' },
  { locale: 'sv', lang: 'sv', buy: 'Köp biljetter' },
  { locale: 'da', lang: 'da', buy: 'Køb billetter' },
  { locale: 'cs', lang: 'cs', buy: 'Koupit vstupenky' },
  { locale: 'ar', lang: 'ar', rtl: true, buy: 'شراء التذاكر' },
  { locale: 'he', lang: 'he', rtl: true, buy: 'לרכישת כרטיסים' },
];

let server: TestServer;
beforeAll(async () => {
  server = await startServer(VENUE_FILE, NOW);
});
afterAll(() => server.close());

const get = (query: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/t/blue-room/widget.html${query}`, { headers });

const drawn = async (query: string, headers: Record<string, string> = {}) => {
  const res = await get(query, headers);
  expect(res.status, query).toBe(200);
  return res.text();
};

/** The shadow root's top element: its start tag, right after the root's one stylesheet. */
const topTag = (html: string) =>
  /<template shadowrootmode="open"><style>[^<]*<\/style>(<div[^>]*>)/.exec(html)?.[1];

/** The buy control's visible words. */
const buyText = (html: string) => /part="buy-button"[^>]*>([^<]*)<\/a>/.exec(html)?.[1];

/** The light DOM's JSON-LD, parsed. */
const jsonLdOf = (html: string) =>
  JSON.parse(
    /<script type="application\/ld\+json" data-venue-events-drawn>([^<]*)<\/script>/.exec(
      html,
    )![1]!,
  ) as {
    location: { amenityFeature?: { name: string }[] };
    workPerformed?: { accessibilityFeature: string[] };
  }[];

describe('widget.html?locale= in every language (docs/api.md §10.17)', () => {
  for (const { locale, lang, rtl, buy } of LANGUAGES) {
    it(`${locale}: the buy control says “${buy}”; the root is lang="${lang}"${rtl ? ' dir="rtl"' : ''}`, async () => {
      const html = await drawn(`?locale=${locale}`);
      expect(buyText(html)).toBe(buy);
      const top = `<div lang="${lang}"${rtl ? ' dir="rtl"' : ''}>`;
      expect(topTag(html)).toBe(top);
      // The live element's own top element (`shell`, what `VenueEvents.render` draws) for the
      // locale as the server reads it: one markup.
      const live = shell({ filterBar: true, viewSwitch: true }, serverI18n(locale), '');
      expect(live.startsWith(top)).toBe(true);
      // The buy control's own root says its language too (no `dir`: it inherits the card's).
      expect(html).toContain(
        `<venue-buy-button exportparts="buy-button, buy-status, buy-message" venue="blue-room" base-url="${server.url}" locale="${lang}"><div lang="${lang}">`,
      );
      expect(html).toContain(
        `<venue-events venue="blue-room" base-url="${server.url}" locale="${locale}">`,
      );
    });
  }

  it('the server speaks what the browser loads: each table is the chunk more.ts loads for it', async () => {
    for (const { locale } of LANGUAGES.filter((one) => one.locale !== 'en')) {
      const { pack } = await load(language(locale));
      expect(serverI18n(locale).t, locale).toBe(pack.core);
    }
  });

  it('the link for visitors without the script is in the element’s language, to the listing page in it', async () => {
    const es = await drawn('?locale=es');
    expect(es).toContain(
      `<a href="${server.url}/t/blue-room/events?locale=es" lang="es">Ver todos los próximos eventos</a></venue-events>`,
    );
    const ar = await drawn('?locale=ar');
    expect(ar).toContain(
      `<a href="${server.url}/t/blue-room/events?locale=ar" lang="ar">عرض جميع الفعاليات القادمة</a></venue-events>`,
    );
    // English, asked or not, links to the listing page as it always did.
    for (const query of ['', '?locale=en'])
      expect(await drawn(query)).toContain(
        `<a href="${server.url}/t/blue-room/events">See all upcoming events</a></venue-events>`,
      );
  });

  it('a region falls back to its language: de-AT is German, pt-BR Brazil’s, pt-PT Portugal’s', async () => {
    const austria = await drawn('?locale=de-AT');
    expect(buyText(austria)).toBe('Tickets kaufen');
    expect(topTag(austria)).toBe('<div lang="de-AT">');
    const brazil = await drawn('?locale=pt-br');
    expect(buyText(brazil)).toBe('Comprar ingressos');
    expect(topTag(brazil)).toBe('<div lang="pt-BR">');
    const portugal = await drawn('?locale=pt-PT');
    expect(buyText(portugal)).toBe('Comprar bilhetes');
    expect(topTag(portugal)).toBe('<div lang="pt-PT">');
    expect(buyText(await drawn('?locale=ar-EG'))).toBe('شراء التذاكر');
  });

  it('an unknown language is English; a malformed tag is a 400 naming locale', async () => {
    for (const unknown of ['xx', 'zh-Hant-TW', 'tlh']) {
      const html = await drawn(`?locale=${unknown}`);
      expect(buyText(html), unknown).toBe('Buy tickets');
      expect(topTag(html), unknown).toBe('<div lang="en">');
      // The element keeps the attribute as asked: it falls back to English the same way.
      expect(html).toContain(`locale="${unknown}"`);
    }
    const bad = await get('?locale=not%20a%20tag');
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toMatch(
      /^application\/vnd\.api\+json|^application\/json/,
    );
    const body = (await bad.json()) as { errors: { source?: { parameter: string } }[] };
    expect(body.errors[0]!.source?.parameter).toBe('locale');
  });

  it('the JSON-LD names the place’s access features as the cards do; vocabulary values stay', async () => {
    const german = jsonLdOf(await drawn('?locale=de'))[0]!;
    expect(german.location.amenityFeature).toEqual([
      { '@type': 'LocationFeatureSpecification', name: 'Rollstuhlgerecht', value: true },
    ]);
    expect(german.workPerformed?.accessibilityFeature).toEqual(['captions']);
    const hebrew = await drawn('?locale=he');
    expect(jsonLdOf(hebrew)[0]!.location.amenityFeature![0]!.name).toBe('נגיש לכיסאות גלגלים');
    expect(hebrew).toContain('<li>נגיש לכיסאות גלגלים</li>');
    const english = jsonLdOf(await drawn(''))[0]!;
    expect(english.location.amenityFeature![0]!.name).toBe('Wheelchair accessible');
  });
});

describe('only ?locale= chooses: the memo, the ETag and Vary', () => {
  it('two languages are two drawings, each with its own ETag; the same one again is a 304', async () => {
    const spanish = await get('?locale=es');
    const german = await get('?locale=de');
    const [es, de] = [spanish.headers.get('etag'), german.headers.get('etag')];
    expect(es).toMatch(/^"/);
    expect(de).not.toBe(es);
    expect(buyText(await spanish.text())).toBe('Comprar entradas');
    expect(buyText(await german.text())).toBe('Tickets kaufen');
    const again = await get('?locale=es');
    expect(again.headers.get('etag')).toBe(es);
    expect(buyText(await again.text())).toBe('Comprar entradas');
    const cached = await get('?locale=es', { 'If-None-Match': es! });
    expect(cached.status).toBe(304);
  });

  it('Accept-Language is not read: no Vary on it, and the header changes nothing', async () => {
    const plain = await get('', { 'Accept-Encoding': 'gzip' });
    const asked = await get('', { 'Accept-Encoding': 'gzip', 'Accept-Language': 'de, fr;q=0.5' });
    for (const res of [plain, asked]) {
      expect((res.headers.get('vary') ?? '').toLowerCase()).not.toContain('accept-language');
    }
    expect(asked.headers.get('etag')).toBe(plain.headers.get('etag'));
    expect(buyText(await asked.text())).toBe('Buy tickets');
    await plain.arrayBuffer();
    const chosen = await drawn('?locale=fr', { 'Accept-Language': 'de' });
    expect(buyText(chosen)).toBe('Acheter des billets');
  });

  it('locale is a parameter of widget.html’s one query definition, which names every language', () => {
    expect(parameterNames(WidgetQuery)).toContain('locale');
    const described = WidgetQuery.properties.locale.description!;
    for (const { locale } of LANGUAGES) expect(described, locale).toContain(locale);
    expect(described).toContain('Accept-Language is not read');
  });
});
