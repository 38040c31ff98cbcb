/**
 * `npm run bench:fuzz`: random requests against the real origin (demo venue, real SQLite)
 * and against the proxy in front of it, counting what must never happen: a 5xx, a body that is not
 * JSON:API (or HTML for pages), a response that leaks a stack trace or an `undefined` link, a
 * contract-invalid 200, and — through the proxy — an upstream request outside the two API shapes.
 * Seeded (FUZZ_SEED) so a failure can be replayed; FUZZ_REQUESTS per target (default 30,000).
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { demoVenueFile } from '../server/demo/venue.js';
import { importVenueFile } from '../server/import/importer.js';
import { createApp } from '../server/origin/app.js';
import { createProxyApp } from '../server/proxy/app.js';
import { openStore } from '../server/store/open-store.js';
import { EVENT_ID, SLUG } from '../shared/patterns.js';
import {
  expectErrorResponse,
  expectListResponse,
  expectSingleResponse,
} from '../test/support/contract.js';

const COUNT = Number(process.env.FUZZ_REQUESTS ?? 30_000);
let seed = Number(process.env.FUZZ_SEED ?? 20261123);
/** mulberry32: a small seeded generator, so runs repeat. */
function random(): number {
  seed |= 0;
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

const SLUGS = [
  'blue-room',
  'blue-room',
  'blue-room',
  'blue-room',
  'nowhere',
  'BLUE-ROOM',
  'blue--room',
  '%ff',
  '..',
  'a'.repeat(300),
  '',
];
const IDS = ['101', '115', '0', '01', '-1', '1.5', '99999999999999999999', 'abc', '%00', '101/x'];
const PAGES = ['1', '2', '3', '0', '-1', 'abc', '2.5', '02', '9007199254740993', '1e3', '%ff'];
const TAILS = [
  () => `/api/events`,
  () => `/api/events?page=${pick(PAGES)}`,
  () => `/api/events?page=${pick(PAGES)}&page=${pick(PAGES)}`,
  () => `/api/events/${pick(IDS)}`,
  () => `/api/events/`,
  () => `/api/venues`,
  () => `/api`,
  () => `/events`,
  () => `/events?page=${pick(PAGES)}`,
  () => `/events/late-night-jazz`,
  () => `/events/late-night-jazz.ics`,
  () => `/events.ics`,
  () => `/events/${pick(['nope', '..%2f..', 'x'.repeat(200)])}`,
];
const METHODS = ['GET', 'GET', 'GET', 'GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH'];
const HOSTS = ['127.0.0.1', 'events.example', 'a b', 'evil.example/#', '[::1]:80', '', 'x:99999'];

function randomRequest(): { method: string; path: string; headers: Record<string, string> } {
  const path =
    random() < 0.9
      ? `/t/${pick(SLUGS)}${pick(TAILS)()}`
      : pick([
          '/',
          '/healthz',
          '/readyz',
          '/openapi.json',
          '/widget/nope.js',
          '//evil',
          '/%2e%2e/',
        ]);
  const headers: Record<string, string> = {};
  if (random() < 0.2) headers.host = pick(HOSTS);
  if (random() < 0.2) headers['if-none-match'] = pick(['*', '"x"', 'W/"y"', '']);
  if (random() < 0.2) headers['accept-encoding'] = pick(['br', 'gzip', 'identity', 'br;q=0', '*']);
  if (random() < 0.1) headers['x-forwarded-host'] = 'evil.example';
  if (random() < 0.1) headers.origin = 'https://venue.example';
  return { method: pick(METHODS), path, headers };
}

interface Answer {
  status: number;
  type: string;
  encoding: string | undefined;
  body: Buffer;
}

function send(port: number, r: ReturnType<typeof randomRequest>): Promise<Answer | undefined> {
  return new Promise((resolve) => {
    const req = request(
      { host: '127.0.0.1', port, method: r.method, path: r.path, headers: r.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            type: String(res.headers['content-type'] ?? ''),
            encoding: res.headers['content-encoding'] as string | undefined,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    // Node refuses some malformed requests before sending them (a bad Host value): not a finding.
    req.on('error', () => resolve(undefined));
    req.end();
  });
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as AddressInfo).port;
}

async function fuzz(name: string, port: number): Promise<Record<string, number>> {
  const counts: Record<string, number> = {
    requests: 0,
    answered: 0,
    '5xx': 0,
    'contract-checked 200s': 0,
    'contract violations': 0,
    leaks: 0,
  };
  const findings: string[] = [];
  for (let i = 0; i < COUNT; i++) {
    const r = randomRequest();
    counts.requests!++;
    const a = await send(port, r);
    if (!a) continue;
    counts.answered!++;
    const note = (what: string) => {
      counts[what]!++;
      if (findings.length < 10)
        findings.push(`${what}: ${r.method} ${r.path} ${JSON.stringify(r.headers)} → ${a.status}`);
    };
    if (a.status >= 500 && a.status !== 502 && a.status !== 503 && a.status !== 504) note('5xx');
    if (a.encoding || r.method === 'HEAD' || a.status === 304 || a.body.length === 0) continue;
    const text = a.body.toString();
    if (/\bat [\w.<>]+ \(|node:internal|undefined\/t\//.test(text)) note('leaks');
    if (!a.type.startsWith('application/json')) continue;
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      note('contract violations');
      continue;
    }
    try {
      if (a.status >= 400) expectErrorResponse(body);
      else if (/\/api\/events\/?(\?|$)/.test(r.path)) {
        expectListResponse(body);
        counts['contract-checked 200s']!++;
      } else if (/\/api\/events\/\d+$/.test(r.path)) {
        expectSingleResponse(body);
        counts['contract-checked 200s']!++;
      }
    } catch {
      note('contract violations');
    }
  }
  console.log(`\n${name}:`, counts);
  for (const f of findings) console.log(`  ${f}`);
  return counts;
}

async function main() {
  const now = new Date('2026-12-05T12:00:00Z');
  const store = await openStore(':memory:');
  await importVenueFile(store, demoVenueFile(now));
  const origin = createServer(createApp({ store, clock: () => now, logger: false }));
  const originPort = await listen(origin);

  // The proxy's upstream records every path it is asked for.
  const asked: string[] = [];
  const recorder = createServer((req, res) => {
    asked.push(req.url ?? '');
    const forward = request(
      {
        host: '127.0.0.1',
        port: originPort,
        path: req.url,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.end();
  });
  const recorderPort = await listen(recorder);
  const proxy = createServer(
    createProxyApp({
      upstream: `http://127.0.0.1:${recorderPort}`,
      clock: () => now,
      logger: false,
      venueZones: { 'blue-room': 'Europe/London' },
    }),
  );
  const proxyPort = await listen(proxy);

  const o = await fuzz('origin', originPort);
  const p = await fuzz('proxy', proxyPort);
  const allowed = new RegExp(`^/t/${SLUG}/api/events(?:\\?page=\\d+|/${EVENT_ID})$`);
  const outside = asked.filter((path) => !allowed.test(path));
  console.log(
    `\nproxy → upstream: ${asked.length} requests, ${outside.length} outside the two API shapes`,
  );
  for (const path of outside.slice(0, 10)) console.log(`  ${path}`);
  for (const server of [origin, recorder, proxy]) server.close();
  await store.close();
  const bad = ['5xx', 'contract violations', 'leaks'].reduce((n, k) => n + o[k]! + p[k]!, 0);
  process.exit(bad + outside.length === 0 ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
