import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classify } from '../../server/proxy/routes.js';
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

describe('classify (pure)', () => {
  it('normalises the page as the origin reads it', () => {
    expect(classify('/t/v/api/events?page=02', 'GET')).toMatchObject({
      upstreamPath: '/t/v/api/events?page=1',
    });
    expect(classify('/t/v/api/events?page=3&page=4', 'GET')).toMatchObject({
      upstreamPath: '/t/v/api/events?page=1',
    });
  });
  it('405 for other methods on a valid path, 404 before that for invalid ones', () => {
    expect(classify('/t/v/api/events', 'POST')).toMatchObject({ kind: 'reject', status: 405 });
    expect(classify('/t/v/api/nope', 'POST')).toMatchObject({ kind: 'reject', status: 404 });
  });
});
