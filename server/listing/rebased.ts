/**
 * A listing source whose events' links are on another base: what is written where a marker
 * cannot be filled in afterwards (iCalendar folds long lines; pages derive links from links) is
 * built from events on the request's own public base.
 */
import type { EventResource } from '../../shared/contract.js';
import { cutAtBase, fillBase } from '../http/public-base.js';
import type { ListingSource } from './source.js';

/** `event` with every link on `source.base` moved to `base` (the same object when they agree). */
export function rebasedEvent(event: EventResource, from: string, base: string): EventResource {
  if (from === base) return event;
  return JSON.parse(fillBase(cutAtBase(JSON.stringify(event), from), base)) as EventResource;
}

/** `source` with its events' links on `base` (no trailing slash); itself when they agree. */
export function rebasedSource(source: ListingSource, base: string): ListingSource {
  if (source.base === base) return source;
  return {
    ...source,
    base,
    count: (filter) => source.count(filter),
    categories: () => source.categories(),
    access: () => source.access(),
    async readShown(filter, offset, limit) {
      const { items, untilMs } = await source.readShown(filter, offset, limit);
      const rebased = items.map((item) => ({
        date: item.date,
        time: item.time,
        resource: () => rebasedEvent(item.resource(), source.base, base),
      }));
      return { items: rebased, untilMs };
    },
  };
}
