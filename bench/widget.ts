/**
 * `npm run bench:widget`: time from navigation start to the
 * first event card on screen, median of BENCH_LOADS (default 11) cold loads — a new browser
 * context each, HTTP cache disabled — in Debian's Chromium driven by playwright-core, on loopback
 * and on "Fast 3G" (CDP Network.emulateNetworkConditions: 150 ms RTT, 1.6 Mbit/s down, 750 kbit/s
 * up), with the requests and bytes (CDP `encodedDataLength`, headers included) before that card.
 *
 * Pages, all of the app started as `npm start` runs it (bundled, demo venue, frozen clock):
 * - (a) the demo page `/`, straight from the app: the venue's snippet as it is;
 * - (b) a plain page that `fetch()`es `/t/blue-room/api/events` from an inline script and renders
 *   the 12 events with `innerHTML` — the floor any embed is compared with;
 * - experiments (see `VARIANTS`): (c) the one-line snippet (the demo page without its preload),
 *   (d) and (e) the README's snippet and the one-line one alone on (b)'s bare page, and for each a
 *   "floor": the page with the widget's script replaced by (b)'s renderer padded to its size.
 * Targets (× (b)): the README's snippet ≤ 1.15, the one-line snippet ≤ 1.45, printed for the demo
 * page and for the bare pages.
 * (b) and the experiments are served by a small same-origin server of this bench that proxies every
 * other path (widget files, API) to the app unchanged; "demo via bench server" is (a) through that
 * proxy, to show that the proxy itself costs nothing measurable.
 *
 * The first card is `[part~="card"]` in `<venue-events>`'s shadow root (the plain page's cards
 * carry the same part in the light DOM), found by a requestAnimationFrame poll installed before the
 * document starts, so the time is that of the first frame showing it.
 */
import { createServer, request, Agent, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { chromium, type Browser, type CDPSession } from 'playwright-core';
import { CHROME_ARGS, CHROME_PATH, DEMO_SLUG, startApp } from './browser.js';
import { cpuMs, median, NOW } from './support.js';
import { demoVenueFile } from '../server/demo/venue.js';
import { plainText } from '../server/lib/html-text.js';
import { drawnElement } from '../widget/declarative.js';

const LOADS = Number(process.env.BENCH_LOADS ?? 11);
/** Brotli bytes of the "floor" scripts; default the widget entry's (what would a smaller one pay?). */
const FLOOR_BYTES = Number(process.env.BENCH_FLOOR_BYTES) || undefined;
/** Only the pages whose name matches this (plus (a) and (b)), for a quicker experiment. */
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : undefined;
/** "Fast 3G", as Chrome DevTools presets it. */
const FAST_3G = {
  offline: false,
  latency: 150,
  downloadThroughput: 200_000, // 1.6 Mbit/s in bytes/s
  uploadThroughput: 93_750, // 750 kbit/s in bytes/s
};
const LIST = `/t/${DEMO_SLUG}/api/events`;
/** The rows of the one-line snippet and of the snippets on a bare page, compared with targets. */
const ONE_LINE = '(c) one-line snippet';
const SNIPPET = '(d) README snippet alone';
const SNIPPET_ONE_LINE = '(e) one-line snippet alone';
/** A host page including `widget.html` server-side, and the per-venue one-line snippet (issue 27). */
const INCLUDED = '(f) widget.html included server-side';
const VENUE_SCRIPT = '(g) per-venue one-line snippet alone';
/** The bare one-line page listing the demo venue and two more (issue 26), beside (e). */
const VENUES_ONE_LINE = '(h) three venues, one-line alone';
/** (d)'s page with `locale="de"` (issue 43): the German strings' chunk, after the languages' table. */
const SNIPPET_GERMAN = '(i) README snippet alone, in German';
/** (i) with the embed builder's preloads of the languages' table and the German chunk. */
const SNIPPET_GERMAN_PRELOADED = '(j) README snippet alone, in German, chunks preloaded';
/** The venues (h) lists: the demo venue first, then two copies of it in other zones. */
const THREE_VENUES = [DEMO_SLUG, 'second-room', 'third-room'];
/** Targets, × (b): the README's snippet (the demo page, with the preload) and the one-line one. */
const TARGETS = { demo: 1.15, oneLine: 1.45, included: 0.8, venueScript: 1.25 };
/** The build measured; a rebuild during the run (another engineer's) breaks the pinned SRI hash. */
let BUILD_AT_START = '';

interface Request {
  id: string;
  url: string;
  /** ms from navigation start (performance.timeOrigin) */
  start: number;
  response?: number;
  end?: number;
  bytes: number;
  fromCache?: boolean;
}

interface Load {
  /** ms from navigation start to the first frame showing a card */
  card: number;
  requests: Request[];
}

/** Requests started before the first card, and the bytes received for them by then. */
function beforeCard(load: Load): { requests: Request[]; bytes: number } {
  const requests = load.requests.filter((r) => r.start <= load.card && !r.url.startsWith('data:'));
  const bytes = requests.reduce(
    (sum, r) => sum + (r.end !== undefined && r.end <= load.card ? r.bytes : 0),
    0,
  );
  return { requests, bytes };
}

/** Records every request of the page through CDP, with times relative to navigation start. */
function recordNetwork(cdp: CDPSession) {
  const byId = new Map<string, Request>();
  // CDP timestamps are monotonic seconds; requestWillBeSent also gives wall time, which lines
  // them up with the page's performance.timeOrigin (epoch ms) once that is known.
  let offset: number | undefined; // monotonic s → epoch ms: epoch = ts * 1000 + offset
  cdp.on('Network.requestWillBeSent', (e) => {
    offset ??= e.wallTime * 1000 - e.timestamp * 1000;
    const prev = byId.get(e.requestId);
    if (prev && e.redirectResponse) prev.id = `${e.requestId}-redirected`;
    byId.set(e.requestId, { id: e.requestId, url: e.request.url, start: e.timestamp, bytes: 0 });
  });
  cdp.on('Network.responseReceived', (e) => {
    const r = byId.get(e.requestId);
    if (r) {
      r.response = e.timestamp;
      r.fromCache = e.response.fromDiskCache || e.response.fromPrefetchCache;
    }
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = byId.get(e.requestId);
    if (r) {
      r.end = e.timestamp;
      r.bytes = e.encodedDataLength;
    }
  });
  return (timeOrigin: number): Request[] => {
    const rel = (ts: number | undefined) =>
      ts === undefined ? undefined : ts * 1000 + offset! - timeOrigin;
    return [...byId.values()]
      .map((r) => ({ ...r, start: rel(r.start)!, response: rel(r.response), end: rel(r.end) }))
      .sort((a, b) => a.start - b.start);
  };
}

/**
 * Installed before the document starts: a requestAnimationFrame poll that notes when a frame first
 * shows a card. A string, not a function: tsx would wrap named functions in a helper the page lacks.
 */
const FIRST_CARD_PROBE = `(() => {
  const find = () =>
    document.querySelector('venue-events')?.shadowRoot?.querySelector('[part~="card"]') ??
    document.querySelector('[part~="card"]');
  const tick = () => {
    if (find()) window.__firstCard = performance.now();
    else requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;

/** One cold load of `url`: a new context, cache disabled, optionally throttled. */
async function load(browser: Browser, url: string, throttle: boolean): Promise<Load> {
  const context = await browser.newContext();
  try {
    await context.addInitScript(FIRST_CARD_PROBE);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const requests = recordNetwork(cdp);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (throttle) await cdp.send('Network.emulateNetworkConditions', FAST_3G);
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(url, { waitUntil: 'commit' });
    await page
      .waitForFunction(
        () =>
          document.querySelector('venue-events')?.shadowRoot?.querySelector('[part~="card"]') ??
          document.querySelector('[part~="card"]'),
        null,
        { polling: 'raf', timeout: 60_000 },
      )
      .catch((error: Error) => {
        throw new Error(
          `${url}: no card within 60 s (${problems.join('; ') || 'no console error'})` +
            (readFileSync('dist/widget/manifest.json', 'utf8') === BUILD_AT_START
              ? ''
              : ' — dist/widget was rebuilt during the run: run the bench again'),
          { cause: error },
        );
      });
    const { card, timeOrigin } = await page
      .waitForFunction(() => {
        const t = (window as unknown as { __firstCard?: number }).__firstCard;
        return t === undefined ? undefined : { card: t, timeOrigin: performance.timeOrigin };
      })
      .then((h) => h.jsonValue() as Promise<{ card: number; timeOrigin: number }>);
    // Let requests that were under way finish, so their bytes are known.
    await page.waitForLoadState('load');
    await page.waitForTimeout(throttle ? 400 : 50);
    return { card, requests: requests(timeOrigin) };
  } finally {
    await context.close();
  }
}

/**
 * Milliseconds from choosing `category` in the filter bar of the page at `url` to the filtered
 * cards on screen (every card of that category, the list no longer busy), the page and the filter
 * bar loaded first; and how many list requests the choice made.
 */
async function categoryToCards(
  browser: Browser,
  url: string,
  throttle: boolean,
  category: string,
): Promise<{ ms: number; requests: number }> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    if (throttle) await cdp.send('Network.emulateNetworkConditions', FAST_3G);
    await page.goto(url);
    const select = page.locator('venue-events [part="category-filter"]');
    await select.waitFor({ timeout: 60_000 });
    let requests = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/events')) requests++;
    });
    const start = await page.evaluate(() => performance.now());
    await select.selectOption(category);
    const end = await page
      .waitForFunction(
        (name) => {
          const root = document.querySelector('venue-events')?.shadowRoot;
          const list = root?.querySelector('[part="list"]');
          const cats = [...(root?.querySelectorAll('[part="category"]') ?? [])];
          const done =
            list?.getAttribute('aria-busy') === 'false' &&
            cats.length > 0 &&
            cats.every((c) => c.textContent === name);
          return done ? performance.now() : undefined;
        },
        category,
        { polling: 'raf', timeout: 60_000 },
      )
      .then((h) => h.jsonValue() as Promise<number>);
    return { ms: end - start, requests };
  } finally {
    await context.close();
  }
}

// ---------------------------------------------------------------------------------------------
// The bench's own pages, served same-origin with the app behind a pass-through proxy.

/** The plain comparison page: an inline script, fetch(), innerHTML. No stylesheet, no framework. */
const PLAIN_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>What's on · plain fetch + innerHTML</title>
<link rel="icon" href="data:,">
</head>
<body>
<main id="list">Loading…</main>
<script>
const esc = (s) => String(s ?? '').replace(/[&<>"']/g, (c) => '&#' + c.charCodeAt(0) + ';');
fetch('${LIST}?page=1', { headers: { Accept: 'application/json' } })
  .then((r) => r.json())
  .then((body) => {
    document.getElementById('list').innerHTML = body.data
      .map(({ attributes: a }) => '<article part="card"><h2>' + esc(a.title) + '</h2><p>' +
        esc(a.event_date.slice(0, 10)) + ' ' + esc(a.event_time) + ' · ' + esc(a.location) +
        '</p><p>' + esc(a.ticket_office.status) + '</p></article>')
      .join('');
  });
</script>
</body>
</html>
`;

interface Variant {
  name: string;
  /** Path on the bench server. */
  path: string;
  /** What it shows. */
  note: string;
}

/**
 * The experiments. The preload of the list and the fetch mode that lets the widget take the
 * preload were experiments here once; the demo page has them now. What is left to learn is how
 * the one-line snippet (no hint) does, and how much of the gap to (b) any script of the widget's
 * size pays, with the README's hint and without it.
 */
const VARIANTS: Variant[] = [
  {
    name: ONE_LINE,
    path: '/bench/one-line',
    note: 'the demo page without its `<link rel="preload">` of the list: the one-line snippet (`<script type="module" src=…>` + the element), whose request can only start once the script ran',
  },
  {
    name: 'floor: plain renderer shipped as the widget',
    path: '/bench/floor',
    note: "the demo page (same preload) with the widget's script replaced by (b)'s fetch + innerHTML renderer padded with incompressible bytes to the widget's brotli size: what any embed of that size pays, whatever it does once it runs",
  },
  {
    name: 'floor: one-line',
    path: '/bench/floor-one-line',
    note: 'the floor without the preload: what any one-line embed of the widget’s size pays',
  },
  {
    name: SNIPPET,
    path: '/bench/snippet',
    note: "a bare page like (b)'s (no stylesheet, no venue page around it) holding only the README's snippet: the preload, the script and the element",
  },
  {
    name: 'floor: README snippet alone',
    path: '/bench/floor-snippet',
    note: "that bare page with the widget's script replaced by the padded plain renderer",
  },
  {
    name: SNIPPET_ONE_LINE,
    path: '/bench/snippet-one-line',
    note: 'the bare page with the script and the element only',
  },
  {
    name: 'floor: one-line alone',
    path: '/bench/floor-snippet-one-line',
    note: 'the bare one-line page with the padded plain renderer',
  },
  {
    name: INCLUDED,
    path: '/bench/included',
    note: "the bare page with `/t/{slug}/widget.html` included by the bench server as it answers the page (a site builder's server-side include: the fragment is fetched from the app for every page), and the pinned script",
  },
  {
    name: VENUE_SCRIPT,
    path: '/bench/venue-script',
    note: 'the bare page with the per-venue one-line snippet: `<script type="module" src="/t/{slug}/venue-events.js">` (the first page inside) and the element',
  },
  {
    name: SNIPPET_GERMAN,
    path: '/bench/snippet-de',
    note: '(d) with `locale="de"` and the list’s preload as the embed builder writes it for German (`&locale=de`): the first cards wait for the languages’ table (`i18n/more.ts`) and then the German chunk, beside the list request',
  },
  {
    name: SNIPPET_GERMAN_PRELOADED,
    path: '/bench/snippet-de-preloaded',
    note: '(i) with the two `<link rel="modulepreload">` the embed builder adds for a language: the table and the German chunk load beside the script',
  },
  {
    name: VENUES_ONE_LINE,
    path: '/bench/venues-one-line',
    note: '(e)\'s bare page listing three venues (`venue="blue-room second-room third-room"`): one merged list request, each card naming its venue',
  },
];

/**
 * (b)'s renderer as a module script padded to `size` bytes once brotli-compressed (random base64
 * in a comment), so it costs the network what the widget's entry costs.
 */
function floorScript(size: number): string {
  const render = PLAIN_PAGE.slice(
    PLAIN_PAGE.indexOf('<script>') + '<script>'.length,
    PLAIN_PAGE.indexOf('</script>'),
  ).replace("document.getElementById('list')", "document.querySelector('venue-events')");
  let script = render;
  let padding = 0;
  for (let i = 0; i < 20 && Math.abs(brotliCompressSync(script).length - size) > 64; i++) {
    padding += Math.round((size - brotliCompressSync(script).length) / 0.76);
    script = `${render}\n/*${randomBytes(Math.max(0, Math.round(padding * 0.75))).toString('base64')}*/\n`;
  }
  return script;
}

interface Asset {
  type: string;
  body: string;
  headers?: Record<string, string>;
}

/**
 * The bench server: its own pages at `/bench/*` and patched widget scripts, every other request
 * passed through to the app as it is (method, path, headers, status, body).
 */
async function startBenchServer(app: string): Promise<{ url: string; close: () => void }> {
  const manifest = JSON.parse(readFileSync('dist/widget/manifest.json', 'utf8')) as {
    path: string;
    integrity: string;
    languages?: Record<string, { path: string; integrity: string }>;
  };
  // (j)'s preloads, as the embed builder writes them for a German snippet.
  const germanPreloads = ['more', 'de']
    .map((key) => manifest.languages?.[key])
    .map(
      (c) =>
        `<link rel="modulepreload" href="${c?.path}" integrity="${c?.integrity}" crossorigin="anonymous">`,
    )
    .join('');
  const dir = manifest.path.slice(0, manifest.path.lastIndexOf('/') + 1); // /widget/v0.1.0/
  const widgetBrotli = readFileSync('dist/widget/venue-events.js.br').length;
  const demoRes = await fetch(`${app}/`);
  const demo = await demoRes.text();
  const csp = demoRes.headers.get('content-security-policy') ?? '';
  const tag = /<script type="module" src="[^"]+"[^>]*><\/script>/.exec(demo)?.[0];
  if (!tag) throw new Error('no widget <script> on the demo page: update the bench');
  const script = (file: string) =>
    `<script type="module" src="${dir}${file}" crossorigin="anonymous"></script>`;
  const html = (body: string): Asset => ({
    type: 'text/html; charset=utf-8',
    body,
    headers: { 'Content-Security-Policy': csp, 'Cache-Control': 'no-cache' },
  });
  const js = (body: string): Asset => ({
    type: 'text/javascript; charset=utf-8',
    body,
    headers: {
      'Cache-Control': 'public, max-age=31536000, immutable',
      'Access-Control-Allow-Origin': '*',
    },
  });
  const hint = /<link rel="preload" as="fetch"[^>]*>\n?/;
  if (!hint.test(demo)) throw new Error('no list preload on the demo page: update the bench');
  const floorPage = demo.replace(tag, script('bench-floor.js'));
  const hintTag = hint.exec(demo)![0];
  // A German snippet's preload as the embed builder writes it: the first page as the German widget
  // asks it (`locale=de`, docs/api.md §10.24), so the preload is the request it makes.
  const germanHint = hintTag.replace('page=1"', 'page=1&amp;locale=de"');
  if (germanHint === hintTag) throw new Error('no page=1 in the list preload: update the bench');
  // (b)'s page with the snippet in place of its list and inline script.
  const bare = (head: string, venue = DEMO_SLUG, attrs = '') =>
    PLAIN_PAGE.replace('</head>', `${head}</head>`)
      .replace(
        /<main id="list">[^<]*<\/main>/,
        `<venue-events venue="${venue}"${attrs}></venue-events>`,
      )
      .replace(/<script>[\s\S]*<\/script>/, '');
  const assets: Record<string, Asset> = {
    '/bench/plain': {
      type: 'text/html; charset=utf-8',
      body: PLAIN_PAGE,
      headers: { 'Cache-Control': 'no-cache' },
    },
    '/bench/one-line': html(demo.replace(hint, '')),
    '/bench/floor': html(floorPage),
    '/bench/floor-one-line': html(floorPage.replace(hint, '')),
    '/bench/snippet': html(bare(hintTag + tag)),
    '/bench/snippet-de': html(bare(germanHint + tag, DEMO_SLUG, ' locale="de"')),
    '/bench/snippet-de-preloaded': html(
      bare(germanHint + germanPreloads + tag, DEMO_SLUG, ' locale="de"'),
    ),
    '/bench/floor-snippet': html(bare(hintTag + script('bench-floor.js'))),
    '/bench/snippet-one-line': html(bare(tag)),
    '/bench/venues-one-line': html(bare(tag, THREE_VENUES.join(' '))),
    '/bench/floor-snippet-one-line': html(bare(script('bench-floor.js'))),
    '/bench/venue-script': html(
      bare(`<script type="module" src="/t/${DEMO_SLUG}/venue-events.js"></script>`),
    ),
    [`${dir}bench-floor.js`]: js(floorScript(FLOOR_BYTES ?? widgetBrotli)),
  };
  const compressed = new Map<string, { br: Buffer; gzip: Buffer }>();
  for (const [path, a] of Object.entries(assets)) {
    compressed.set(path, { br: brotliCompressSync(a.body), gzip: gzipSync(a.body, { level: 9 }) });
  }
  const agent = new Agent({ keepAlive: true });
  const target = new URL(app);
  /** (f): the bare page with the fragment the app draws, fetched as the page is asked for. */
  // Without the demo's CSP: the declarative root's <style> is inline (docs/widget.md).
  const included = async (req: IncomingMessage, res: ServerResponse) => {
    const fragment = await (await fetch(`${app}/t/${DEMO_SLUG}/widget.html`)).text();
    const page = bare(tag).replace(`<venue-events venue="${DEMO_SLUG}"></venue-events>`, fragment);
    const br = /\bbr\b/.test(String(req.headers['accept-encoding'] ?? ''));
    const body = br ? brotliCompressSync(page) : Buffer.from(page);
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Length': body.length,
      'Cache-Control': 'no-cache',
      Vary: 'Accept-Encoding',
      ...(br ? { 'Content-Encoding': 'br' } : {}),
    });
    res.end(body);
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url!, 'http://x').pathname;
    if (path === '/bench/included') {
      included(req, res).catch((e: Error) => res.destroy(e));
      return;
    }
    const asset = assets[path];
    if (asset) {
      const accept = String(req.headers['accept-encoding'] ?? '');
      const enc = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : undefined;
      const body = enc ? compressed.get(path)![enc] : Buffer.from(asset.body);
      res.writeHead(200, {
        'Content-Type': asset.type,
        'Content-Length': body.length,
        Vary: 'Accept-Encoding',
        ...(enc ? { 'Content-Encoding': enc } : {}),
        ...asset.headers,
      });
      res.end(body);
      return;
    }
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
        agent,
      },
      (up) => {
        res.writeHead(up.statusCode!, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', (e) => res.destroy(e));
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      server.close();
      agent.destroy();
    },
  };
}

// ---------------------------------------------------------------------------------------------

interface Row {
  name: string;
  url: string;
  loads: Load[];
}

const kb = (b: number) => (b / 1000).toFixed(1);

function summary(row: Row) {
  const cards = row.loads.map((l) => l.card);
  const med = median(cards);
  const before = row.loads.map(beforeCard);
  // The load whose time is closest to the median: its waterfall is the one printed.
  const typical = row.loads.reduce((best, l) =>
    Math.abs(l.card - med) < Math.abs(best.card - med) ? l : best,
  );
  return {
    med,
    min: Math.min(...cards),
    max: Math.max(...cards),
    requests: median(before.map((b) => b.requests.length)),
    bytes: median(before.map((b) => b.bytes)),
    listRequests: median(
      row.loads.map((l) => l.requests.filter((r) => r.url.includes('/api/events')).length),
    ),
    typical,
  };
}

function printWaterfall(row: Row, load: Load, origin: string): void {
  console.log(
    `\n  ${row.name} — the load nearest the median (first card at ${load.card.toFixed(0)} ms):`,
  );
  console.log(
    '  | request | start ms | headers ms | done ms | bytes |\n  |---|---:|---:|---:|---:|',
  );
  for (const r of load.requests) {
    if (r.url.startsWith('data:')) continue;
    const f = (t: number | undefined) => (t === undefined ? '–' : t.toFixed(0));
    const where = r.url.startsWith(origin) ? r.url.slice(origin.length) : r.url;
    const after = r.start > load.card ? ' (after the card)' : '';
    console.log(
      `  | ${where}${after} | ${f(r.start)} | ${f(r.response)} | ${f(r.end)} | ${r.bytes} |`,
    );
  }
}

/**
 * What drawing `/t/{slug}/widget.html` costs the server (issue 27): the drawing itself in this
 * process (`drawnElement` over the list's text: a memo miss), and a memoised answer over HTTP
 * beside the list's own, sequential requests on loopback with brotli as a browser asks: the
 * client's time per request (which includes reading the fragment's larger body) and the
 * server's whole-process CPU per request (issue 31's measure: within 1.2× of the list's).
 */
async function renderCost(app: string, pid: number): Promise<void> {
  const N = 2000;
  const listText = await (await fetch(`${app}${LIST}?page=1`)).text();
  const el = { venue: DEMO_SLUG, base: app, page: 1, level: 2 as const } as const;
  const drawn = {
    ...el,
    noFilters: false,
    noShare: false,
    compact: false,
    listOnly: false,
  };
  const source = { listText, nowMs: Date.now(), plainText };
  drawnElement(drawn, source); // warm-up
  let t = performance.now();
  for (let i = 0; i < 300; i++) drawnElement(drawn, source);
  const draw = (performance.now() - t) / 300;
  const perRequest = async (path: string) => {
    const ask = () =>
      fetch(`${app}${path}`, { headers: { 'Accept-Encoding': 'br' } }).then((r) => r.arrayBuffer());
    for (let i = 0; i < 200; i++) await ask();
    const cpu = cpuMs(pid)!.total;
    t = performance.now();
    for (let i = 0; i < N; i++) await ask();
    return { ms: (performance.now() - t) / N, cpuMs: (cpuMs(pid)!.total - cpu) / N };
  };
  const list = await perRequest(`${LIST}?page=1`);
  const fragment = await perRequest(`/t/${DEMO_SLUG}/widget.html`);
  console.log(
    `\nwidget.html on the server: drawing it (memo miss, in process) ${draw.toFixed(2)} ms; a memoised answer ${fragment.ms.toFixed(2)} ms per request (client) against the list's ${list.ms.toFixed(2)} ms (${(fragment.ms / list.ms).toFixed(2)}×); server CPU (whole process) ${fragment.cpuMs.toFixed(3)} ms against the list's ${list.cpuMs.toFixed(3)} ms (${(fragment.cpuMs / list.cpuMs).toFixed(2)}×, target ≤ 1.2×); mean of ${N}.`,
  );
}

/**
 * A venue file of the demo venue (dated at NOW) and two copies of it in New York and Auckland, for
 * (h); written to a temporary file, whose path is returned.
 */
function threeVenuesFile(): string {
  const [demo] = (demoVenueFile(new Date(NOW)) as { venues: DemoVenue[] }).venues;
  if (process.env.BENCH_WITHOUT_FACTS) demo!.events = demo!.events.map(withoutFacts);
  const copy = (slug: string, timezone: string, offset: number): DemoVenue => ({
    ...demo!,
    slug,
    name: slug,
    timezone,
    events: demo!.events.map((e) => ({ ...e, id: e.id + offset })),
  });
  const file = join(mkdtempSync(join(tmpdir(), 'bench-widget-')), 'venues.json');
  const venues = [
    demo!,
    copy(THREE_VENUES[1]!, 'America/New_York', 100_000),
    copy(THREE_VENUES[2]!, 'Pacific/Auckland', 200_000),
  ];
  writeFileSync(file, JSON.stringify({ venues }));
  return file;
}

/** The demo venue as its file gives it (the members (h) changes). */
type DemoVenue = { slug: string; name: string; timezone: string; events: DemoEvent[] };
type DemoEvent = { id: number; occurrences?: Record<string, unknown>[] } & Record<string, unknown>;

/**
 * `BENCH_WITHOUT_FACTS=1`: the demo's events without docs/api.md §10.18's facts (price,
 * performers, end time, few tickets left), so the script of a release before them and one after
 * can be timed drawing the same cards.
 */
function withoutFacts(event: DemoEvent): DemoEvent {
  const {
    end_time: _end,
    price: _price,
    performers: _who,
    few_tickets_left: _few,
    ...rest
  } = event;
  const occurrences = rest.occurrences?.map(({ end_time: _end, ...stop }) => stop);
  return occurrences ? { ...rest, occurrences } : rest;
}

async function main(): Promise<void> {
  const app = await startApp('widget-main', ['--data', threeVenuesFile()]);
  // `BENCH_SERVER_ONLY=1`: the server's cost of widget.html alone (no browser).
  if (process.env.BENCH_SERVER_ONLY) {
    await renderCost(app.url, app.child.pid!).finally(() => app.child.kill());
    return;
  }
  BUILD_AT_START = readFileSync('dist/widget/manifest.json', 'utf8');
  const bench = await startBenchServer(app.url);
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS });
  try {
    console.log(
      `app ${app.url}, bench pages ${bench.url}, Chromium ${browser.version()}, ${LOADS} cold loads per page`,
    );
    const pages: { name: string; url: string }[] = [
      { name: '(a) demo page', url: `${app.url}/` },
      { name: '(b) plain fetch + innerHTML', url: `${bench.url}/bench/plain` },
      { name: 'demo via bench server (control)', url: `${bench.url}/` },
      ...VARIANTS.map((v) => ({ name: v.name, url: `${bench.url}${v.path}` })),
    ].filter((p, i) => i < 2 || !ONLY || ONLY.test(p.name));
    const results: Record<string, Row[]> = {};
    for (const [network, throttle] of [
      ['loopback', false],
      ['Fast 3G (150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up)', true],
    ] as const) {
      const rows: Row[] = pages.map((p) => ({ ...p, loads: [] }));
      for (const row of rows) await load(browser, row.url, throttle); // warm-up, not counted
      // Round-robin, so any drift of the machine spreads over every page alike.
      for (let i = 0; i < LOADS; i++) {
        for (const row of rows) row.loads.push(await load(browser, row.url, throttle));
      }
      results[network] = rows;
    }

    for (const [network, rows] of Object.entries(results)) {
      const plain = summary(rows[1]!).med;
      const demo = summary(rows[0]!).med;
      console.log(
        `\n${network}: navigation start → first event card, median of ${LOADS} cold loads`,
      );
      console.log(
        '| page | median ms | min–max ms | requests before card | KB before card | list requests | × plain | × demo |',
      );
      console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
      for (const row of rows) {
        const s = summary(row);
        console.log(
          `| ${row.name} | ${s.med.toFixed(0)} | ${s.min.toFixed(0)}–${s.max.toFixed(0)} | ${s.requests} | ${kb(s.bytes)} | ${s.listRequests} | ${(s.med / plain).toFixed(2)} | ${(s.med / demo).toFixed(2)} |`,
        );
      }
      const row = (name: string) => rows.find((r) => r.name === name);
      const med = (name: string) => (row(name) ? summary(row(name)!).med : NaN);
      for (const [what, ratio, target] of [
        ['demo (README snippet)', demo / plain, TARGETS.demo],
        ['one-line snippet', med(ONE_LINE) / plain, TARGETS.oneLine],
        ['README snippet alone', med(SNIPPET) / plain, TARGETS.demo],
        ['one-line snippet alone', med(SNIPPET_ONE_LINE) / plain, TARGETS.oneLine],
        ['widget.html included', med(INCLUDED) / plain, TARGETS.included],
        ['per-venue one-line snippet', med(VENUE_SCRIPT) / plain, TARGETS.venueScript],
      ] as const) {
        if (Number.isNaN(ratio)) continue;
        console.log(
          `${what} / plain = ${ratio.toFixed(2)}× (target ≤ ${target}×) ${ratio <= target ? '✓' : '✗'}`,
        );
      }
      const venues = med(VENUES_ONE_LINE) / med(SNIPPET_ONE_LINE);
      if (!Number.isNaN(venues)) {
        console.log(`three venues / one venue, one-line alone = ${venues.toFixed(2)}× (measured)`);
      }
    }

    const [loopback, fast3g] = Object.values(results) as [Row[], Row[]];
    console.log(
      '\nRequest waterfalls on loopback (ms from navigation start; bytes = encodedDataLength):',
    );
    for (const row of loopback.slice(0, 2))
      printWaterfall(row, summary(row).typical, row.url.startsWith(app.url) ? app.url : bench.url);
    console.log('\nRequest waterfalls on Fast 3G:');
    for (const row of fast3g) {
      const origin = row.url.startsWith(app.url) ? app.url : bench.url;
      printWaterfall(row, summary(row).typical, origin);
    }
    await renderCost(app.url, app.child.pid!);
    if (ONLY) return;
    console.log("\nChoosing a category (Jazz) in the demo page's filter bar → filtered cards:");
    for (const [network, throttle] of [
      ['loopback', false],
      ['Fast 3G', true],
    ] as const) {
      const runs = [];
      for (let i = 0; i < LOADS; i++)
        runs.push(await categoryToCards(browser, `${app.url}/`, throttle, 'Jazz'));
      const times = runs.map((r) => r.ms);
      console.log(
        `- ${network}: median ${median(times).toFixed(0)} ms (${Math.min(...times).toFixed(0)}–${Math.max(...times).toFixed(0)}), list requests per choice: ${median(runs.map((r) => r.requests))}`,
      );
    }
    console.log('\nExperiments:');
    for (const v of VARIANTS) console.log(`- ${v.name}: ${v.note}`);
  } finally {
    await browser.close();
    bench.close();
    app.child.kill();
  }
}

await main();
