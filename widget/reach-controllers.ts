/**
 * The entry's side of `reach.ts`, for `<venue-events>` and `<venue-event>` (a buy button describes
 * and shares nothing): the share control's state, and what adds the structured data controller
 * of the chunk once events are painted. The work (the structured data builder, the share sheet
 * and clipboard, "Link copied" and its timer) is in the chunk.
 */
import type { ReactiveController } from 'lit';
import type { EventResource } from '../shared/contract.js';
import { afterPaint } from './after-paint.js';
// Types only: the modules themselves come with the chunk, by `import()` (no import circle).
import type { DescribedHost } from './json-ld.js';
import type { Sharing } from './share.js';

export type { Sharing };

/**
 * Structured data and sharing (`reach.ts`), loaded after the script: once the first events are
 * painted, or when a share control is used first.
 */
export const reach = () => import('./reach.js');

/** What the controllers read of their element: its venue and clock (`json-ld.ts`, `share.ts`). */
export type ReachHost = DescribedHost;

/**
 * Gives `host` its one JSON-LD block (`StructuredDataController` of `reach.ts`) once it first
 * shows events, after they are painted: search engines read the block whenever it comes, and
 * the controller's code stays out of the budgeted script. If the chunk cannot load, no block.
 * @param events the events on screen after an update
 */
export function describeWhenShown(host: ReachHost, events: () => readonly EventResource[]): void {
  const waiting: ReactiveController = {
    hostUpdated() {
      if (!events().length) return;
      host.removeController(waiting);
      afterPaint(() =>
        reach().then((m) => {
          new m.StructuredDataController(host, events);
          host.requestUpdate();
        }, noop),
      );
    },
  };
  host.addController(waiting);
}

const noop = () => {};

/**
 * The share control of `host`: the share sheet, or the event page's link copied to the clipboard
 * (`reach.ts`), then "Link copied" beside the event's button and in the element's live region
 * for 5 s. Copying again restarts the 5 s and is announced again; disconnecting ends it.
 * @param say announces "Link copied" in the host's live region; returns what takes it back
 */
export function sharing(host: ReachHost, say: () => () => void): Sharing {
  const state: Sharing = {
    share: (event) => void reach().then((m) => m.shareEvent(host, state, event, say), noop),
  };
  return state;
}
