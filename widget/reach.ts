/**
 * What the widget loads after its script, alongside the first API request (as `wire.ts`): the
 * structured data of the events on screen and the share control's work. Kept out of the initial
 * script, whose size is budgeted (README "Size").
 */
import type { EventResource } from '../shared/contract.js';
import { eventStructuredData, jsonLdText } from '../shared/rules/structured-data.js';
import { eventPageUrl } from './api.js';
import { localToday } from './buy-state.js';
import { excerpt } from './format.js';
import type { Messages } from './messages.js';
import { policy } from './trusted-html.js';

/**
 * What this module reads and writes of a `<venue-events>` or `<venue-event>` (`VenueElement`
 * keeps these members to itself and its helpers).
 */
interface Host extends HTMLElement {
  venue: string;
  clock: () => number;
  i18n: { t: Messages };
  updateComplete: Promise<boolean>;
  /** The widget's one polite live region's text. */
  announcement: string;
  /** The id of the event whose link was just copied. */
  copied: string | undefined;
  /** The element's JSON-LD block, a light-DOM child it owns (re-added when it is re-added). */
  ld: HTMLScriptElement | undefined;
}

/** The events each element's block describes. */
const described = new WeakMap<Host, readonly EventResource[]>();
/** The timer that takes each element's "Link copied" away. */
const copiedTimers = new WeakMap<Host, ReturnType<typeof setTimeout>>();

/** Plain text of venue HTML: an inert DOMParser document's `textContent`, as excerpts are read. */
const plainText = (html: string) => excerpt(html, Infinity);

/**
 * The `<script type="application/ld+json">` describing `events` (README "Structured data"): the
 * shared builder's schema.org `Event`s (one per described stop of a tour), serialised so no value
 * can close the element. The widget knows neither the venue's zone (so `startDate` has no UTC
 * offset and `today` is the visitor's date) nor its name, website or address (so the venue is
 * named by its slug, as the proxy names it, and the shared builder gives a `Place` the event's
 * location label as a text address). Undefined when there is
 * nothing to describe. A data block: never executed, whatever it contains.
 */
export function jsonLdBlock(
  events: readonly EventResource[],
  venue: string,
  today: string,
): HTMLScriptElement | undefined {
  // Where Trusted Types exist but the page did not allow the widget's policy, script text cannot
  // be set without a violation: no block.
  if (!policy && 'trustedTypes' in globalThis) return undefined;
  const data = events.flatMap((event) => {
    try {
      return eventStructuredData(event, { slug: venue, name: venue }, { today, plainText });
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
 * Describes `events` (those on screen) in `host`'s one JSON-LD block, replacing the block of the
 * events it showed before (nothing when they are the same events); no events, no block.
 */
export function describe(el: HTMLElement, events: readonly EventResource[]): void {
  const host = el as Host;
  const before = described.get(host) ?? [];
  if (events.length === before.length && events.every((e, i) => e === before[i])) return;
  described.set(host, events);
  host.ld?.remove();
  host.ld = events.length ? jsonLdBlock(events, host.venue, localToday(host.clock())) : undefined;
  if (host.ld && host.isConnected) host.append(host.ld);
}

/**
 * The share control of `event` on `host`: the share sheet where the browser has one, else the
 * event page's link copied to the clipboard, with "Link copied" beside the button (for 5 s) and
 * in the live region (cleared first, so copying again is announced again).
 */
export async function share(el: HTMLElement, event: EventResource): Promise<void> {
  const host = el as Host;
  const url = eventPageUrl(event, host.venue);
  if (!url || (await shareUrl(url, event.attributes.title)) !== 'copied') return;
  host.announcement = '';
  await host.updateComplete;
  const said = (host.announcement = host.i18n.t.linkCopied);
  host.copied = event.id;
  clearTimeout(copiedTimers.get(host));
  copiedTimers.set(
    host,
    setTimeout(() => {
      host.copied = undefined;
      if (host.announcement === said) host.announcement = '';
    }, 5000),
  );
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
