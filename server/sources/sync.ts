/**
 * Keeping venues in step with their sources (docs/sources.md "Kept in step"): each venue whose
 * events come from a source is fetched at start and every `refresh_seconds`, conditionally
 * (`If-None-Match` / `If-Modified-Since`); an unchanged source (a 304, or the same bytes) writes
 * nothing; a changed one is read in a bounded worker (`SourceReader`) and applied
 * (`applySourceEvents`), an event that cannot be read skipped and named. A failed fetch or a file
 * that cannot be read at all keeps the last good listing and logs one line naming the venue and
 * the cause. At most `concurrency` sources are fetched and read at once, so a thousand venues
 * syncing at start hold a few bodies, not a thousand (docs/api.md §10.21). What each source did
 * last is `states()`, for `/metrics` and `--check-sources`.
 */
import { createHash } from 'node:crypto';
import type { Store } from '../store/store.js';
import { applySourceEvents } from './apply.js';
import {
  fetchSource,
  SourceFetchError,
  type SourceFetchOptions,
  type SourceValidators,
} from './fetch-source.js';
import { Slots } from '../lib/slots.js';
import {
  DEFAULT_SOURCE_LIMITS,
  SourceFormatError,
  type SourceLimits,
  type SourceProblem,
} from './source-event.js';
import { SourceReader, SourceReadError } from './source-reader.js';

/** What a venue's source did last. Times are UTC epoch ms. */
export interface SourceState {
  venue: string;
  /** The source's host (its address may carry a secret: a calendar's private link). */
  host: string;
  /** The last sync that ended with the venue's listing the source's (applied or unchanged). */
  lastSuccessMs: number | null;
  lastAttemptMs: number | null;
  /** Failed syncs since the server started. */
  failures: number;
  /** Events in the venue's listing after the last good sync. */
  events: number | null;
  /** Why the last sync failed, one line; null after a good one. */
  lastError: string | null;
  /** Events the last applied sync could not read and left out (docs/api.md §10.21). */
  skipped: number;
  /** The first of them, each named (`VEVENT 3 (UID x), RRULE`, its line) with the cause. */
  skippedEvents: SourceProblem[];
  /**
   * What the last sync did: applied, unchanged, or nothing because another instance on the same
   * PostgreSQL database was syncing this source (`busy`; that instance applies it for all).
   */
  outcome: 'applied' | 'unchanged' | 'busy' | null;
}

/** How often the sync looks for venues given a source since it started, ms. */
const RESCAN_MS = 60_000;
/** Sources fetched and read at once, by default. */
const DEFAULT_CONCURRENCY = 4;

/** The log a sync writes to (pino's shape). */
export interface SyncLogger {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

export interface SourceSyncOptions {
  store: Store;
  clock: () => Date;
  fetch: SourceFetchOptions;
  logger: SyncLogger;
  /** How often to look for venues given a source since the start, ms (default 60,000). */
  rescanMs?: number;
  /** The bounds of each source's read (default `DEFAULT_SOURCE_LIMITS`). */
  limits?: SourceLimits;
  /** Sources fetched, read and applied at once (default 4); one worker reads at a time. */
  concurrency?: number;
}

/**
 * What one source's sync keeps between runs: the validators and the hash of the bytes applied,
 * for the source as configured then (`config`: a re-import that changes its address or extras
 * makes the next sync fetch and apply it whole).
 */
interface Kept {
  config: string;
  validators: SourceValidators;
  sha256: string | undefined;
}

/** The one line a failure is logged with: our errors' messages; the first line of anything else. */
function causeOf(error: unknown): string {
  if (error instanceof SourceFormatError) {
    const [first] = error.problems;
    const more = error.problems.length > 1 ? ` (and ${error.problems.length - 1} more)` : '';
    return first ? `${first.path}: ${first.message}${more}` : 'the source was refused';
  }
  if (error instanceof SourceFetchError || error instanceof SourceReadError) return error.message;
  return (error instanceof Error ? error.message : String(error)).split('\n')[0]!;
}

/** The sync of every source venue of a store; nothing runs until `start()` or `syncAll()`. */
export class SourceSync {
  readonly #options: SourceSyncOptions;
  readonly #states = new Map<string, SourceState>();
  readonly #kept = new Map<string, Kept>();
  readonly #timers = new Map<string, NodeJS.Timeout>();
  /** Each source venue's `refresh_seconds`, as its last sync read it (for `#schedule`). */
  readonly #refreshSeconds = new Map<string, number>();
  readonly #running = new Map<string, Promise<SourceState>>();
  readonly #slots: Slots;
  readonly #reader: SourceReader;
  readonly #maxProblems: number;
  #stopped = false;
  #rescanTimer: NodeJS.Timeout | undefined;

  constructor(options: SourceSyncOptions) {
    this.#options = options;
    this.#slots = new Slots(options.concurrency ?? DEFAULT_CONCURRENCY);
    const limits = options.limits ?? DEFAULT_SOURCE_LIMITS;
    this.#reader = new SourceReader(limits);
    this.#maxProblems = limits.maxProblems;
  }

  /** Each source venue's state, in slug order. */
  states(): SourceState[] {
    return [...this.#states.values()].sort((a, b) => a.venue.localeCompare(b.venue));
  }

  /** Syncs every source venue once, at the same time; resolves with their states. */
  async syncAll(): Promise<SourceState[]> {
    const slugs = await this.#options.store.sourceVenues();
    return Promise.all(slugs.map((slug) => this.syncVenue(slug)));
  }

  /**
   * Syncs every source at once, then each again every `refresh_seconds` until `stop()`; a venue
   * given a source while the server runs (an import) is found within `rescanMs`.
   */
  async start(): Promise<void> {
    await this.#rescan();
  }

  /** Syncs and schedules the source venues not scheduled yet, then looks again later. */
  async #rescan(): Promise<void> {
    try {
      const fresh = (await this.#options.store.sourceVenues()).filter((s) => !this.#timers.has(s));
      await Promise.all(fresh.map((slug) => this.#tick(slug)));
    } catch (error) {
      this.#options.logger.warn({ cause: causeOf(error) }, `sources not listed: ${causeOf(error)}`);
    }
    if (this.#stopped) return;
    const timer = setTimeout(() => void this.#rescan(), this.#options.rescanMs ?? RESCAN_MS);
    timer.unref();
    this.#rescanTimer = timer;
  }

  /**
   * Syncs venue `slug` and schedules its next sync; never rejects (a store that fails, or a venue
   * that no longer has a source, is logged; the venue is looked at again at the next rescan).
   */
  async #tick(slug: string): Promise<void> {
    try {
      await this.syncVenue(slug);
      this.#schedule(slug);
    } catch (error) {
      this.#timers.delete(slug);
      this.#options.logger.warn(
        { venue: slug, cause: causeOf(error) },
        `source of venue "${slug}" not synced: ${causeOf(error)}`,
      );
    }
  }

  /** Stops the timers, waits for the syncs under way and ends the reading workers. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#rescanTimer);
    for (const timer of this.#timers.values()) clearTimeout(timer);
    this.#timers.clear();
    await Promise.allSettled(this.#running.values());
    await this.#reader.close();
  }

  /** Syncs venue `slug` now (once at a time: a second call joins the first). */
  syncVenue(slug: string): Promise<SourceState> {
    let run = this.#running.get(slug);
    if (!run) {
      run = this.#slots.run(() => this.#sync(slug)).finally(() => this.#running.delete(slug));
      this.#running.set(slug, run);
    }
    return run;
  }

  /** Schedules venue `slug`'s next sync, `refresh_seconds` as its last sync read it. */
  #schedule(slug: string): void {
    const seconds = this.#refreshSeconds.get(slug);
    if (this.#stopped || seconds === undefined) {
      this.#timers.delete(slug);
      return;
    }
    const timer = setTimeout(() => void this.#tick(slug), seconds * 1000);
    timer.unref();
    this.#timers.set(slug, timer);
  }

  /** One line for an applied source; a warning naming the first events it skipped, if any. */
  #logApplied(state: SourceState): void {
    const { venue, host, events, skipped, skippedEvents } = state;
    if (skipped === 0) {
      this.#options.logger.info({ venue, host, events }, 'source applied');
      return;
    }
    const named = skippedEvents
      .slice(0, 3)
      .map((p) => `${p.path}${p.line === undefined ? '' : ` (line ${p.line})`}: ${p.message}`)
      .join('; ');
    this.#options.logger.warn(
      { venue, host, events, skipped, skippedEvents },
      `source of venue "${venue}" applied with ${skipped} event${skipped === 1 ? '' : 's'} skipped: ${named}`,
    );
  }

  async #sync(slug: string): Promise<SourceState> {
    const { store, clock, logger } = this.#options;
    const venue = await store.storedVenue(slug);
    if (!venue?.source) {
      this.#refreshSeconds.delete(slug);
      throw new Error(`venue "${slug}" has no source`);
    }
    const { url } = venue.source;
    this.#refreshSeconds.set(slug, venue.source.refreshSeconds);
    const state: SourceState = this.#states.get(slug) ?? {
      venue: slug,
      host: new URL(url).host,
      lastSuccessMs: null,
      lastAttemptMs: null,
      failures: 0,
      events: null,
      lastError: null,
      skipped: 0,
      skippedEvents: [],
      outcome: null,
    };
    this.#states.set(slug, state);
    const now = clock();
    state.lastAttemptMs = now.getTime();
    const config = JSON.stringify(venue.source);
    const last = this.#kept.get(slug);
    const kept = last?.config === config ? last : { config, validators: {}, sha256: undefined };
    let release: (() => Promise<void>) | undefined;
    try {
      release = await store.sourceLock(slug);
      if (!release) {
        state.outcome = 'busy';
        return state;
      }
      const fetched = await fetchSource(url, kept.validators, this.#options.fetch);
      const sha256 =
        fetched.status === 'fetched'
          ? createHash('sha256').update(fetched.body).digest('hex')
          : kept.sha256;
      if (fetched.status === 'fetched' && sha256 !== kept.sha256) {
        const { body, contentType } = fetched;
        const context = { zone: venue.timezone, now, language: venue.language };
        const read = await this.#reader.read({
          source: venue.source,
          body,
          contentType,
          url,
          context,
        });
        // The check and the write run on the thread that serves requests: the requests that came
        // in while the source was fetched and read are answered first (a thousand venues syncing
        // at start would otherwise apply back to back, each request waiting behind several).
        await new Promise((resolve) => setImmediate(resolve));
        const applied = await applySourceEvents(store, venue, read.events, now);
        state.events = applied.events;
        state.skipped = read.skippedCount + applied.skipped.length;
        state.skippedEvents = [...read.skipped, ...applied.skipped].slice(0, this.#maxProblems);
        state.outcome = 'applied';
        this.#logApplied(state);
      } else {
        state.events ??= venue.events.length;
        state.outcome = 'unchanged';
      }
      this.#kept.set(slug, {
        config,
        validators: fetched.status === 'fetched' ? fetched.validators : kept.validators,
        sha256,
      });
      state.lastSuccessMs = clock().getTime();
      state.lastError = null;
    } catch (error) {
      state.failures++;
      state.lastError = causeOf(error);
      logger.warn(
        { venue: slug, host: state.host, cause: state.lastError },
        `source of venue "${slug}" not applied, its last good listing kept: ${state.lastError}`,
      );
    } finally {
      await release?.();
    }
    return state;
  }
}
