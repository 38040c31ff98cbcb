/**
 * Operations: the server behind a TLS-terminating proxy, Prometheus metrics, graceful
 * shutdown, and every CLI option mirrored by an environment variable.
 */
import { DEFAULT_SOURCE_LIMITS } from '../../server/sources/source-event.js';
import { connect } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseServerOptions, UsageError } from '../../server/cli-options.js';
import { demoVenueFile } from '../../server/demo/venue.js';
import { startMain } from '../support/main-process.js';
import { startServer, type TestServer } from '../support/server.js';

const NOW = '2026-12-05T12:00:00Z';
const file = demoVenueFile(new Date(NOW));
const list = '/t/blue-room/api/events';
const forwarded = { 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'events.example' };
const selfLink = async (server: TestServer, headers: Record<string, string>) =>
  (await (await fetch(server.url + list, { headers })).json()).data[0].links.self as string;

describe('behind a proxy (--trust-proxy)', () => {
  let trusting: TestServer;
  let plain: TestServer;
  let configured: TestServer;
  beforeAll(async () => {
    trusting = await startServer(file, NOW, { trustProxy: ['loopback'] });
    plain = await startServer(file, NOW);
    configured = await startServer(file, NOW, {
      trustProxy: true,
      baseUrl: 'https://api.venue.example/',
    });
  });
  afterAll(() => Promise.all([trusting, plain, configured].map((s) => s.close())));

  it('a trusted proxy’s X-Forwarded-Proto/Host give https links', async () => {
    expect(await selfLink(trusting, forwarded)).toMatch(
      /^https:\/\/events\.example\/t\/blue-room\//,
    );
  });

  it('untrusted, they are ignored', async () => {
    expect(await selfLink(plain, forwarded)).toMatch(new RegExp(`^${plain.url}/t/blue-room/`));
  });

  it('with --base-url, links never depend on request headers', async () => {
    expect(await selfLink(configured, forwarded)).toMatch(/^https:\/\/api\.venue\.example\/t\//);
    expect(await selfLink(configured, {})).toMatch(/^https:\/\/api\.venue\.example\/t\//);
  });
});

describe('--metrics', () => {
  it('is off by default', async () => {
    const server = await startServer(file, NOW);
    try {
      expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it('counts requests by route and status, latency, and memo hits', async () => {
    const server = await startServer(file, NOW, { metrics: true });
    try {
      for (const path of [list, list, '/t/nowhere/api/events']) {
        await (await fetch(server.url + path)).text();
      }
      // A request is counted when its response has finished, which can be a moment after the
      // client has read it: poll.
      const metrics = async () => {
        const res = await fetch(`${server.url}/metrics`);
        expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
        return res.text();
      };
      await expect
        .poll(metrics)
        .toMatch(
          /venue_events_http_requests_total\{method="GET",route="\/t\/:slug\/api\/events",status="200"\} 2/,
        );
      await expect.poll(metrics).toMatch(/venue_events_http_requests_total\{[^}]*status="404"\} 1/);
      const text = await metrics();
      expect(text).toMatch(
        // The unknown venue's 404 is timed under the route it matched, beside the two 200s.
        /venue_events_http_request_duration_seconds_bucket\{le="\+Inf",route="\/t\/:slug\/api\/events"\} 3/,
      );
      expect(text).toMatch(/venue_events_response_memo_total\{result="hit"\} 1/);
      // The unknown venue is a miss too: the memo is asked before the venue is read.
      expect(text).toMatch(/venue_events_response_memo_total\{result="miss"\} 2/);
    } finally {
      await server.close();
    }
  });
});

describe('the access log', () => {
  it('one line per request, in the fields docs/server.md lists; an error carries err', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const server = await startServer(file, NOW, { logger });
    try {
      await (await fetch(`${server.url}${list}?page=1`, { headers: { 'X-Test': 'a' } })).text();
      await (await fetch(`${server.url}${list}/999999`)).text();
      await (await fetch(`${server.url}${list}`, { method: 'POST' })).text();
      // Each line is written when its response has finished, which the client may see first:
      // wait for the third line, not for a pause.
      await vi.waitFor(() => expect(lines).toHaveLength(3));
      const [ok, missing, post] = lines.map((l) => JSON.parse(l));
      expect(Object.keys(ok)).toEqual([
        ...['level', 'time', 'pid', 'hostname', 'reqId', 'req', 'res', 'responseTime', 'msg'],
      ]);
      expect(ok).toMatchObject({
        level: 30,
        msg: 'request completed',
        req: {
          id: ok.reqId,
          method: 'GET',
          url: `${list}?page=1`,
          query: { page: '1' },
          params: {},
          headers: { 'x-test': 'a' },
          remoteAddress: '127.0.0.1',
        },
        res: { statusCode: 200, headers: { 'content-type': 'application/json; charset=utf-8' } },
      });
      expect(Object.keys(ok.req)).toEqual([
        ...['id', 'method', 'url', 'query', 'params', 'headers', 'remoteAddress', 'remotePort'],
      ]);
      expect(ok.res.headers.etag).toMatch(/^"/);
      expect(typeof ok.responseTime).toBe('number');
      expect(missing).toMatchObject({ msg: 'request errored', res: { statusCode: 404 } });
      expect(missing.err).toMatchObject({ type: 'NotFoundError', status: 404 });
      expect(post).toMatchObject({ req: { method: 'POST' }, res: { statusCode: 405 } });
      expect(post.err.type).toBe('MethodNotAllowedError');
      expect(new Set([ok.reqId, missing.reqId, post.reqId]).size).toBe(3);
    } finally {
      await server.close();
    }
  });
});

describe('graceful shutdown', () => {
  it('SIGTERM lets in-flight requests finish, then exits 0', async () => {
    const main = startMain(['--db', ':memory:', '--port', '0', '--now', NOW]);
    const { url } = await main.ready;
    const { port } = new URL(url!);
    const exited = new Promise<number | null>((r) => main.child.on('exit', r));
    // Requests already on the wire, their headers not yet complete when the signal arrives.
    const inFlight = Array.from({ length: 5 }, () => {
      const socket = connect(Number(port), '127.0.0.1');
      let data = '';
      socket.on('data', (d) => (data += d));
      const done = new Promise<string>((resolve) => socket.on('close', () => resolve(data)));
      return { socket, done };
    });
    await Promise.all(inFlight.map((f) => new Promise((r) => f.socket.once('connect', r))));
    for (const f of inFlight) f.socket.write(`GET ${list} HTTP/1.1\r\nHost: 127.0.0.1\r\n`);
    await new Promise((r) => setTimeout(r, 100));
    main.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    for (const f of inFlight) f.socket.end('Connection: close\r\n\r\n');
    const answers = await Promise.all(inFlight.map((f) => f.done));
    for (const answer of answers) {
      expect(answer).toMatch(/^HTTP\/1\.1 200 OK/);
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)).data).toHaveLength(12);
    }
    expect(await exited).toBe(0);
    // Stopped: new connections are refused.
    await expect(fetch(url! + list)).rejects.toThrow();
  });
});

describe('CLI options (server/cli-options.ts)', () => {
  it('takes source limits by name, and names the known ones for an unknown one', () => {
    expect(parseServerOptions(['--source-limit', 'memory-mb=64'], {}).sourceLimits.memoryMb).toBe(
      64,
    );
    expect(() => parseServerOptions(['--source-limit', 'max-bytes=5'], {})).toThrow(
      /one of max-events, max-stops, .*timeout-ms, memory-mb, got "max-bytes=5"/,
    );
    expect(() => parseServerOptions(['--source-limit', 'timeout-ms=5'], {})).toThrow(
      '--source-limit timeout-ms must be an integer from 100 to 3600000, got "5"',
    );
  });

  it('every option has an environment variable', () => {
    const options = parseServerOptions([], {
      VENUE_EVENTS_DATA: 'venues.json',
      DATABASE_URL: 'postgres://u@db:5432/events',
      PORT: '9000',
      HOST: '0.0.0.0',
      VENUE_EVENTS_BASE_URL: 'https://events.example/',
      VENUE_EVENTS_TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
      VENUE_EVENTS_ALLOWED_HOSTS: 'events.example,events.example:8443',
      VENUE_EVENTS_CORS_ORIGINS: 'https://a.example, https://b.example',
      VENUE_EVENTS_NOW: '2026-12-05T12:00:00Z',
      VENUE_EVENTS_EARLIER_SHAPE: '1',
      VENUE_EVENTS_METRICS: 'true',
      VENUE_EVENTS_SHUTDOWN_TIMEOUT_MS: '2500',
      VENUE_EVENTS_UPSTREAM: 'https://platform.example',
      VENUE_EVENTS_PROXY_TIMEOUT_MS: '800',
      VENUE_EVENTS_STALE_MS: '1000',
      VENUE_EVENTS_NO_CACHE: 'yes',
      VENUE_EVENTS_ALLOW_SLUGS: 'blue-room,red-room',
      VENUE_EVENTS_VENUE_ZONES: 'blue-room=Europe/London,red-room=Pacific/Auckland',
      VENUE_EVENTS_MAX_FILTER_PAGES: '20',
      VENUE_EVENTS_KEEP_PAST_DAYS: '365',
      VENUE_EVENTS_ALLOW_SOURCE_HOSTS: 'calendar.lan, 10.0.0.5',
      VENUE_EVENTS_SOURCE_LIMITS: 'max-events=5000, timeout-ms=2000',
    });
    expect(options).toEqual({
      sourceLimits: { ...DEFAULT_SOURCE_LIMITS, maxEvents: 5000, timeoutMs: 2000 },
      help: false,
      data: 'venues.json',
      db: 'postgres://u@db:5432/events',
      port: 9000,
      host: '0.0.0.0',
      baseUrl: 'https://events.example',
      trustProxy: ['10.0.0.0/8', '127.0.0.1'],
      allowedHosts: ['events.example', 'events.example:8443'],
      corsOrigins: ['https://a.example', 'https://b.example'],
      now: Date.parse('2026-12-05T12:00:00Z'),
      earlierShape: true,
      metrics: true,
      shutdownTimeoutMs: 2500,
      upstream: 'https://platform.example',
      proxyTimeoutMs: 800,
      staleMs: 1000,
      cache: false,
      allowSlugs: ['blue-room', 'red-room'],
      venueZones: { 'blue-room': 'Europe/London', 'red-room': 'Pacific/Auckland' },
      maxFilterPages: 20,
      keepPastDays: 365,
      allowSourceHosts: ['calendar.lan', '10.0.0.5'],
      // A one-off command, as --help is: no environment variable.
      checkSources: false,
    });
  });

  it('flags win over the environment; defaults without either', () => {
    const options = parseServerOptions(['--db', 'x.db', '--trust-proxy', '1', '--metrics'], {
      VENUE_EVENTS_DB: 'y.db',
      VENUE_EVENTS_METRICS: '0',
    });
    expect(options).toMatchObject({ db: 'x.db', trustProxy: 1, metrics: true, port: 8080 });
    expect(parseServerOptions([], {})).toMatchObject({
      db: 'data/venue-events.db',
      trustProxy: false,
      metrics: false,
      shutdownTimeoutMs: 10000,
      cache: true,
      keepPastDays: 730,
    });
  });

  it.each([
    [['--port', '70000'], /--port must be an integer from 0 to 65535/],
    [['--allowed-host', 'a b'], /--allowed-host must be host or host:port/],
    [['--base-url', 'ftp://x'], /--base-url must be an http\(s\) URL/],
    [['--now', '2026-12-05T12:00:00'], /--now must be an ISO 8601 instant/],
    [['--bogus'], /Unknown option/],
    [['--venue-zone', 'blue-room=Mars/Base'], /--venue-zone must be slug=IANA\/Zone/],
    [['--allow-source-host', 'calendar.lan:8080'], /--allow-source-host must be a host name/],
    [['--keep-past-days', '40000'], /--keep-past-days must be an integer from 0 to 36500/],
  ])('%j → a usage error', (argv, message) => {
    expect(() => parseServerOptions(argv, {})).toThrow(UsageError);
    expect(() => parseServerOptions(argv, {})).toThrow(message);
  });

  it('a boolean environment value must be 1 or 0', () => {
    expect(() => parseServerOptions([], { VENUE_EVENTS_METRICS: 'maybe' })).toThrow(/1 or 0/);
  });
});
