/**
 * A child process for the memo's memory test (test/server/memo-memory.test.ts): fills the proxy's
 * memo of built answers (`createBuiltMemo`, bound argv[2] bytes) with argv[3] distinct answers of
 * 12 events with about argv[4] characters of description each, sending each as brotli and as
 * gzip (the copies `sendRepresentation` keeps), then sends `{ grownBytes, firstEvicted,
 * lastKept }`: what the process holds more after a full garbage collection (heap and buffers),
 * and whether the first answer was evicted and the last kept. Run it with `--expose-gc` (fork).
 */
import { encodedBody } from '../../server/http/conditional.js';
import { BASE_MARKER } from '../../server/http/public-base.js';
import { createBuiltMemo } from '../../server/proxy/built-memo.js';

const [maxBytes, count, chars] = process.argv.slice(2).map(Number) as [number, number, number];
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc || !process.send) throw new Error('run with --expose-gc and an IPC channel (fork)');

const WORDS =
  'late night trio quartet live acoustic session guest tribute summer winter gala'.split(' ');
let seed = 7;
/** A deterministic pseudo-random word (a description compresses like a real one, not to nothing). */
const word = () => WORDS[(seed = (seed * 48_271) % 2_147_483_647) % WORDS.length]!;

/** A filtered list page as the proxy builds it: links on `BASE_MARKER`. */
function page(n: number): string {
  const data = Array.from({ length: 12 }, (_, i) => {
    const id = n * 12 + i;
    const words: string[] = [];
    for (let length = 0; length < chars; length += 8) words.push(word());
    return {
      type: 'events',
      id: String(id),
      attributes: { title: `Event ${id}`, description: `<p>${words.join(' ')}</p>` },
      links: { self: `${BASE_MARKER}/t/venue/api/events/${id}` },
    };
  });
  return JSON.stringify({ data, links: { self: `${BASE_MARKER}/t/venue/api/events?q=${n}` } });
}

const memo = createBuiltMemo(maxBytes);
const validity = { version: '1.2.3', day: '2026-12-05', freshUntilMs: Infinity, headers: {} };
let built = 0;
/** Asks the memo for answer `n`, as a request for it would, and sends it in both codings. */
async function ask(n: number): Promise<void> {
  const key = `list|t=venue|q=${n}|1`;
  let kept = memo.fresh(key, validity.day, 0);
  if (!kept) {
    built++;
    kept = memo.keep(key, page(n), validity, Infinity, true);
  }
  const representation = kept.on('x');
  encodedBody(representation, 'br');
  encodedBody(representation, 'gzip');
}
const held = () => {
  // Twice: buffers freed by the first collection's finalisers go in the second.
  gc();
  gc();
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
};

await ask(-1); // compiles the path before the first measure
const before = held();
for (let n = 0; n < count; n++) await ask(n);
const grownBytes = held() - before;
const builtBefore = built;
await ask(count - 1);
const lastKept = built === builtBefore;
await ask(0);
process.send({ grownBytes, firstEvicted: built > builtBefore, lastKept }, () => process.exit(0));
