/** Real servers on 127.0.0.1:0 for the proxy tests: the proxy, and a fault server as upstream. */
import { createServer, type IncomingMessage } from 'node:http';
import { expect } from 'vitest';
import type { ListResponse } from '../../shared/contract.js';
import { connect } from 'node:net';
import { createProxyApp, type ProxyOptions } from '../../server/proxy/app.js';
import { NOW, SEVERAL_VENUES, VENUE_ZONES } from '../fixtures/several-venues.js';
import { startPassThrough, type Forwarding } from '../support/forwarder.js';
import { listen, type Running } from '../support/listen.js';
import { expectListResponse } from '../support/contract.js';
import { memoLookups } from '../support/one-set.js';
import { startServer, type TestServer } from '../support/server.js';

export type { Running } from '../support/listen.js';

export async function startProxy(options: ProxyOptions & { now?: () => number }): Promise<Running> {
  const app = createProxyApp({ logger: false, ...options });
  return listen(createServer(app));
}

/** One request as the upstream saw it. */
export interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  /** Request body bytes received so far. */
  bodyBytes: number;
}

export const listBody = (base: string, extra: Record<string, unknown> = {}) => ({
  data: [
    {
      type: 'events',
      id: '1',
      attributes: {
        title: 'Gig',
        ticket_office: {
          status: 'open',
          reason: null,
          closes_at: null,
          closed_at: null,
          message: null,
        },
      },
      links: { self: `${base}/t/v/api/events/1` },
    },
  ],
  links: {
    first: `${base}/t/v/api/events?page=1`,
    last: `${base}/t/v/api/events?page=1`,
    prev: null,
    next: null,
  },
  meta: { current_page: 1, path: `${base}/t/v/api/events`, links: [] },
  ...extra,
});

/** `{"data":[[[…]]]}`: valid JSON nested `depth` arrays deep. */
export const deepJson = (depth: number) => `{"data":${'['.repeat(depth)}${']'.repeat(depth)}}`;

/**
 * A small upstream whose behaviour is chosen by the venue slug: `ok`, `slow`, `reset`, `html500`,
 * `badjson`, `oversize`, `flap` (alternates 200 and 500), `gone` (404), `cookie` (sets a cookie),
 * `etag` (answers If-None-Match with 304), `trusting` (builds its links from `X-Forwarded-Host`
 * and `X-Forwarded-Proto`, as a platform behind a trusted proxy does), `deep` (JSON nested 300,000
 * deep), `deepflap` (a good answer, then always the deep one), `dropreused` (drops every request
 * on a connection it has answered before). Every request is logged in `seen`.
 */
export async function startFaultServer(options: { delayMs?: number } = {}) {
  const seen: Seen[] = [];
  let flap = 0;
  let deepflap = 0;
  const usedSockets = new WeakSet<object>();
  let base = '';
  const server = createServer((req, res) => {
    const request: Seen = {
      method: req.method!,
      url: req.url!,
      headers: req.headers,
      bodyBytes: 0,
    };
    seen.push(request);
    req.on('data', (chunk: Buffer) => (request.bodyBytes += chunk.length));
    const slug = /^\/t\/([^/]+)\//.exec(req.url!)?.[1] ?? '';
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, {
        'Content-Type': 'application/json',
        'Cache-Control': 'public, max-age=30',
        ...headers,
      });
      res.end(JSON.stringify(body));
    };
    const go = () => {
      switch (slug) {
        case 'slow':
          return setTimeout(() => json(200, listBody(base)), 2000);
        case 'reset':
          res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '5000' });
          res.write('{"data":[');
          return setTimeout(() => res.socket?.destroy(), 20);
        case 'html500':
          res.writeHead(500, { 'Content-Type': 'text/html' });
          return res.end('<html><body>Internal error</body></html>');
        case 'badjson':
          res.writeHead(200, { 'Content-Type': 'application/json' });
          return res.end('{"data": [oops');
        case 'oversize':
          return json(200, listBody(base, { padding: 'x'.repeat(50_000) }));
        case 'flap':
          return flap++ % 2 === 0
            ? json(200, listBody(base))
            : json(500, { errors: [{ status: '500' }] });
        case 'gone':
          return json(404, {
            errors: [{ status: '404', title: 'Not Found', detail: 'Upstream: no such venue.' }],
          });
        case 'cookie':
          return json(200, listBody(base), { 'Set-Cookie': 'session=secret; HttpOnly' });
        case 'etag':
          if (req.headers['if-none-match'] === '"v1"') {
            res.writeHead(304, { ETag: '"v1"', 'Cache-Control': 'public, max-age=30' });
            return res.end();
          }
          return json(200, listBody(base), { ETag: '"v1"' });
        case 'trusting': {
          const host = req.headers['x-forwarded-host'];
          const proto = req.headers['x-forwarded-proto'];
          const self = host ? `${proto ?? 'http'}://${host}` : base;
          return json(200, listBody(self));
        }
        case 'dropreused':
          // As a server closing an idle kept-alive connection just as a request arrives on it.
          if (usedSockets.has(req.socket)) return req.socket.destroy();
          usedSockets.add(req.socket);
          return json(200, listBody(base));
        case 'deepflap':
        case 'deep':
          if (slug === 'deepflap' && deepflap++ === 0) return json(200, listBody(base));
          res.writeHead(200, { 'Content-Type': 'application/json' });
          return res.end(deepJson(300_000));
        default:
          return json(200, listBody(base));
      }
    };
    if (options.delayMs) setTimeout(go, options.delayMs);
    else go();
  });
  const running = await listen(server);
  base = running.url;
  return { ...running, seen };
}

/** The status line, headers and body of one raw HTTP exchange. */
export interface RawResponse {
  status: number;
  head: string;
  body: string;
}

/**
 * Writes `request` (a whole HTTP/1.x message, as given: no client normalises it) to the server at
 * `url` and resolves with what came back; `status` is 0 when the connection closed without an answer.
 */
export function rawRequest(url: string, request: string): Promise<RawResponse> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(request));
    let data = '';
    socket.on('data', (d) => (data += d));
    socket.on('end', () => {
      const at = data.indexOf('\r\n\r\n');
      resolve({
        status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(data)?.[1] ?? 0),
        head: at === -1 ? data : data.slice(0, at),
        body: at === -1 ? '' : data.slice(at + 4),
      });
    });
    socket.on('error', reject);
  });
}

/** The servers of the several-venues tests (docs/api.md §10.16). */
export interface VenuesProxies {
  /** The origin with the three fixture venues, the proxies' platform. */
  origin: TestServer;
  /** A proxy knowing every venue's zone. */
  proxy: Running;
  /** A proxy without Night Owl's zone. */
  zoneless: Running;
  /** A proxy allowing Harbour Hall and Blue Cellar only. */
  allowing: Running;
  /** With `counted`: the platform's front `proxy` reads through, noting each upstream request. */
  platform?: Forwarding;
  close(): Promise<void>;
}

export interface VenuesProxiesOptions {
  /** Each proxy serves `/metrics` (the memo counter tells a memo hit from a rebuild). */
  metrics?: boolean;
  /** `proxy` reads the origin through a front that counts its requests (`platform`). */
  counted?: boolean;
}

/** Starts the origin of `SEVERAL_VENUES` at `NOW` and three proxies in front of it. */
export async function startVenuesProxies(
  options: VenuesProxiesOptions = {},
): Promise<VenuesProxies> {
  const origin = await startServer(SEVERAL_VENUES, NOW);
  const platform = options.counted ? await startPassThrough(origin.url) : undefined;
  const clock = () => new Date(NOW);
  const upstream = origin.url;
  const metrics = options.metrics ?? false;
  const proxy = await startProxy({
    upstream: platform?.url ?? upstream,
    clock,
    venueZones: VENUE_ZONES,
    metrics,
  });
  const { 'night-owl': _, ...twoZones } = VENUE_ZONES;
  const zoneless = await startProxy({ upstream, clock, venueZones: twoZones, metrics });
  const allowSlugs = ['harbour-hall', 'blue-cellar'];
  const allowing = await startProxy({
    upstream,
    clock,
    venueZones: VENUE_ZONES,
    allowSlugs,
    metrics,
  });
  return {
    origin,
    proxy,
    zoneless,
    allowing,
    ...(platform && { platform }),
    async close() {
      await Promise.all([proxy.close(), zoneless.close(), allowing.close(), platform?.close()]);
      await origin.close();
    },
  };
}

/** What tells the proxy's memo hit from a rebuild, from outside the memo. */
export interface MemoWitness {
  /** The proxy asked, started with `metrics`: its memo counter. */
  proxy: Running;
  /** The front of its platform: it is asked nothing for a memo hit. */
  platform?: Forwarding;
}

/**
 * Asks `url` twice, then once with the second answer's ETag: the second is the proxy's kept
 * answer (`X-Cache: HIT`) and the third a bodiless 304. With `memo`, both are the memo's own
 * hits (its counter's hits rise by two, its misses not at all: `X-Cache` alone reports the
 * upstream cache, which answers a rebuild too), and the platform is asked nothing for them.
 * Resolves with the second answer's body.
 */
export async function expectKeptAndRevalidated(url: string, memo?: MemoWitness): Promise<string> {
  await (await fetch(url)).text();
  const before = memo && (await memoLookups(memo.proxy.url));
  const asked = memo?.platform?.seen.length;
  const again = await fetch(url);
  const body = await again.text();
  expect(again.status).toBe(200);
  expect(again.headers.get('x-cache')).toBe('HIT');
  const revalidated = await fetch(url, {
    headers: { 'If-None-Match': again.headers.get('etag')! },
  });
  expect(revalidated.status).toBe(304);
  if (memo) {
    expect(await memoLookups(memo.proxy.url)).toEqual({
      hit: before!.hit + 2,
      miss: before!.miss,
    });
    if (memo.platform) expect(memo.platform.seen.slice(asked)).toEqual([]);
  }
  return body;
}

/**
 * An upstream on the loopback that passes `upstream`'s answers on (its links rewritten to its own
 * address) with `tampered[id]` written over the attributes of the events of those ids: a fault our
 * origin never sends, for the proxy to meet.
 */
export async function startTamperer(
  upstream: string,
  tampered: Readonly<Record<string, Record<string, unknown>>>,
): Promise<Running> {
  let base = '';
  const running = await listen(
    createServer((req, res) => {
      void fetch(`${upstream}${req.url}`).then(async (answer) => {
        const body = JSON.parse((await answer.text()).replaceAll(upstream, base)) as {
          data: { id: string; attributes: Record<string, unknown> }[];
        };
        for (const event of [body.data].flat()) Object.assign(event.attributes, tampered[event.id]);
        res.writeHead(answer.status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(body));
      });
    }),
  );
  base = running.url;
  return running;
}

/** The events of list `{base}{path}?{query}`, after checking it answered 200 with a list document. */
export async function listedEvents(
  base: string,
  path: string,
  query: string,
): Promise<ListResponse['data']> {
  const res = await fetch(`${base}${path}?${query}`);
  const body = (await res.json()) as ListResponse;
  expect(res.status).toBe(200);
  expectListResponse(body);
  return body.data;
}
