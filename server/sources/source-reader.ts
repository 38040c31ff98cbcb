/**
 * Reading sources off the main thread, bounded (docs/api.md §10.21 "Bounded sources"): each read
 * runs in a worker thread of its own with a heap limit (`memoryMb`, V8's `resourceLimits`) and a
 * wall clock (`timeoutMs`); past either the worker is ended, wherever it is, even inside one call
 * of a library that never returns (ical.js on a rule that never matches). The server's own
 * thread only waits for a message, so `/healthz` and the listings answer throughout.
 *
 * A worker ended while it mapped one VEVENT (it writes which to shared memory before each) names
 * that event: the source is read again without it, and the event is skipped with the cause, so
 * one unreadable event does not cost a venue its other events; a third such event, or a worker
 * ended outside any event, fails the read (`SourceReadError`) and the venue keeps its last good
 * listing.
 */
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Worker } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { ROOT } from '../lib/files.js';
import { Slots } from '../lib/slots.js';
import type { StoredSource } from '../store/model.js';
import {
  SourceFormatError,
  type SourceContext,
  type SourceLimits,
  type SourceRead,
} from './source-event.js';
import type { WorkerInput, WorkerMessage } from './read-worker.js';

/** Most events one source may lose to workers ended inside them before the read fails. */
const MAX_ENDED_EVENTS = 2;

/** A read that did not finish: its worker ran out of time or memory, or broke. One line. */
export class SourceReadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SourceReadError';
  }
}

/** One source to read: as `readSource` takes it. */
export interface SourceInput {
  source: StoredSource;
  body: Uint8Array;
  contentType: string | undefined;
  url: string;
  context: SourceContext;
}

/** How one worker's read ended. */
type Outcome =
  | { kind: 'read'; read: SourceRead }
  | { kind: 'ended'; cause: string; in: { index: number; line: number } | undefined };

/**
 * The worker's module: the bundle's `dist/server/sources/read-worker.js` under `npm start`; from
 * the TypeScript sources (tests, `npm run import`), `read-worker-tsx.mjs`, which registers tsx's
 * loader in the worker first (a loader of the parent thread does not reach a worker on Node 20).
 */
function workerFile(): string {
  const built = join(ROOT, 'dist', 'server', 'sources', 'read-worker.js');
  if (!fileURLToPath(import.meta.url).endsWith('.ts') && existsSync(built))
    return pathToFileURL(built).href;
  return pathToFileURL(join(ROOT, 'server', 'sources', 'read-worker-tsx.mjs')).href;
}

/** A worker idle this long (ms) is ended: a burst of syncs reuses one, a quiet server holds none. */
const IDLE_MS = 10_000;

/**
 * Reads sources in bounded workers (a piscina pool), `concurrency` at once (the rest wait their
 * turn). A worker is kept between reads, so a thousand venues syncing at start do not each pay
 * for a thread and its modules; one that runs over its time or memory is ended and replaced.
 */
export class SourceReader {
  readonly #limits: SourceLimits;
  readonly #slots: Slots;
  readonly #pool: Piscina<WorkerInput, WorkerMessage>;

  /**
   * @param limits the limits of every read (`timeoutMs` and `memoryMb` bound each worker)
   * @param concurrency workers at once (default 1: the server's own thread keeps a core)
   */
  constructor(limits: SourceLimits, concurrency = 1) {
    this.#limits = limits;
    // The slots hold a read until a worker is free, so its clock starts when it runs.
    this.#slots = new Slots(concurrency);
    this.#pool = new Piscina({
      filename: workerFile(),
      minThreads: 0,
      maxThreads: concurrency,
      idleTimeout: IDLE_MS,
      // Not the server's own heap flags (`npm start`'s): `resourceLimits` bound the worker.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb, maxYoungGenerationSizeMb: 8 },
    });
  }

  /**
   * The source's events and those it skipped.
   * @throws SourceFormatError when the file is refused as a whole (at most `maxProblems` named)
   * @throws SourceReadError when the read ran out of time or memory outside an event, or in more
   *   than two events
   */
  read(input: SourceInput): Promise<SourceRead> {
    return this.#slots.run(() => this.#readSkipping(input));
  }

  /** Ends the workers; a read under way is abandoned (`SourceSync.stop` waits for its syncs first). */
  async close(): Promise<void> {
    await this.#pool.destroy();
  }

  async #readSkipping(input: SourceInput): Promise<SourceRead> {
    // The mapper names each skipped VEVENT among the read's own skipped events, with its cause.
    const skip = new Map<number, string>();
    for (;;) {
      const outcome = await this.#once(input, skip);
      if (outcome.kind === 'read') return outcome.read;
      if (outcome.in === undefined || skip.size === MAX_ENDED_EVENTS) {
        const line = outcome.in?.line ? ` (line ${outcome.in.line})` : '';
        const where = outcome.in ? ` in VEVENT ${outcome.in.index}${line}` : '';
        throw new SourceReadError(`the source could not be read: ${outcome.cause}${where}`);
      }
      skip.set(outcome.in.index, `its read ${outcome.cause}: skipped`);
    }
  }

  /** One worker's read, without the VEVENTs `skip` names. */
  async #once(input: SourceInput, skip: ReadonlyMap<number, string>): Promise<Outcome> {
    const { timeoutMs, memoryMb } = this.#limits;
    // The VEVENT being mapped (its number, its line), written by the worker before each: shared
    // memory, so it costs no message and reads right at the instant the worker is ended.
    const cursor = new Int32Array(new SharedArrayBuffer(8));
    const current = () => {
      const index = Atomics.load(cursor, 0);
      return index === 0 ? undefined : { index, line: Atomics.load(cursor, 1) };
    };
    const data: WorkerInput = {
      source: input.source,
      body: input.body,
      contentType: input.contentType,
      url: input.url,
      zone: input.context.zone,
      language: input.context.language,
      nowMs: input.context.now.getTime(),
      limits: this.#limits,
      skip: [...skip],
      cursor: cursor.buffer as SharedArrayBuffer,
    };
    let message: WorkerMessage;
    // Aborting a running task ends its worker, wherever it is.
    const running = this.#pool.run(data, { signal: AbortSignal.timeout(timeoutMs) });
    // The pool starts or picks the task's worker as it is given the task.
    const workers = this.#pool.threads;
    try {
      message = await running;
    } catch (error) {
      await this.#exited(workers);
      const { name, code, message: text } = error as Error & { code?: string };
      const cause =
        name === 'AbortError'
          ? `ran over its ${timeoutMs} ms`
          : code === 'ERR_WORKER_OUT_OF_MEMORY' || /memory limit/.test(text)
            ? `ran out of its ${memoryMb} MB of memory`
            : `broke (${text.split('\n')[0]})`;
      return { kind: 'ended', cause, in: current() };
    }
    if (message.kind === 'read') return { kind: 'read', read: message.read };
    return this.#answer(message);
  }

  /**
   * Waits until each of `workers` that the pool has since ended has exited. The pool replies to an
   * ended task before its worker is gone; without this wait the next read's new worker (the retry,
   * or the next source) would grow while the old one still held its heap, and the server's memory
   * would briefly hold two workers at their limit (docs/decisions.md "Bounded sources").
   */
  async #exited(workers: readonly Worker[]): Promise<void> {
    const live = new Set(this.#pool.threads);
    const ended = workers.filter((worker) => !live.has(worker) && worker.threadId !== -1);
    await Promise.all(ended.map((worker) => once(worker, 'exit')));
  }

  /** A worker's refusal or failure, as the error `read` throws. */
  #answer(message: Exclude<WorkerMessage, { kind: 'read' }>): never {
    const { maxProblems } = this.#limits;
    if (message.kind === 'refused')
      throw new SourceFormatError(message.problems.slice(0, maxProblems));
    throw new SourceReadError(`the source could not be read: ${message.message}`);
  }
}
