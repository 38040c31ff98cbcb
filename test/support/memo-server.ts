/**
 * A child process for the memo's memory test (test/server/hardening.test.ts): the real app over
 * the SQLite file given as argv[2], its clock fixed at argv[3], on 127.0.0.1. It sends its
 * `{ port }` once listening and answers each message `'measure'` with `process.memoryUsage()`
 * taken after a full garbage collection (run it with `--expose-gc`). Its `/metrics` count memo
 * hits and misses. Not a test.
 */
import type { AddressInfo } from 'node:net';
import { createApp } from '../../server/origin/app.js';
import { openStore } from '../../server/store/open-store.js';

const [db, now] = process.argv.slice(2);
const nowMs = Date.parse(now!);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc || !process.send) throw new Error('run with --expose-gc and an IPC channel (fork)');

const app = createApp({
  store: await openStore(db!),
  clock: () => new Date(nowMs),
  logger: false,
  metrics: true,
});
const server = app.listen(0, '127.0.0.1', () => {
  process.send!({ port: (server.address() as AddressInfo).port });
});
process.on('message', (message) => {
  if (message !== 'measure') return;
  // Twice: objects freed by the first collection's finalisers (buffers' backing stores) go in the second.
  gc();
  gc();
  process.send!(process.memoryUsage());
});
process.on('disconnect', () => server.close(() => process.exit(0)));
