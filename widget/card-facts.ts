/**
 * What a card shows of an event beyond its text, derived once for both of its renderers: the Lit
 * template (`event-card.ts`) and the first paint's (`first-paint.ts`), so the two differ only in
 * how they write the markup.
 */
import type { CompactOccurrence, EventResource } from '../shared/contract.js';
import { eventPageUrl } from './api.js';
import { safeUrl } from './format.js';
import type { CoreMessages } from './i18n/types.js';

/** A heading level for card titles: the `heading-level` attribute, 2 by default. */
export type HeadingLevel = 2 | 3 | 4 | 5 | 6;

/** `level` from an attribute value: an integer 2–6, else 2. */
export const headingLevel = (value: unknown): HeadingLevel =>
  ([2, 3, 4, 5, 6] as unknown[]).includes(value) ? (value as HeadingLevel) : 2;

export interface CardFacts {
  /** The title's element id, which names the card (`aria-labelledby`). */
  id: string;
  /** The image's absolute http(s) URL, when the event shows one. */
  image: string | undefined;
  cancelled: boolean;
  /** The event's page on the API's origin (docs/decisions.md "Buy link"), if it has one. */
  page: string | undefined;
  /** Its calendar file; none for a cancelled event. */
  ics: string | undefined;
  /** Access ids with a label in `t` (a newer server's unknown ones are not shown). */
  access: string[] | undefined;
}

export function cardFacts(event: EventResource, venue: string, base: string, t: CoreMessages) {
  const a = event.attributes;
  const cancelled = a.publish_status === 'cancelled';
  const page = eventPageUrl(event, venue);
  return {
    id: `event-${event.id}`,
    image: a.show_images ? safeUrl(a.small_image_path, base) : undefined,
    cancelled,
    page,
    ics: page && !cancelled ? `${page}.ics` : undefined,
    access: a.access?.filter((id) => id in t.accessLabels),
  } satisfies CardFacts;
}

/** What a stop's "Add to calendar" link adds: "Title, Sat 5 Dec 19:30, Leeds". */
export const stopWhat = (title: string, date: string, o: CompactOccurrence) =>
  `${title}, ${date} ${o.time_label}${o.location_label && `, ${o.location_label}`}`;
