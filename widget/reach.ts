/**
 * What the widget loads after its script, alongside the first API request (as `wire.ts`): the
 * structured data of the events on screen and the share control's work. Kept out of the initial
 * script, whose size is budgeted (README "Size"); the state they belong to (the block in the
 * light DOM, "Link copied") is kept by the controllers of `reach-controllers.ts`.
 */
import type { EventResource } from '../shared/contract.js';
import { eventStructuredData, jsonLdText } from '../shared/rules/structured-data.js';
import { eventPageUrl, isSeveral } from './api.js';
import { excerpt } from './format.js';
import { policy } from './trusted-html.js';
import { localToday } from './buy-state.js';
import type { ReachHost, Sharing } from './reach-controllers.js';
import type { ReactiveController } from 'lit';

/** Plain text of venue HTML: an inert DOMParser document's `textContent`, as excerpts are read. */
const plainText = (html: string) => excerpt(html, Infinity);

/**
 * The `<script type="application/ld+json">` describing `events` (README "Structured data"): the
 * shared builder's schema.org `Event`s (one per described stop of a tour), serialised so no value
 * can close the element. The widget knows neither the venue's zone (so `startDate` has no UTC
 * offset and `today` is the visitor's date) nor its name, website or address (so the venue is
 * named by its slug, as the proxy names it, and the shared builder gives a `Place` the event's
 * location label as a text address). In a list of several venues each event's organiser and
 * place are its own venue (`attributes.venue`, docs/api.md §10.16), by its name; an event without
 * one is not described. Undefined when there is nothing to describe. A data block: never
 * executed, whatever it contains.
 */
export function jsonLdBlock(
  events: readonly EventResource[],
  venue: string,
  today: string,
): HTMLScriptElement | undefined {
  // Where Trusted Types exist but the page did not allow the widget's policy, script text cannot
  // be set without a violation: no block.
  if (!policy && 'trustedTypes' in globalThis) return undefined;
  const several = isSeveral(venue);
  const data = events.flatMap((event) => {
    const own = event.attributes.venue ?? (several ? undefined : { slug: venue, name: venue });
    if (!own) return [];
    try {
      return eventStructuredData(event, own, { today, plainText });
    } catch {
      return []; // an event the builder cannot read is not described; it is still shown
    }
  });
  if (data.length === 0) return undefined;
  const script = document.createElement('script');
  script.type = 'application/ld+json';
  const text = jsonLdText(data);
  // Script text is a Trusted Types sink, even for a data block: the policy vouches for JSON.
  script.text = policy?.createScript(text) ?? text;
  return script;
}

/**
 * The share control of `event`: its page (`{origin}/t/{venue}/events/{slug}`) in the share sheet
 * where the browser has one, else copied to the clipboard (the caller confirms it). `'failed'`
 * too when the event has no page to share.
 */
export function share(event: EventResource, venue: string): ReturnType<typeof shareUrl> {
  const url = eventPageUrl(event, venue);
  return url ? shareUrl(url, event.attributes.title) : Promise.resolve('failed');
}

/**
 * Shares `url` with the platform's share sheet where the browser has one (Web Share API), else
 * copies it to the clipboard. `'copied'` when it was copied (the caller confirms it), `'shared'`
 * when the sheet took it, `'cancelled'` when the visitor closed the sheet, `'failed'` otherwise.
 */
export async function shareUrl(
  url: string,
  title: string,
): Promise<'shared' | 'copied' | 'cancelled' | 'failed'> {
  const data = { title, url };
  if (navigator.share && navigator.canShare?.(data) !== false) {
    try {
      await navigator.share(data);
      return 'shared';
    } catch (error) {
      if ((error as Error).name === 'AbortError') return 'cancelled';
      // NotAllowedError and the like: fall back to copying.
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    return 'copied';
  } catch {
    return 'failed';
  }
}

/**
 * `sharing(host, …).share(event)`'s work (`reach-controllers.ts`): shares `event`; when its link
 * was copied, "Link copied" beside its button and said in the live region for 5 s (copying again
 * restarts them; disconnecting the host ends them).
 */
export async function shareEvent(
  host: ReachHost,
  state: Sharing,
  event: EventResource,
  say: () => () => void,
): Promise<void> {
  if ((await share(event, host.venue)) !== 'copied') return;
  state.end?.();
  const unsay = say();
  const watch: ReactiveController = { hostDisconnected: () => end() };
  const end = () => {
    if (state.end !== end) return;
    clearTimeout(timer);
    unsay();
    state.copied = state.end = undefined;
    host.removeController(watch);
    host.requestUpdate();
  };
  const timer = setTimeout(end, 5000);
  state.copied = event.id;
  state.end = end;
  host.addController(watch);
  host.requestUpdate();
}

/**
 * The element's one JSON-LD block (README "Structured data"): a `<script type="application/ld+json">`
 * light-DOM child describing the events on screen, rebuilt after an update that changed them (no
 * events, no block), removed while the element is disconnected and appended again on connect.
 */
export class StructuredDataController implements ReactiveController {
  private block: HTMLScriptElement | undefined;
  /** The events the block describes. */
  private described: readonly EventResource[] = [];

  /**
   * @param host the element whose light DOM holds the block
   * @param events the events on screen after an update
   */
  constructor(
    private readonly host: ReachHost,
    private readonly events: () => readonly EventResource[],
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    if (this.block) this.host.append(this.block);
  }

  hostDisconnected(): void {
    this.block?.remove();
  }

  hostUpdated(): void {
    const events = this.events();
    const before = this.described;
    if (events.length === before.length && events.every((e, i) => e === before[i])) return;
    this.described = events;
    if (!events.length) return this.write(undefined);
    this.write(jsonLdBlock(events, this.host.venue, localToday(this.host.clock())));
  }

  private write(block: HTMLScriptElement | undefined): void {
    this.block?.remove();
    this.block = block;
    if (block && this.host.isConnected) this.host.append(block);
  }
}
