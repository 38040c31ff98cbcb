/**
 * Production delivery: every text response honours Accept-Encoding (brotli, gzip),
 * each representation with its own strong ETag; the widget is served as compressed at build, from
 * a pinned immutable URL with an integrity hash, and as "latest" with a short cache.
 */
import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoVenueFile } from '../../server/demo/venue.js';
import { DEFAULT_WIDGET_DIR } from '../../server/lib/files.js';
import { readWidgetManifest } from '../../server/web/widget-router.js';
import { startServer, type TestServer } from '../support/server.js';

const NOW = '2026-12-05T12:00:00Z';
let server: TestServer;
beforeAll(async () => {
  server = await startServer(demoVenueFile(new Date(NOW)), NOW);
});
afterAll(() => server.close());

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes on the wire, not decoded. */
  body: Buffer;
}

/** GET with exact headers, keeping the body as sent (fetch would decode it). */
function get(path: string, headers: Record<string, string> = {}, at = server): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(`${at.url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const decode = (raw: Raw) =>
  raw.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(raw.body)
    : raw.headers['content-encoding'] === 'gzip'
      ? gunzipSync(raw.body)
      : raw.body;

describe('API responses in brotli and gzip', () => {
  const list = '/t/blue-room/api/events';

  it.each([
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['identity', undefined],
    ['', undefined],
  ])('Accept-Encoding "%s" → %s, same JSON, its own ETag', async (accept, coding) => {
    const plain = await get(list);
    const raw = await get(list, { 'Accept-Encoding': accept });
    expect(raw.status).toBe(200);
    expect(raw.headers['content-encoding']).toBe(coding);
    expect(String(raw.headers.vary)).toMatch(/Accept-Encoding/i);
    expect(decode(raw).equals(decode(plain))).toBe(true);
    const etag = String(raw.headers.etag);
    expect(etag).toMatch(/^"[^"]+"$/);
    if (coding) expect(etag.endsWith(`-${coding}"`)).toBe(true);
    else expect(etag).not.toMatch(/-(br|gzip)"$/);
    // A strong ETag names one representation: it validates only that one.
    const again = await get(list, { 'Accept-Encoding': accept, 'If-None-Match': etag });
    expect(again.status).toBe(304);
    if (coding) {
      const other = await get(list, { 'Accept-Encoding': 'identity', 'If-None-Match': etag });
      expect(other.status).toBe(200);
    }
  });

  it('list page 1 of the demo is at most 2.5 KB with brotli, and smaller than gzip', async () => {
    const br = await get(list, { 'Accept-Encoding': 'br' });
    const gz = await get(list, { 'Accept-Encoding': 'gzip' });
    const plain = await get(list);
    console.log(
      `list page 1: ${plain.body.length} B, gzip ${gz.body.length} B, br ${br.body.length} B`,
    );
    expect(br.body.length).toBeLessThanOrEqual(2.5 * 1024);
    expect(br.body.length).toBeLessThan(gz.body.length);
  });

  it.each([
    ['a JSON error', '/t/nowhere/api/events', 404, /application\/json/],
    ['an event page', '/t/blue-room/events/late-night-jazz', 200, /text\/html/],
    ['the demo page', '/', 200, /text\/html/],
  ])('%s is compressed too', async (_kind, path, status, type) => {
    const raw = await get(path, { 'Accept-Encoding': 'br, gzip' });
    expect(raw.status).toBe(status);
    expect(raw.headers['content-type']).toMatch(type);
    expect(raw.headers['content-encoding']).toBe('br');
    expect(decode(raw).length).toBeGreaterThan(0);
  });
});

describe('answers no memo keeps, compressed as they are sent at the fastest level', () => {
  let unmemoised: TestServer;
  beforeAll(async () => {
    unmemoised = await startServer(demoVenueFile(new Date(NOW)), NOW, { responseCache: false });
  });
  afterAll(() => unmemoised.close());

  it.each([
    ['the list, the memo off', '/t/blue-room/api/events', () => unmemoised],
    ['a page past the last', '/t/blue-room/api/events?page=40', () => server],
    ['an event page', '/t/blue-room/events/late-night-jazz', () => server],
  ])('%s: the same bytes in brotli, gzip and none, each with its ETag', async (_, path, at) => {
    const plain = await get(path, {}, at());
    expect(plain.status).toBe(200);
    for (const coding of ['br', 'gzip']) {
      const raw = await get(path, { 'Accept-Encoding': coding }, at());
      expect(raw.headers['content-encoding']).toBe(coding);
      expect(decode(raw).equals(plain.body)).toBe(true);
      const etag = String(raw.headers.etag);
      expect(etag).toBe(`${String(plain.headers.etag).slice(0, -1)}-${coding}"`);
      const again = await get(path, { 'Accept-Encoding': coding, 'If-None-Match': etag }, at());
      expect(again.status).toBe(304);
    }
  });
});

describe('the widget script', () => {
  const manifest = readWidgetManifest(DEFAULT_WIDGET_DIR);

  it('is built with a manifest (run npm run build first)', () => {
    expect(manifest?.path).toMatch(/^\/widget\/v\d+\.\d+\.\d+\/venue-events\.js$/);
  });

  it('goes out as compressed at build: ≤ 15 KB gzip, smaller with brotli', async () => {
    const gz = await get('/widget/venue-events.js', { 'Accept-Encoding': 'gzip' });
    const br = await get('/widget/venue-events.js', { 'Accept-Encoding': 'br, gzip' });
    const plain = await get('/widget/venue-events.js');
    console.log(
      `venue-events.js: ${plain.body.length} B, gzip ${gz.body.length} B, br ${br.body.length} B`,
    );
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.body.length).toBeLessThanOrEqual(15 * 1024);
    expect(br.body.length).toBeLessThan(gz.body.length);
    expect(decode(br).equals(plain.body)).toBe(true);
    expect(String(br.headers.vary)).toMatch(/Accept-Encoding/i);
    expect(new Set([plain.headers.etag, gz.headers.etag, br.headers.etag]).size).toBe(3);
  });

  it('the pinned URL is immutable and matches its integrity hash; latest has a short cache', async () => {
    const pinned = await get(manifest!.path, { 'Accept-Encoding': 'br' });
    expect(pinned.status).toBe(200);
    expect(pinned.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const sri = `sha384-${createHash('sha384').update(decode(pinned)).digest('base64')}`;
    expect(sri).toBe(manifest!.integrity);
    const latest = await get('/widget/venue-events.js');
    expect(latest.headers['cache-control']).toBe('public, max-age=300, must-revalidate');
    expect((await get('/widget/v0.0.1/venue-events.js')).status).toBe(404);
  });

  it('the demo page pastes the pinned snippet with integrity and crossorigin', async () => {
    const html = decode(await get('/')).toString();
    expect(html).toContain(
      `<script type="module" src="${manifest!.path}" integrity="${manifest!.integrity}" crossorigin="anonymous"></script>`,
    );
  });
});
