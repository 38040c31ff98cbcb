/**
 * The entry's side of `reach.ts`: two small Lit reactive controllers that `<venue-events>` and
 * `<venue-event>` add (a buy button describes and shares nothing). They own the state and its
 * lifecycle; the heavy work (the structured data builder, the share sheet and clipboard) stays
 * in the chunk, loaded after the script.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { EventResource } from '../shared/contract.js';
import { localToday } from './buy-state.js';

/**
 * Structured data and sharing (`reach.ts`), loaded after the script: started alongside the first
 * API request, awaited only once there are events to describe or share.
 */
export const reach = () => import('./reach.js');

/** What the controllers read of their element. */
export interface ReachHost extends ReactiveControllerHost, HTMLElement {
  /** The venue slug: the organiser of the events described, the path of the pages shared. */
  readonly venue: string;
  /** Current time in UTC epoch ms. */
  readonly clock: () => number;
}

/**
 * The element's one JSON-LD block (README "Structured data"): a `<script type="application/ld+json">`
 * light-DOM child describing the events on screen, rebuilt after an update that changed them (no
 * events, no block), removed while the element is disconnected and appended again on connect.
 */
export class StructuredDataController implements ReactiveController {
  private block: HTMLScriptElement | undefined;
  /** The events the block describes, or is being built for. */
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
    reach().then(
      // Only the latest events: a page shown before the chunk arrived is not described.
      (m) =>
        this.described === events &&
        this.write(m.jsonLdBlock(events, this.host.venue, localToday(this.host.clock()))),
      () => {},
    );
  }

  private write(block: HTMLScriptElement | undefined): void {
    this.block?.remove();
    this.block = block;
    if (block && this.host.isConnected) this.host.append(block);
  }
}

/**
 * The share control's state: the share sheet, or the event page's link copied to the clipboard
 * (`reach.ts`), then "Link copied" beside the event's button and in the element's live region
 * for 5 s. Copying again restarts the 5 s and is announced again; disconnecting ends it.
 */
export class ShareController implements ReactiveController {
  /** The id of the event whose link was just copied ("Link copied" shows beside its button). */
  copied: string | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Takes the announcement back, unless the live region has said something else since. */
  private unsay: (() => void) | undefined;

  /**
   * @param host the element to re-render
   * @param say announces "Link copied" in the host's live region; returns what takes it back
   */
  constructor(
    private readonly host: ReachHost,
    private readonly say: () => () => void,
  ) {
    host.addController(this);
  }

  hostDisconnected(): void {
    this.expire();
  }

  /** Shares `event` (the share control's click). */
  share(event: EventResource): void {
    reach().then(
      async (m) => {
        if ((await m.share(event, this.host.venue)) !== 'copied') return;
        this.expire();
        this.copied = event.id;
        this.unsay = this.say();
        this.timer = setTimeout(() => this.expire(), 5000);
        this.host.requestUpdate();
      },
      () => {},
    );
  }

  private expire(): void {
    if (this.copied === undefined) return;
    clearTimeout(this.timer);
    this.unsay!();
    this.copied = this.unsay = undefined;
    this.host.requestUpdate();
  }
}
