/**
 * The worker thread a source is read in (`SourceReader`, docs/api.md §10.21): reads the source
 * given as its task (`WorkerInput`), writing the number of each VEVENT to the shared `cursor`
 * before it is mapped (so the reader can name the one a read hung or ran out of memory in), and
 * answers one `WorkerMessage`: `read`, `refused` or `failed`. A piscina pool runs it. Its heap and its time are bounded by the thread that
 * started it, which ends it past either.
 */
import type { StoredSource } from '../store/model.js';
import { readSource } from './read-source.js';
import {
  SourceFormatError,
  type SourceLimits,
  type SourceProblem,
  type SourceRead,
} from './source-event.js';

/** What a worker reads: the source, its body, the venue's zone, the clock, the limits. */
export interface WorkerInput {
  source: StoredSource;
  body: Uint8Array;
  contentType: string | undefined;
  url: string;
  zone: string;
  /** The venue's language (BCP 47); undefined: English. */
  language: string | undefined;
  /** The clock, UTC epoch ms. */
  nowMs: number;
  limits: SourceLimits;
  /** VEVENTs not to read (number, cause): an earlier read never ended in them. */
  skip: [number, string][];
  /** Two int32s the worker writes before each VEVENT: its number (1-based) and line (0: none). */
  cursor: SharedArrayBuffer;
}

/** What a read answers. */
export type WorkerMessage =
  | { kind: 'read'; read: SourceRead }
  | { kind: 'refused'; problems: SourceProblem[] }
  | { kind: 'failed'; message: string };

/**
 * Reads the source `input` names: piscina's task function (`SourceReader`). Never throws: a
 * refusal or a failure is a message, so the pool keeps the worker for the next read.
 */
export default function readInWorker(input: WorkerInput): WorkerMessage {
  const cursor = new Int32Array(input.cursor);
  try {
    const read = readSource(
      input.source,
      input.body,
      input.contentType,
      input.url,
      { zone: input.zone, now: new Date(input.nowMs), language: input.language },
      {
        limits: input.limits,
        skip: new Map(input.skip),
        onEvent: (index, _path, line) => {
          Atomics.store(cursor, 1, line ?? 0);
          Atomics.store(cursor, 0, index);
        },
      },
    );
    return { kind: 'read', read };
  } catch (error) {
    if (error instanceof SourceFormatError) return { kind: 'refused', problems: error.problems };
    return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
}
