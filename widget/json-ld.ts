/**
 * The JSON-LD block of the events an element shows (README "Structured data"): a
 * `<script type="application/ld+json">` in the element's light DOM, built by the shared rules of
 * the server's pages. Part of the chunk `reach.ts` joins, loaded after the first events are
 * painted (`reach-controllers.ts`).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { EventResource } from '../shared/contract.js';
import { eventStructuredData, jsonLdText } from '../shared/rules/structured-data.js';
import { isSeveral } from './api.js';
import { localToday } from './buy-state.js';
import { excerpt } from './format.js';
import { resolveI18n } from './i18n/load.js';
import type { CoreMessages } from './i18n/types.js';
import { policy } from './trusted-html.js';

/** What the block's controller reads of its element. */
export interface DescribedHost extends ReactiveControllerHost, HTMLElement {
  /** The venue slug: the organiser of the events described. */
  readonly venue: string;
  /** Current time in UTC epoch ms. */
  readonly clock: () => number;
  /** The element's `locale` attribute (BCP 47), if any: its language is the block's too. */
  readonly locale?: string;
}

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
 * one is not described. The place features are named by `accessLabels` (the cards' words, in the
 * element's language, docs/api.md §10.15). Undefined when there is nothing to describe. A data
 * block: never executed, whatever it contains.
 */
export function jsonLdBlock(
  events: readonly EventResource[],
  venue: string,
  today: string,
  accessLabels?: CoreMessages['accessLabels'],
): HTMLScriptElement | undefined {
  // Where Trusted Types exist but the page did not allow the widget's policy, script text cannot
  // be set without a violation: no block.
  if (!policy && 'trustedTypes' in globalThis) return undefined;
  const several = isSeveral(venue);
  const data = events.flatMap((event) => {
    const own = event.attributes.venue ?? (several ? undefined : { slug: venue, name: venue });
    if (!own) return [];
    try {
      return eventStructuredData(event, own, { today, plainText, accessLabels });
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
    private readonly host: DescribedHost,
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
    const { t } = resolveI18n(this.host.locale, this.host);
    const today = localToday(this.host.clock());
    this.write(jsonLdBlock(events, this.host.venue, today, t.accessLabels));
  }

  private write(block: HTMLScriptElement | undefined): void {
    this.block?.remove();
    this.block = block;
    if (block && this.host.isConnected) this.host.append(block);
  }
}
