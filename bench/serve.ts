/**
 * Server process of `npm run bench:api`: the real app over a prepared SQLite file, plus the
 * baseline route (a fixed 12-event JSON body through the same Express stack) and `/__rss`.
 * Usage: tsx bench/serve.ts DB_PATH BASELINE_JSON_PATH NOW_ISO [--no-response-cache]
 */
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createApp } from '../server/origin/app.js';
import { openStore } from '../server/store/open-store.js';

const [dbPath, baselinePath, now, flag] = process.argv.slice(2);
const baseline = readFileSync(baselinePath!, 'utf8');
const nowMs = Date.parse(now!);
const app = express();
app.disable('x-powered-by');
app.set('etag', false);
app.get('/__baseline', (_req, res) => {
  res.type('application/json').send(baseline);
});
app.get('/__rss', (_req, res) => {
  res.json(process.memoryUsage());
});
app.use(
  createApp({
    store: await openStore(dbPath!),
    clock: () => new Date(nowMs),
    logger: false,
    responseCache: flag !== '--no-response-cache',
  }),
);
const server = app.listen(0, '127.0.0.1', () => {
  process.stdout.write(`READY ${(server.address() as AddressInfo).port}\n`);
});
