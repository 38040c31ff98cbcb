/**
 * The share control's work (docs/widget.md "Sharing"): the event page in the platform's share
 * sheet, else copied to the clipboard, then "Link copied" for 5 s. Part of the chunk `reach.ts`
 * joins, loaded when a share control is first used (`reach-controllers.ts`, which keeps the
 * control's state in the element from the start).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { EventResource } from '../shared/contract.js';
import { eventPageUrl } from './api.js';

/** What sharing reads of its element. */
export interface SharingHost extends ReactiveControllerHost {
  /** The venue slug: the path of the pages shared. */
  readonly venue: string;
}

/** The share control's state: what the cards read and call. */
export interface Sharing {
  /** The id of the event whose link was just copied ("Link copied" shows beside its button). */
  copied?: string | undefined;
  /** Ends "Link copied" now (set while it shows). */
  end?: (() => void) | undefined;
  /** Shares `event` (the share control's click). */
  share(event: EventResource): void;
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
  host: SharingHost,
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
