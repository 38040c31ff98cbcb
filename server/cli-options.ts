/**
 * Command-line options of `npm start` (node's `util.parseArgs`), each mirrored by an environment
 * variable (the flag wins). Pure: takes argv and env, returns options or throws `UsageError`.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { IANAZone } from 'luxon';
import { SLUG, whole } from '../shared/contract.js';
import { withoutTrailingSlash } from '../shared/url.js';
import { DEMO_SLUG } from './demo/venue.js';
import { KEEP_PAST_DAYS } from './store/listing.js';
import { isValidHost } from './http/host.js';
import { DEFAULT_SOURCE_LIMITS, type SourceLimits } from './sources/source-event.js';
import {
  DEFAULT_MAX_FILTER_PAGES,
  DEFAULT_PROXY_TIMEOUT_MS,
  DEFAULT_STALE_MS,
} from './proxy/defaults.js';

import type { TrustProxy } from './http/host.js';
import { DAY_MS } from '../shared/rules/days.js';

export class UsageError extends Error {}

export interface ServerOptions {
  help: boolean;
  /** Venue file to import at start. */
  data: string | undefined;
  /** `postgres://…` URL, SQLite path or `:memory:`. */
  db: string;
  port: number;
  host: string;
  baseUrl: string | undefined;
  /** Frozen clock (UTC epoch ms), or undefined for the real clock. */
  now: number | undefined;
  corsOrigins: '*' | string[];
  /** Accepted `Host` values; undefined = any well-formed one. */
  allowedHosts: string[] | undefined;
  /** Which proxies' `X-Forwarded-Proto`/`-Host`/`-For` to believe; false = none. */
  trustProxy: TrustProxy;
  earlierShape: boolean;
  /** Serve Prometheus metrics at `/metrics`. */
  metrics: boolean;
  /** On SIGTERM/SIGINT, wait at most this long (ms) for in-flight requests. */
  shutdownTimeoutMs: number;
  /** Proxy mode: the upstream platform's base URL. */
  upstream: string | undefined;
  proxyTimeoutMs: number;
  staleMs: number;
  cache: boolean;
  allowSlugs: string[] | undefined;
  /** Proxy mode: IANA zone of each venue slug, for its pages and calendars. */
  venueZones: Record<string, string>;
  /**
   * Proxy mode: a venue file without events naming the venues the proxy fronts (their names,
   * zones, websites and addresses); read at start by `main.ts`. Refused without `upstream`.
   */
  venues: string | undefined;
  /** Proxy mode: most upstream list pages read to filter the list, count categories or feed a calendar. */
  maxFilterPages: number;
  /**
   * Origin mode: days after its last date a past event is still listed (`when=past`) and served
   * (docs/api.md §10.20).
   */
  keepPastDays: number;
  /**
   * Origin mode: source hosts (lowercase; IP literals too) that may resolve to loopback, private,
   * link-local or metadata addresses (docs/sources.md "Fetching safely").
   */
  allowSourceHosts: string[];
  /** Origin mode: sync every source once, print each one's state and exit (0 all good, 1 not). */
  checkSources: boolean;
  /** Origin mode: the bounds of each source's read (docs/api.md §10.21), defaults filled in. */
  sourceLimits: SourceLimits;
}

export const USAGE = `Usage: npm start -- [options]

Serves the Public Event Listing Interface from an SQLite or PostgreSQL store (origin mode), or
proxies an upstream platform (proxy mode, with --upstream), plus the widget and its demo page.
Every option can also be set by the environment variable on its right (lists comma-separated).

  --data FILE            import this venue file at start (all-or-nothing)     VENUE_EVENTS_DATA
  --db LOCATION          postgres://user@host:port/db, an SQLite file, or
                         :memory: (default data/venue-events.db)              VENUE_EVENTS_DB, DATABASE_URL
  --port N               port, 0 = any free port (default 8080)               PORT
  --host H               interface to listen on (default 127.0.0.1)           HOST
  --base-url URL         public base URL used in links (default: request's)   VENUE_EVENTS_BASE_URL
  --trust-proxy VALUE    believe X-Forwarded-* from: true, a hop count, or
                         addresses/subnets (default false)                    VENUE_EVENTS_TRUST_PROXY
  --allowed-host HOST    accept only this Host (host or host:port; repeatable) VENUE_EVENTS_ALLOWED_HOSTS
  --cors-origin ORIGIN   allow only this origin (repeatable; default *)       VENUE_EVENTS_CORS_ORIGINS
  --now ISO-INSTANT      freeze the clock, e.g. 2026-12-05T18:00:00Z          VENUE_EVENTS_NOW
  --earlier-shape        serve the earlier shape (no ticket_office)           VENUE_EVENTS_EARLIER_SHAPE=1
  --metrics              Prometheus metrics at /metrics                       VENUE_EVENTS_METRICS=1
  --shutdown-timeout-ms N  on SIGTERM, wait this long for requests (10000)    VENUE_EVENTS_SHUTDOWN_TIMEOUT_MS
  --upstream URL         proxy mode: forward to this platform                 VENUE_EVENTS_UPSTREAM
  --proxy-timeout-ms N   upstream timeout in ms (default ${DEFAULT_PROXY_TIMEOUT_MS})                VENUE_EVENTS_PROXY_TIMEOUT_MS
  --stale-ms N           serve a stale copy this young when upstream fails
                         (default ${DEFAULT_STALE_MS})                                     VENUE_EVENTS_STALE_MS
  --no-cache             proxy mode: do not cache upstream responses          VENUE_EVENTS_NO_CACHE=1
  --allow-slug SLUG      proxy mode: only these venue slugs (repeatable)      VENUE_EVENTS_ALLOW_SLUGS
  --venue-zone SLUG=ZONE proxy mode: a venue's IANA zone, for its pages and
                         calendars (repeatable; default floating times)       VENUE_EVENTS_VENUE_ZONES
  --venues FILE          proxy mode: a venue file without events naming the
                         venues (name, timezone, url, address)                VENUE_EVENTS_VENUES
  --max-filter-pages N   proxy mode: most list pages read for filters,
                         categories and the calendar feed (default ${DEFAULT_MAX_FILTER_PAGES})     VENUE_EVENTS_MAX_FILTER_PAGES
  --keep-past-days N     past events stay listed and served for N days after
                         their last date (default ${KEEP_PAST_DAYS})                        VENUE_EVENTS_KEEP_PAST_DAYS
  --allow-source-host HOST  origin mode: a source host that may be private or
                         loopback (repeatable)                                VENUE_EVENTS_ALLOW_SOURCE_HOSTS
  --source-limit NAME=N  origin mode: a bound of each source's read (repeatable;
                         names in docs/api.md §10.21, e.g. max-events=5000,
                         timeout-ms=10000, memory-mb=40)                      VENUE_EVENTS_SOURCE_LIMITS
  --check-sources        fetch every venue's source once, print each state, exit
  --help                 show this help

With no --data and an empty database, a demo venue (${DEMO_SLUG}) dated relative to today is imported.`;

const int = (name: string, raw: string, min: number, max: number) => {
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    throw new UsageError(`--${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return value;
};

/** A boolean flag, or its environment variable as `1`/`true`/`yes` (or `0`/`false`/`no`). */
function flag(name: string, value: boolean | undefined, envValue: string | undefined): boolean {
  if (value !== undefined) return value;
  if (envValue === undefined || envValue === '') return false;
  if (/^(1|true|yes|on)$/i.test(envValue)) return true;
  if (/^(0|false|no|off)$/i.test(envValue)) return false;
  throw new UsageError(`the environment value for --${name} must be 1 or 0, got "${envValue}"`);
}

/** `--check-sources`: origin mode only (a proxy has no sources). */
function checkSources(value: boolean | undefined, upstream: string | undefined): boolean {
  if (value && upstream !== undefined) {
    throw new UsageError('--check-sources checks the venues of this server, not with --upstream');
  }
  return value ?? false;
}

/** `--allow-source-host` (or its variable): host names or addresses, lowercase, no port. */
function sourceHosts(values: string[] | undefined, envValue: string | undefined): string[] {
  const hosts = (list(values, envValue) ?? []).map((host) => host.toLowerCase());
  for (const host of hosts) {
    if (!isValidHost(host) || /:\d+$/.test(host)) {
      throw new UsageError(`--allow-source-host must be a host name or address, got "${host}"`);
    }
  }
  return hosts;
}

/** A repeatable option, or its environment variable as a comma-separated list. */
function list(values: string[] | undefined, envValue: string | undefined): string[] | undefined {
  return (
    values ??
    envValue
      ?.split(',')
      .map((v) => v.trim())
      .filter(Boolean)
  );
}

function trustProxy(raw: string | undefined): TrustProxy {
  if (raw === undefined || /^(false|0|no)$/i.test(raw)) return false;
  if (/^(true|yes)$/i.test(raw)) return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  return list(undefined, raw)!;
}

/** `slug=Area/City` pairs → a map, each zone checked against the IANA database (luxon). */
function venueZones(pairs: string[] | undefined): Record<string, string> {
  const zones: Record<string, string> = {};
  for (const pair of pairs ?? []) {
    const [slug, zone] = pair.split('=');
    if (!slug || !zone || !whole(SLUG).test(slug) || !IANAZone.isValidZone(zone)) {
      throw new UsageError(`--venue-zone must be slug=IANA/Zone, got "${pair}"`);
    }
    zones[slug] = zone;
  }
  return zones;
}

/** Each limit's smallest and largest value (ms, MB, counts, characters). */
const SOURCE_LIMIT_RANGES: Record<keyof SourceLimits, [number, number]> = {
  maxEvents: [1, 1_000_000],
  maxStops: [1, 10_000],
  maxExpansionSteps: [1, 100_000_000],
  maxSourceExpansionSteps: [1, 1_000_000_000],
  maxTitleLength: [1, 100_000],
  maxDescriptionLength: [1, 10_000_000],
  maxRows: [1, 10_000_000],
  maxProblems: [1, 10_000],
  timeoutMs: [100, 3_600_000],
  memoryMb: [16, 16_384],
};

/** `max-events=5000` pairs over the defaults; a name is a limit's in kebab case. */
function sourceLimits(pairs: string[] | undefined): SourceLimits {
  const limits = { ...DEFAULT_SOURCE_LIMITS };
  const names = Object.keys(SOURCE_LIMIT_RANGES) as (keyof SourceLimits)[];
  const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  for (const pair of pairs ?? []) {
    const [name = '', raw = ''] = pair.split('=');
    const key = names.find((n) => kebab(n) === name);
    if (key === undefined)
      throw new UsageError(
        `--source-limit must be NAME=N with NAME one of ${names.map(kebab).join(', ')}, got "${pair}"`,
      );
    limits[key] = int(`source-limit ${name}`, raw, ...SOURCE_LIMIT_RANGES[key]);
  }
  return limits;
}

/** `--venues FILE`, proxy mode only: the origin's venues are described by the files it imports. */
function venuesFile(file: string | undefined, upstream: string | undefined): string | undefined {
  if (file !== undefined && upstream === undefined) {
    throw new UsageError(
      '--venues names the venues a proxy fronts and needs --upstream; in origin mode the venue file given with --data or imported describes them',
    );
  }
  return file;
}

const url = (name: string, raw: string | undefined) => {
  if (raw === undefined) return undefined;
  try {
    const parsed = new URL(raw);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error();
    return withoutTrailingSlash(raw);
  } catch {
    throw new UsageError(`--${name} must be an http(s) URL, got "${raw}"`);
  }
};

/** @throws UsageError for unknown options or bad values. */
/** The flags `parseServerOptions` reads (node's `util.parseArgs` configuration). */
const OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  data: { type: 'string' },
  db: { type: 'string' },
  port: { type: 'string' },
  host: { type: 'string' },
  'base-url': { type: 'string' },
  'trust-proxy': { type: 'string' },
  now: { type: 'string' },
  'cors-origin': { type: 'string', multiple: true },
  'allowed-host': { type: 'string', multiple: true },
  'earlier-shape': { type: 'boolean' },
  metrics: { type: 'boolean' },
  'shutdown-timeout-ms': { type: 'string' },
  upstream: { type: 'string' },
  'proxy-timeout-ms': { type: 'string' },
  'stale-ms': { type: 'string' },
  'no-cache': { type: 'boolean' },
  'allow-slug': { type: 'string', multiple: true },
  'venue-zone': { type: 'string', multiple: true },
  venues: { type: 'string' },
  'max-filter-pages': { type: 'string' },
  'keep-past-days': { type: 'string' },
  'allow-source-host': { type: 'string', multiple: true },
  'check-sources': { type: 'boolean' },
  'source-limit': { type: 'string', multiple: true },
} as const satisfies ParseArgsConfig['options'];

export function parseServerOptions(argv: string[], env: NodeJS.ProcessEnv): ServerOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: OPTIONS,
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const nowRaw = values.now ?? env.VENUE_EVENTS_NOW;
  const now = nowRaw === undefined ? undefined : Date.parse(nowRaw);
  if (now !== undefined && (Number.isNaN(now) || !/(Z|[+-]\d\d:?\d\d)$/.test(nowRaw!))) {
    throw new UsageError(`--now must be an ISO 8601 instant with Z or an offset, got "${nowRaw}"`);
  }
  const origins = list(values['cors-origin'], env.VENUE_EVENTS_CORS_ORIGINS);
  const allowedHosts = list(values['allowed-host'], env.VENUE_EVENTS_ALLOWED_HOSTS);
  for (const host of allowedHosts ?? []) {
    if (!isValidHost(host)) {
      throw new UsageError(`--allowed-host must be host or host:port, got "${host}"`);
    }
  }
  const upstream = url('upstream', values.upstream ?? env.VENUE_EVENTS_UPSTREAM);
  return {
    allowSourceHosts: sourceHosts(values['allow-source-host'], env.VENUE_EVENTS_ALLOW_SOURCE_HOSTS),
    checkSources: checkSources(values['check-sources'], upstream),
    sourceLimits: sourceLimits(list(values['source-limit'], env.VENUE_EVENTS_SOURCE_LIMITS)),
    help: values.help ?? false,
    data: values.data ?? env.VENUE_EVENTS_DATA,
    db: values.db ?? env.VENUE_EVENTS_DB ?? env.DATABASE_URL ?? 'data/venue-events.db',
    port: int('port', values.port ?? env.PORT ?? '8080', 0, 65535),
    host: values.host ?? env.HOST ?? '127.0.0.1',
    baseUrl: url('base-url', values['base-url'] ?? env.VENUE_EVENTS_BASE_URL),
    now,
    corsOrigins: origins === undefined || origins.includes('*') ? '*' : origins,
    allowedHosts,
    trustProxy: trustProxy(values['trust-proxy'] ?? env.VENUE_EVENTS_TRUST_PROXY),
    earlierShape: flag('earlier-shape', values['earlier-shape'], env.VENUE_EVENTS_EARLIER_SHAPE),
    metrics: flag('metrics', values.metrics, env.VENUE_EVENTS_METRICS),
    shutdownTimeoutMs: int(
      'shutdown-timeout-ms',
      values['shutdown-timeout-ms'] ?? env.VENUE_EVENTS_SHUTDOWN_TIMEOUT_MS ?? '10000',
      0,
      600_000,
    ),
    upstream,
    proxyTimeoutMs: int(
      'proxy-timeout-ms',
      values['proxy-timeout-ms'] ??
        env.VENUE_EVENTS_PROXY_TIMEOUT_MS ??
        String(DEFAULT_PROXY_TIMEOUT_MS),
      1,
      600_000,
    ),
    staleMs: int(
      'stale-ms',
      values['stale-ms'] ?? env.VENUE_EVENTS_STALE_MS ?? String(DEFAULT_STALE_MS),
      0,
      DAY_MS,
    ),
    cache: !flag('no-cache', values['no-cache'], env.VENUE_EVENTS_NO_CACHE),
    allowSlugs: list(values['allow-slug'], env.VENUE_EVENTS_ALLOW_SLUGS),
    venueZones: venueZones(list(values['venue-zone'], env.VENUE_EVENTS_VENUE_ZONES)),
    venues: venuesFile(values.venues ?? (env.VENUE_EVENTS_VENUES || undefined), upstream),
    maxFilterPages: int(
      'max-filter-pages',
      values['max-filter-pages'] ??
        env.VENUE_EVENTS_MAX_FILTER_PAGES ??
        String(DEFAULT_MAX_FILTER_PAGES),
      1,
      1000,
    ),
    keepPastDays: int(
      'keep-past-days',
      values['keep-past-days'] ?? env.VENUE_EVENTS_KEEP_PAST_DAYS ?? String(KEEP_PAST_DAYS),
      0,
      36_500,
    ),
  };
}

/** Interfaces only this machine can reach: `localhost`, `::1` and 127.0.0.0/8. */
const LOOPBACK = /^(?:localhost|::1|127(?:\.\d{1,3}){3})$/i;

/**
 * The warning for a server reachable from other machines (`host` not loopback) whose links
 * would be built from whatever `Host` a request brings (no `baseUrl`, no `allowedHosts`), naming
 * both ways to pin them; undefined when there is nothing to warn about. Pure.
 */
export function unpinnedHostWarning(
  options: Pick<ServerOptions, 'host' | 'baseUrl' | 'allowedHosts'>,
): string | undefined {
  const pinned = options.baseUrl !== undefined || options.allowedHosts !== undefined;
  if (pinned || LOOPBACK.test(options.host)) return undefined;
  return (
    `listening on ${options.host} without --base-url or --allowed-host: links are built from ` +
    'whatever Host header a request brings; pin them with --base-url https://events.example.org ' +
    'or --allowed-host events.example.org'
  );
}
