/**
 * Command-line options of `npm start` (node's `util.parseArgs`), each mirrored by an environment
 * variable. Pure: takes argv and env, returns options or throws `UsageError`.
 */
import { parseArgs } from 'node:util';
import { isValidHost } from './http/host.js';

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
  earlierShape: boolean;
  /** Proxy mode (issue 4): the upstream platform's base URL. */
  upstream: string | undefined;
  proxyTimeoutMs: number;
  staleMs: number;
  cache: boolean;
  allowSlugs: string[] | undefined;
}

export const USAGE = `Usage: npm start -- [options]

Serves the Public Event Listing Interface from an SQLite or PostgreSQL store (origin mode), or proxies an
upstream platform (proxy mode, with --upstream), plus the widget and its demo page.

  --data FILE          import this venue file at start (all-or-nothing)       VENUE_EVENTS_DATA
  --db LOCATION        postgres://user@host:port/db, an SQLite file, or :memory:
                       (default data/venue-events.db)                          VENUE_EVENTS_DB, DATABASE_URL
  --port N             port, 0 = any free port (default 8080)                  PORT
  --host H             interface to listen on (default 127.0.0.1)              HOST
  --base-url URL       public base URL used in links (default: request origin) VENUE_EVENTS_BASE_URL
  --now ISO-INSTANT    freeze the clock, e.g. 2026-12-05T18:00:00Z             VENUE_EVENTS_NOW
  --allowed-host HOST  accept only this Host (host or host:port; repeatable)   VENUE_EVENTS_ALLOWED_HOSTS (comma-separated)
  --cors-origin ORIGIN allow only this origin (repeatable; default *)          VENUE_EVENTS_CORS_ORIGINS (comma-separated)
  --earlier-shape      serve the earlier shape (no ticket_office) for all venues
  --upstream URL       proxy mode: forward to this platform                    VENUE_EVENTS_UPSTREAM
  --proxy-timeout-ms N upstream timeout in ms (default 5000)
  --stale-ms N         serve a stale copy this young when upstream fails (default 300000)
  --no-cache           proxy mode: do not cache upstream responses
  --allow-slug SLUG    proxy mode: only these venue slugs (repeatable)
  --help               show this help

With no --data and an empty database, a demo venue (blue-room) dated relative to today is imported.`;

const int = (name: string, raw: string, min: number, max: number) => {
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    throw new UsageError(`--${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return value;
};

function allowedHosts(flags: string[] | undefined, envList: string | undefined) {
  const hosts =
    flags ??
    envList
      ?.split(',')
      .map((h) => h.trim())
      .filter(Boolean);
  for (const host of hosts ?? []) {
    if (!isValidHost(host))
      throw new UsageError(`--allowed-host must be host or host:port, got "${host}"`);
  }
  return hosts;
}

/** @throws UsageError for unknown options or bad values. */
export function parseServerOptions(argv: string[], env: NodeJS.ProcessEnv): ServerOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        help: { type: 'boolean', short: 'h' },
        data: { type: 'string' },
        db: { type: 'string' },
        port: { type: 'string' },
        host: { type: 'string' },
        'base-url': { type: 'string' },
        now: { type: 'string' },
        'cors-origin': { type: 'string', multiple: true },
        'allowed-host': { type: 'string', multiple: true },
        'earlier-shape': { type: 'boolean' },
        upstream: { type: 'string' },
        'proxy-timeout-ms': { type: 'string' },
        'stale-ms': { type: 'string' },
        'no-cache': { type: 'boolean' },
        'allow-slug': { type: 'string', multiple: true },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const nowRaw = values.now ?? env.VENUE_EVENTS_NOW;
  const now = nowRaw === undefined ? undefined : Date.parse(nowRaw);
  if (now !== undefined && (Number.isNaN(now) || !/(Z|[+-]\d\d:?\d\d)$/.test(nowRaw!))) {
    throw new UsageError(`--now must be an ISO 8601 instant with Z or an offset, got "${nowRaw}"`);
  }
  const url = (name: string, raw: string | undefined) => {
    if (raw === undefined) return undefined;
    try {
      const parsed = new URL(raw);
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error();
      return raw.replace(/\/+$/, '');
    } catch {
      throw new UsageError(`--${name} must be an http(s) URL, got "${raw}"`);
    }
  };
  const envOrigins = env.VENUE_EVENTS_CORS_ORIGINS?.split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  const origins = values['cors-origin'] ?? envOrigins;
  return {
    help: values.help ?? false,
    data: values.data ?? env.VENUE_EVENTS_DATA,
    db: values.db ?? env.VENUE_EVENTS_DB ?? env.DATABASE_URL ?? 'data/venue-events.db',
    port: int('port', values.port ?? env.PORT ?? '8080', 0, 65535),
    host: values.host ?? env.HOST ?? '127.0.0.1',
    baseUrl: url('base-url', values['base-url'] ?? env.VENUE_EVENTS_BASE_URL),
    now,
    corsOrigins: origins === undefined || origins.includes('*') ? '*' : origins,
    allowedHosts: allowedHosts(values['allowed-host'], env.VENUE_EVENTS_ALLOWED_HOSTS),
    earlierShape: values['earlier-shape'] ?? false,
    upstream: url('upstream', values.upstream ?? env.VENUE_EVENTS_UPSTREAM),
    proxyTimeoutMs: int('proxy-timeout-ms', values['proxy-timeout-ms'] ?? '5000', 1, 600_000),
    staleMs: int('stale-ms', values['stale-ms'] ?? '300000', 0, 86_400_000),
    cache: !(values['no-cache'] ?? false),
    allowSlugs: values['allow-slug'],
  };
}
