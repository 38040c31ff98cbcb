/**
 * Fetching a venue's events source safely (docs/sources.md "Fetching safely"): an iCalendar feed or
 * a CSV sheet on the web, read over node:http / node:https. The URL comes from a venue's settings,
 * so it is treated as hostile: every hop (redirects included) connects through
 * request-filtering-agent, which refuses loopback, private, link-local and metadata addresses at
 * connect time, after DNS, unless the operator allowed that host (`--allow-source-host`). One
 * deadline covers the whole fetch, the body is capped in bytes (decoded and on the wire), and the
 * last good fetch's validators turn an unchanged source into a 304.
 */
import {
  Agent as HttpAgent,
  request as httpRequest,
  type ClientRequest,
  type IncomingMessage,
} from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { pipeline, type Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { PACKAGE_VERSION } from '../lib/files.js';

export interface SourceFetchOptions {
  /**
   * Host names (as in the URL, lowercase; an IP literal too) that may resolve to loopback,
   * private, link-local or metadata addresses (`--allow-source-host`).
   */
  allowHosts: readonly string[];
  /** Most bytes of a body (default 10 * 1024 * 1024). */
  maxBytes?: number;
  /** Whole fetch, connect to last byte, redirects included, in ms (default 10_000). */
  timeoutMs?: number;
  /** Most redirects followed (default 3). */
  maxRedirects?: number;
  /**
   * The User-Agent header (default
   * `venue-events-source-sync/<version> (+https://github.com/venue-events)`, the version
   * package.json's).
   */
  userAgent?: string;
}

/** What the last good fetch said, sent back as If-None-Match / If-Modified-Since. */
export interface SourceValidators {
  etag?: string;
  lastModified?: string;
}

/** A source's answer: unchanged since the validators (a 304), or its body (a 200). */
export type SourceFetch =
  | { status: 'unchanged' }
  | {
      status: 'fetched';
      /** The body, decoded (gzip), at most `maxBytes` bytes. */
      body: Buffer;
      /** The final response's Content-Type, as sent. */
      contentType: string | undefined;
      /** The URL the body came from, after redirects. */
      finalUrl: string;
      /** The final response's ETag / Last-Modified, for the next fetch. */
      validators: SourceValidators;
    };

/** A fetch that failed: `message` is one line an operator reads in the log (never the body). */
export class SourceFetchError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'SourceFetchError';
  }
}

const MB = 1024 * 1024;
const DEFAULT_MAX_BYTES = 10 * MB;
const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_REDIRECTS = 3;
const DEFAULT_USER_AGENT = `venue-events-source-sync/${PACKAGE_VERSION} (+https://github.com/venue-events)`;
const ACCEPT = 'text/calendar, text/csv, text/plain;q=0.9, */*;q=0.5';
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

interface Settings {
  allowHosts: ReadonlySet<string>;
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
  userAgent: string;
}

/** One hop's outcome: somewhere else to go, or the fetch's result. */
type Hop = { kind: 'redirect'; location: string } | { kind: 'done'; result: SourceFetch };

/**
 * Fetches a source: GET `url`, following at most `maxRedirects` redirects, each hop checked again
 * (scheme; and its address, by its own host's place in `allowHosts`).
 *
 * @param url An `http:` or `https:` URL.
 * @param validators The last good fetch's, sent as If-None-Match / If-Modified-Since (`{}`: none).
 * @returns `unchanged` on a 304; on a 200 the decoded body (at most `maxBytes` bytes), its
 *   Content-Type, the URL after redirects and the response's validators.
 * @throws SourceFetchError, with one line for the log, when: the URL (or a redirect) is not http or
 *   https; a host not in `allowHosts` resolves to a loopback, private, link-local or metadata
 *   address; the connection fails (refused, host not found, reset); the source answers with
 *   anything but 200, 304 or a redirect; there are more than `maxRedirects` redirects; the body
 *   is over `maxBytes` bytes (wire or decoded); the whole fetch takes over `timeoutMs` ms.
 */
export async function fetchSource(
  url: string,
  validators: SourceValidators,
  options: SourceFetchOptions,
): Promise<SourceFetch> {
  const settings = settingsOf(options);
  let current = sourceUrl(url);
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), settings.timeoutMs);
  try {
    for (let redirects = 0; ; redirects += 1) {
      const hop = await fetchHop(current, validators, settings, deadline.signal);
      if (hop.kind === 'done') return hop.result;
      if (redirects === settings.maxRedirects) {
        throw new SourceFetchError(`more than ${settings.maxRedirects} redirects`);
      }
      current = sourceUrl(hop.location, current);
    }
  } finally {
    // A finished fetch leaves nothing running: the process (the sync CLI, a test) may exit.
    clearTimeout(timer);
  }
}

function settingsOf(options: SourceFetchOptions): Settings {
  return {
    allowHosts: new Set(options.allowHosts.map(hostKey)),
    maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxRedirects: options.maxRedirects ?? DEFAULT_MAX_REDIRECTS,
    userAgent: options.userAgent ?? DEFAULT_USER_AGENT,
  };
}

/** `[::1]` and `::1`, `Example.org` and `example.org` name the same host for `allowHosts`. */
function hostKey(host: string): string {
  return host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
}

/** `text` as a URL (resolved against the hop that redirected to it), if it is http or https. */
function sourceUrl(text: string, redirectedFrom?: URL): URL {
  let url: URL;
  try {
    url = new URL(text, redirectedFrom);
  } catch {
    throw new SourceFetchError(
      redirectedFrom
        ? `${redirectedFrom.host} redirected to something that is not a URL`
        : 'the source is not a URL',
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    const where = redirectedFrom ? `a redirect went to ${url.protocol}` : `not ${url.protocol}`;
    throw new SourceFetchError(`only http and https sources are fetched (${where})`);
  }
  return url;
}

/** One request and its answer; the hop's request, socket and agent are gone when it settles. */
async function fetchHop(
  url: URL,
  validators: SourceValidators,
  settings: Settings,
  deadline: AbortSignal,
): Promise<Hop> {
  if (deadline.aborted) throw timedOut(settings);
  const agent = agentFor(url, settings.allowHosts);
  const send: typeof httpRequest = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const req = send(url, { agent, headers: requestHeaders(validators, settings.userAgent) });
  // With an error, so that a request still waiting for its headers emits 'error' and settles.
  const onDeadline = () => req.destroy(new Error('deadline'));
  deadline.addEventListener('abort', onDeadline, { once: true });
  try {
    return await answer(await responseOf(req), url, settings);
  } catch (error) {
    // Whatever broke once the deadline passed (a reset socket, an aborted body) broke because of it.
    throw deadline.aborted ? timedOut(settings) : asFetchError(error, url);
  } finally {
    deadline.removeEventListener('abort', onDeadline);
    req.destroy();
    agent.destroy();
  }
}

/**
 * The agent for one hop, by that hop's own host: a redirect from an allowed host to one that is
 * not gets the filtering agent. One agent per hop, without keep-alive, destroyed after it: no
 * socket outlives the fetch.
 */
function agentFor(url: URL, allowHosts: ReadonlySet<string>): HttpAgent {
  const https = url.protocol === 'https:';
  if (allowHosts.has(hostKey(url.hostname))) {
    return https ? new HttpsAgent({ keepAlive: false }) : new HttpAgent({ keepAlive: false });
  }
  // The check runs on the address actually dialled, after DNS: a public name that resolves (or
  // rebinds) to 127.0.0.1 or 169.254.169.254 is refused as surely as the literal.
  const filter = { keepAlive: false, allowPrivateIPAddress: false, allowMetaIPAddress: false };
  return https ? new RequestFilteringHttpsAgent(filter) : new RequestFilteringHttpAgent(filter);
}

function requestHeaders(validators: SourceValidators, userAgent: string): Record<string, string> {
  return {
    'User-Agent': userAgent,
    Accept: ACCEPT,
    'Accept-Encoding': 'gzip',
    ...(validators.etag ? { 'If-None-Match': validators.etag } : {}),
    ...(validators.lastModified ? { 'If-Modified-Since': validators.lastModified } : {}),
  };
}

function responseOf(req: ClientRequest): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    req.once('response', resolve);
    // Stays attached for the whole hop: a later error (the deadline, a reset mid-body) reaches the
    // body's reader anyway, and an 'error' with no listener would crash the process.
    req.on('error', reject);
    req.end();
  });
}

async function answer(res: IncomingMessage, url: URL, settings: Settings): Promise<Hop> {
  const status = res.statusCode ?? 0;
  if (REDIRECT_STATUSES.has(status)) {
    const { location } = res.headers;
    if (!location) throw new SourceFetchError(`the source answered ${status} without a Location`);
    return { kind: 'redirect', location };
  }
  if (status === 304) return { kind: 'done', result: { status: 'unchanged' } };
  if (status !== 200) throw new SourceFetchError(`the source answered ${status} (${url.host})`);
  const body = await readBody(res, settings.maxBytes);
  const { etag, 'last-modified': lastModified } = res.headers;
  return {
    kind: 'done',
    result: {
      status: 'fetched',
      body,
      contentType: res.headers['content-type'],
      finalUrl: url.href,
      validators: { ...(etag ? { etag } : {}), ...(lastModified ? { lastModified } : {}) },
    },
  };
}

/**
 * The body, decoded, refused past `maxBytes` on the wire or decoded: the wire count stops a body
 * that never ends (gzip's trailing bytes are read and dropped), the decoded one a gzip bomb.
 */
async function readBody(res: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const tooBig = () => new SourceFetchError(`the source is over ${sizeName(maxBytes)}`);
  if (Number(res.headers['content-length']) > maxBytes) throw tooBig();
  const encoding = (res.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  let wireBytes = 0;
  const decoded = decode(res, encoding, (chunk) => {
    wireBytes += chunk.length;
    if (wireBytes > maxBytes) res.destroy();
  });
  const chunks: Buffer[] = [];
  let bytes = 0;
  try {
    for await (const chunk of decoded as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      if (bytes > maxBytes) throw tooBig();
      chunks.push(chunk);
    }
  } catch (error) {
    throw wireBytes > maxBytes ? tooBig() : error;
  }
  if (wireBytes > maxBytes) throw tooBig();
  return Buffer.concat(chunks, bytes);
}

/** The body as the source meant it; `onWire` sees each chunk as it arrived, when they differ. */
function decode(res: IncomingMessage, encoding: string, onWire: (chunk: Buffer) => void): Readable {
  if (encoding === 'identity' || encoding === '') return res;
  if (encoding !== 'gzip' && encoding !== 'x-gzip') {
    // We asked for gzip only; anything else is a body we cannot read.
    throw new SourceFetchError(`the source sent its body as ${encoding}, not gzip`);
  }
  res.on('data', onWire);
  // A failure of either stream destroys the other and surfaces through the gunzip's iteration.
  return pipeline(res, createGunzip(), () => {});
}

function sizeName(bytes: number): string {
  return bytes >= MB ? `${Number((bytes / MB).toFixed(1))} MB` : `${bytes} bytes`;
}

function timedOut(settings: Settings): SourceFetchError {
  return new SourceFetchError(`no complete answer within ${settings.timeoutMs / 1000} s`);
}

/** Node's and request-filtering-agent's errors, as one line naming the host. */
function asFetchError(error: unknown, url: URL): SourceFetchError {
  if (error instanceof SourceFetchError) return error;
  const { code, message }: NodeJS.ErrnoException =
    error instanceof Error ? error : new Error(String(error));
  // request-filtering-agent's refusal: "DNS lookup 127.0.0.1(family:4, host:…) is not allowed. …"
  const refused = /^DNS lookup (\S+?)\(.*is not allowed/.exec(message);
  if (refused) {
    return new SourceFetchError(
      `${url.hostname} resolves to a private/loopback address (${refused[1]}), which is not ` +
        `fetched; to allow it, start with --allow-source-host ${url.hostname}`,
      { cause: error },
    );
  }
  if (code === 'ECONNREFUSED') {
    return new SourceFetchError(`${url.host} refused the connection`, { cause: error });
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return new SourceFetchError(`no such host: ${url.hostname} (${code})`, { cause: error });
  }
  const reason = (code || message || 'no reason given').replace(/\s+/g, ' ');
  return new SourceFetchError(`fetching from ${url.host} failed: ${reason}`, { cause: error });
}
