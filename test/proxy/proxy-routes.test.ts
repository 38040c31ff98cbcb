import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkTarget } from '../../server/proxy/routes.js';
import { MAX_VENUES } from '../../shared/rules/venues.js';
import { expectErrorResponse } from '../support/contract.js';
import { rawRequest, startFaultServer, startProxy, type Running } from './support.js';

let upstream: Awaited<ReturnType<typeof startFaultServer>>;
let proxy: Running;
beforeAll(async () => {
  upstream = await startFaultServer();
  proxy = await startProxy({
    upstream: upstream.url,
    cache: false,
    allowSlugs: ['v', 'blue-room', 'ok', 'allowed'],
  });
});
afterAll(async () => {
  await proxy.close();
  await upstream.close();
});

/** Sends `METHOD target` exactly as written (no client-side normalisation); resolves the status. */
async function raw(method: string, target: string): Promise<number> {
  const { port } = new URL(proxy.url);
  const request = `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`;
  return (await rawRequest(proxy.url, request)).status;
}

// [method, raw target]: none of these may reach the upstream.
const blocked: [string, string][] = [
  ['GET', '/'],
  ['GET', '/t'],
  ['GET', '/t/'],
  ['GET', '/t/v'],
  ['GET', '/t/v/api'],
  ['GET', '/t/v/api/'],
  ['GET', '/t/v/api/venues'],
  ['GET', '/t/v/api/events/abc'],
  ['GET', '/t/v/api/events/0'],
  ['GET', '/t/v/api/events/01'],
  ['GET', '/t/v/api/events/-1'],
  ['GET', '/t/v/api/events/1.5'],
  ['GET', '/t/v/api/events/1/tickets'],
  ['GET', '/t/v/api/events/1/'.concat('x')],
  ['GET', '/t/v/api/events/12345678901234567'],
  ['GET', '/t/V/api/events'],
  ['GET', '/t/v_1/api/events'],
  ['GET', '/t/-v/api/events'],
  ['GET', '/t/v-/api/events'],
  ['GET', '/t/v--w/api/events'],
  ['GET', '/t/notallowed/api/events'],
  ['GET', '/t/../admin'],
  ['GET', '/t/v/../../admin'],
  ['GET', '/t/v/api/../api/events'],
  ['GET', '/t/v/./api/events'],
  ['GET', '/t/v/api/events/..'],
  ['GET', '/t/v%2fapi/events'],
  ['GET', '/t/v/api%2Fevents'],
  ['GET', '/t/%2e%2e/api/events'],
  ['GET', '/t/v/api/events/%2e%2e'],
  ['GET', '/t/v/api/events%252f1'],
  ['GET', '/t/%252e%252e/api/events'],
  ['GET', '/t/v/api/events/%31'],
  ['GET', '/t/v/api/events?page=%31'],
  ['GET', '/t/v/api/events\\1'],
  ['GET', '//evil.example/t/v/api/events'],
  ['GET', 'http://evil.example/t/v/api/events'],
  ['GET', 'https://127.0.0.1/t/v/api/events'],
  ['GET', '/t/v/api/events%0d%0aX-Injected:%201'],
  ['GET', '/t/v/api/events/1%00'],
  ['GET', `/t/v/api/events?page=1&pad=${'a'.repeat(600)}`],
  ['GET', `/t/${'a'.repeat(600)}/api/events`],
  ['GET', '/t/v/api/events/1;jsessionid=x'],
  ['GET', '/t/v/api/events@evil.example'],
  ['GET', '/t/v/admin/events'],
  ['GET', '/T/v/api/events'],
  ['GET', '/healthz/../t/v/api/events'],
  ['GET', '/widget/../t/v/api/events'],
  ['POST', '/t/v/api/events'],
  ['PUT', '/t/v/api/events/1'],
  ['DELETE', '/t/v/api/events/1'],
  ['PATCH', '/t/v/api/events'],
  ['TRACE', '/t/v/api/events'],
  ['CONNECT', 'evil.example:443'],
  ['OPTIONS', '/t/v/api/events'],
  ['GET', '*'],
];

describe('the proxy is never an open proxy', () => {
  it.each(blocked)('%s %s is answered locally, never forwarded', async (method, target) => {
    const before = upstream.seen.length;
    const status = await raw(method, target);
    // An error, a locally answered preflight or demo page, or (CONNECT) a closed connection.
    const local = (method === 'OPTIONS' && status === 204) || (target === '/' && status === 200);
    expect(status === 0 || status >= 400 || local, `status ${status}`).toBe(true);
    expect(upstream.seen.slice(before)).toEqual([]);
  });

  it.each([
    ['GET', '/t/v/api/events', '/t/v/api/events?page=1'],
    ['GET', '/t/v/api/events/', '/t/v/api/events?page=1'],
    ['HEAD', '/t/v/api/events?page=2', '/t/v/api/events?page=2'],
    ['GET', '/t/blue-room/api/events?page=abc&utm=x', '/t/blue-room/api/events?page=1'],
    // Only `page` is forwarded, normalised as the origin reads it, so equal pages share a cache entry.
    ['GET', '/t/v/api/events?page=02', '/t/v/api/events?page=1'],
    ['GET', '/t/v/api/events?page=3&page=4', '/t/v/api/events?page=1'],
    ['GET', '/t/v/api/events/42', '/t/v/api/events/42'],
    ['HEAD', '/t/allowed/api/events/9007199254740991', '/t/allowed/api/events/9007199254740991'],
  ])('%s %s reaches the upstream as GET %s', async (method, target, forwarded) => {
    const before = upstream.seen.length;
    const status = await raw(method, target);
    expect(status).toBe(200);
    expect(upstream.seen.slice(before).map((s) => [s.method, s.url])).toEqual([['GET', forwarded]]);
  });
});

describe('API paths match exactly (decisions.md "Errors")', () => {
  it.each(['/t/v/API/events', '/t/v/api/EVENTS/1'])(
    '%s → 404 JSON, never forwarded',
    async (path) => {
      const before = upstream.seen.length;
      const res = await fetch(`${proxy.url}${path}`);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expectErrorResponse(await res.json());
      expect(upstream.seen.slice(before)).toEqual([]);
    },
  );
});

const NO_SUCH_PATH = { status: 404, message: 'No resource exists at this path.' };
const TOO_LONG = { status: 404, message: 'The request path is too long.' };
const notAllowed = (method: string) => ({
  status: 405,
  message: `The method ${method} is not allowed here; use GET or HEAD.`,
  headers: { Allow: 'GET, HEAD, OPTIONS' },
});

describe('checkTarget (pure): one guard for the targets of one venue and of several', () => {
  it.each([
    '/t/v/api/events?page=02',
    '/t/v/api/events?page=3&page=4',
    '/t/v/api/events/',
    '/t/v/api/events/9007199254740991/',
    '/api/events?venues=v,w',
    '/api/categories/?venues=v%2Cw&search=caf%C3%A9',
    '/api/access?venues=v',
    '/api/calendar?venues=v&start=2026-12-01T00%3A00%3A00Z',
    '/events/?venues=v&view=%63alendar',
    '/events.ics?venues=v&ids=1%2C2',
  ])('GET %s passes', (target) => {
    expect(checkTarget(target, 'GET')).toBe('pass');
    expect(checkTarget(target, 'HEAD')).toBe('pass');
  });

  it('405 for other methods on a valid path, 404 before that for invalid ones', () => {
    expect(checkTarget('/t/v/api/events', 'POST')).toMatchObject(notAllowed('POST'));
    expect(checkTarget('/t/v/api/nope', 'POST')).toMatchObject(NO_SUCH_PATH);
    expect(checkTarget('/api/events', 'PUT')).toMatchObject(notAllowed('PUT'));
    expect(checkTarget('/api/nope', 'PUT')).toMatchObject(NO_SUCH_PATH);
  });

  it("a venue's path refuses the method before its query, several venues' the query first", () => {
    expect(checkTarget('/t/v/api/events?x=%20', 'POST')).toMatchObject(notAllowed('POST'));
    expect(checkTarget('/t/v/api/events?x=%20', 'GET')).toMatchObject(NO_SUCH_PATH);
    expect(checkTarget('/api/events?x=%20', 'POST')).toMatchObject(NO_SUCH_PATH);
    expect(checkTarget('/api/events?venues=v', 'POST')).toMatchObject(notAllowed('POST'));
  });

  it('the allow-list names the venue refused, before the method and the query', () => {
    const allow = ['v'];
    const refused = { status: 404, message: 'No venue is published under the slug "w".' };
    expect(checkTarget('/t/w/api/events', 'GET', allow)).toMatchObject(refused);
    expect(checkTarget('/t/w/events?x=%20', 'POST', allow)).toMatchObject(refused);
    expect(checkTarget('/t/v/api/events', 'GET', allow)).toBe('pass');
    expect(checkTarget('/t/W/api/events', 'GET', allow)).toMatchObject(NO_SUCH_PATH);
    // Several venues' slugs are the routes' to check (`venues=` names them).
    expect(checkTarget('/api/events?venues=w', 'GET', allow)).toBe('pass');
  });

  it("bounds the length: a venue target says so, several venues' is no resource", () => {
    const pad = (start: string, length: number) => start + 'a'.repeat(length - start.length);
    expect(checkTarget(pad('/t/v/api/events?x=', 512), 'GET')).toBe('pass');
    expect(checkTarget(pad('/t/v/api/events?x=', 513), 'GET')).toMatchObject(TOO_LONG);
    expect(checkTarget(pad('/t?', 513), 'GET')).toMatchObject(TOO_LONG);
    expect(checkTarget(pad('http://evil.example/t/v/', 513), 'GET')).toMatchObject(TOO_LONG);
    // The venue feed with a query may be longer (100 saved ids), and only it.
    expect(checkTarget(pad('/t/v/events.ics?ids=', 2560), 'GET')).toBe('pass');
    expect(checkTarget(pad('/t/v/events.ics?ids=', 2561), 'GET')).toMatchObject(TOO_LONG);
    expect(checkTarget(pad('/t/v/events?ids=', 513), 'GET')).toMatchObject(TOO_LONG);
    // Several venues: room for `MAX_VENUES` slugs of 100 characters; the calendar file's for ids too.
    const venues = 512 + MAX_VENUES * 101;
    expect(checkTarget(pad('/api/events?venues=', venues), 'GET')).toBe('pass');
    expect(checkTarget(pad('/api/events?venues=', venues + 1), 'GET')).toMatchObject(NO_SUCH_PATH);
    expect(checkTarget(pad('/events.ics?venues=', venues + 2560), 'GET')).toBe('pass');
    expect(checkTarget(pad('/events.ics?venues=', venues + 2561), 'GET')).toMatchObject(
      NO_SUCH_PATH,
    );
    expect(checkTarget(pad('/api/x?', 600), 'GET')).toMatchObject(NO_SUCH_PATH);
    expect(checkTarget(pad('http://evil.example/api/', 600), 'GET')).toMatchObject(NO_SUCH_PATH);
  });

  it.each([
    '/api/Events?venues=v',
    '/api/events/1?venues=v',
    '/api//events?venues=v',
    '/api/events%2f?venues=v',
    '/events/x?venues=v',
    '/events.ics/?venues=v',
    '/events%2eics?venues=v',
    '/api/events?venues=v&page=%32',
    '/api/events?venues=v&search=%ff',
    '/events?venues=v&ids=1%2C2',
    '/events.ics?venues=v&month=1%2C2',
    '/api/events?venues=v\\',
    'http://evil.example/api/events?venues=v',
  ])('several venues: GET %s is a 404', (target) => {
    expect(checkTarget(target, 'GET')).toMatchObject(NO_SUCH_PATH);
  });
});
