/**
 * Saved nights (docs/widget.md "Saved nights"): a "Save" toggle per event that keeps the event in
 * the host page's `localStorage`, under a key of the API origin and the venue (the event's own in
 * a list of several venues, docs/widget.md "Several venues", which shows each venue's saved
 * events together); nothing is sent anywhere and no cookie is set. Loaded after the first paint (the cards keep room for the toggle).
 * Where storage cannot be used (blocked, a sandboxed frame, a full quota) there is no toggle.
 * Elements of the same venue on one page stay in step (an in-page event), as do other tabs
 * (`storage` events). An entry drops out by itself once its last date is before today.
 */
import { html, type ReactiveController, type ReactiveElement, type TemplateResult } from 'lit';
import type { EventResource } from '../shared/contract.js';
import { fetchEvent, isSeveral, venueSlugs, type Filters, type RequestOptions } from './api.js';
import { apiBase } from './attributes.js';
import { resolveI18n } from './i18n/load.js';
import type { CoreMessages } from './i18n/types.js';
import { localToday } from './buy-state.js';
import { knownVenues, type EventPage } from './wire.js';
import { isNotFound } from './venue-element.js';

/** One saved event: its id and its last venue-local date (`YYYY-MM-DD`), after which it drops out. */
export interface SavedEntry {
  id: string;
  until: string;
}

/** A saved entry as an element reads it: with the venue it is kept under. */
export interface KeptEntry extends SavedEntry {
  venue: string;
}

/** Whose saved events an element shows, read on each use (the element's may change). */
export interface SavedSource {
  venue: string;
  /** The API base the element fetches from. */
  base: string;
  /** Current time in UTC epoch ms. */
  now: number;
  /** The element's strings, in its language (the toggle's words). */
  t: CoreMessages;
}

/** What the widget's elements have in public: whose events, from which API, when, in which language. */
interface WidgetElement extends HTMLElement {
  venue: string;
  baseUrl?: string | undefined;
  clock: () => number;
  locale?: string | undefined;
}

/** The saved events' source of a `<venue-events>`, `<venue-event>` or `<venue-calendar>`. */
export const sourceOf =
  (el: WidgetElement): (() => SavedSource) =>
  () => ({
    venue: el.venue,
    base: apiBase(el.baseUrl),
    now: el.clock(),
    t: resolveI18n(el.locale, el).t,
  });

/** What a `<venue-events>` host offers: its filters, and asking the server again. */
interface SavedList {
  filters: Filters;
  refresh(): void;
}

/** Fired on `window` after a saved list changed, `detail` its storage key. */
const CHANGED = 'venue-events-saved';

/** The storage key of a venue's saved events: `venue-events:saved:{API origin}:{venue}`. */
export const savedKey = (base: string, venue: string): string =>
  `venue-events:saved:${new URL(base, location.href).origin}:${venue}`;

/** The venues an element's `venue` names: its one, or each of its several. */
const venuesOf = (venue: string): string[] => (isSeveral(venue) ? venueSlugs(venue) : [venue]);

/** The last venue-local date of `event`: a tour's last stop, else its date. */
const lastDate = (event: EventResource): string =>
  (event.attributes.occurrences.at(-1)?.occurrence_date ?? event.attributes.event_date).slice(
    0,
    10,
  );

/**
 * The saved entries under `key` still to come on `today` (venue-local dates compared with the
 * visitor's date: the widget does not know the venue's zone), or undefined when storage cannot be
 * used: reading throws (blocked, sandboxed), or, with `probe`, a test write fails (a full quota).
 */
export function readSaved(key: string, today: string, probe = false): SavedEntry[] | undefined {
  try {
    if (probe) {
      localStorage.setItem(`${key}:probe`, '1');
      localStorage.removeItem(`${key}:probe`);
    }
    let stored: unknown;
    try {
      stored = JSON.parse(localStorage.getItem(key) ?? '[]');
    } catch {
      stored = []; // not ours, or damaged: start again
    }
    return (Array.isArray(stored) ? (stored as Partial<SavedEntry>[]) : []).filter(
      (e): e is SavedEntry =>
        typeof e?.id === 'string' && typeof e.until === 'string' && e.until >= today,
    );
  } catch {
    return undefined;
  }
}

/**
 * A venue's saved events for one element: `has`, `toggle`, the toggle's template (`button`), and
 * the element re-rendered whenever the list changes here, in another element or in another tab.
 */
export class SavedController implements ReactiveController {
  /** The saved entries, read before each update; undefined when storage cannot be used. */
  entries: KeptEntry[] | undefined;
  /** Whether a test write succeeded once (a full quota fails it: no toggles then). */
  private writable = false;

  /**
   * @param host the element re-rendered when the list changes
   * @param source whose saved events, read on each use
   */
  constructor(
    private readonly host: ReactiveElement,
    private readonly source: () => SavedSource,
  ) {
    host.addController(this);
  }

  /** The storage keys of the element's venues. */
  private get keys(): string[] {
    const { base, venue } = this.source();
    return venuesOf(venue).map((v) => savedKey(base, v));
  }

  /** The venue `event` is kept under, if it is one of the element's: its own among several. */
  private venueOf(event: EventResource): string | undefined {
    const { venue } = this.source();
    const slug = event.attributes.venue?.slug ?? venue;
    return venuesOf(venue).includes(slug) ? slug : undefined;
  }

  private read(): void {
    const { base, venue, now } = this.source();
    const lists = venuesOf(venue).map((v) =>
      readSaved(savedKey(base, v), localToday(now), !this.writable)?.map((e) => ({
        ...e,
        venue: v,
      })),
    );
    // One venue's storage that cannot be used is all of them (they are the page's one storage).
    this.entries = lists.includes(undefined) ? undefined : (lists.flat() as KeptEntry[]);
    this.writable ||= this.entries !== undefined;
  }

  /** Reads the list before each update: the element's venue or API may have changed. */
  hostUpdate(): void {
    this.read();
  }

  private readonly changed = (e: Event) => {
    const key = e instanceof StorageEvent ? e.key : (e as CustomEvent<string>).detail;
    if (key !== null && !this.keys.includes(key)) return;
    this.host.requestUpdate();
    // A list showing the saved events shows the change too: one taken out leaves it.
    const list = this.host as Partial<SavedList>;
    if (list.filters?.saved) list.refresh?.();
  };

  hostConnected(): void {
    addEventListener('storage', this.changed);
    addEventListener(CHANGED, this.changed);
  }

  hostDisconnected(): void {
    removeEventListener('storage', this.changed);
    removeEventListener(CHANGED, this.changed);
  }

  /** Whether `event` is saved. */
  has(event: EventResource): boolean {
    const venue = this.venueOf(event);
    return !!this.entries?.some((e) => e.id === event.id && e.venue === venue);
  }

  /** Saves `event`, or forgets it when it is saved; every element of its venue follows. */
  toggle(event: EventResource): void {
    this.read();
    const venue = this.venueOf(event);
    if (!this.entries || !venue) return;
    const key = savedKey(this.source().base, venue);
    const rest = this.entries
      .filter((e) => e.venue === venue && e.id !== event.id)
      .map(({ id, until }) => ({ id, until }));
    const next = this.has(event) ? rest : [...rest, { id: event.id, until: lastDate(event) }];
    try {
      localStorage.setItem(key, JSON.stringify(next));
    } catch {
      this.entries = undefined; // the quota ran out: no toggles from now on
    }
    dispatchEvent(new CustomEvent(CHANGED, { detail: key }));
  }

  /**
   * The "Save" toggle of `event` (`part="save"`, `aria-pressed`), or nothing without storage (or,
   * in a list of several venues, for an event without its venue).
   */
  readonly button = (event: EventResource): TemplateResult | undefined => {
    if (!this.entries || !this.venueOf(event)) return undefined;
    const { t } = this.source();
    const on = this.has(event);
    return html`<button
      class="save"
      part="save"
      aria-pressed=${on ? 'true' : 'false'}
      aria-label=${t.saveFor(event.attributes.title)}
      @click=${() => this.toggle(event)}
    >
      <span aria-hidden="true">${on ? '★' : '☆'}</span> ${t.save}
    </button>`;
  };
}

/**
 * The venue's saved events as one page for the list (its "Saved" filter), soonest first by their
 * venue-local date and time: each fetched by id (docs/api.md §4.2), of several venues from its
 * own venue and given that venue (`attributes.venue`, as a listing of several has it, §10.16; the
 * name is the slug until the widget has read the venue's). One that is gone (404) or whose last
 * date has passed is left out; one that could not be fetched or read otherwise is counted as
 * `unreadable`. None when storage cannot be used.
 * @param nowMs current time, UTC epoch ms (entries past their last date are not asked for)
 * @throws the abort reason, when `options.signal` aborts
 */
export async function savedPage(
  base: string,
  venue: string,
  options: RequestOptions,
  nowMs: number,
): Promise<EventPage> {
  const today = localToday(nowMs);
  const entries = venuesOf(venue).flatMap((slug) =>
    (readSaved(savedKey(base, slug), today) ?? []).map((e) => ({ ...e, venue: slug })),
  );
  const results = await Promise.allSettled(
    entries.map((e) => fetchEvent(base, e.venue, e.id, options).then((one) => one.event)),
  );
  options.signal.throwIfAborted();
  const several = isSeveral(venue);
  const events = results
    .flatMap((r, i) => {
      if (r.status !== 'fulfilled') return [];
      const slug = entries[i]!.venue;
      const own = knownVenues.get(slug) ?? { slug, name: slug, timezone: '' };
      return [
        several ? { ...r.value, attributes: { ...r.value.attributes, venue: own } } : r.value,
      ];
    })
    .filter((e) => lastDate(e) >= today)
    .sort((a, b) =>
      `${a.attributes.event_date}${a.attributes.event_time}`.localeCompare(
        `${b.attributes.event_date}${b.attributes.event_time}`,
      ),
    );
  const unreadable = results.filter((r) => r.status === 'rejected' && !isNotFound(r.reason)).length;
  return { page: 1, lastPage: 1, total: events.length, events, ...(unreadable && { unreadable }) };
}
