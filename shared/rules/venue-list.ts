/**
 * The one venue-list rule (docs/api.md §10.16, docs/decisions.md "Several venues"): what the
 * API's `venues`, `widget.html?venues=`, the widget's `venue` attribute and the embed builder
 * accept. Its own module, importing nothing of the filter rules: the widget loads it as a small
 * chunk of its own (`venue-events.ts`), and `venues.ts` re-exports it for the server. The embed
 * builder's script (`server/web/embed/embed.js`, served as it is) applies the same function to the
 * `SLUG` and `MAX_VENUES` its page renders; test/shared/venue-list.test.ts keeps the two equal.
 */
import { SLUG } from '../patterns.js';

/** Most venues one merged listing names. */
export const MAX_VENUES = 20;

// `whole(SLUG)` spelled out: the widget's budgeted script would export `whole` to this chunk.
const VENUE_SLUG = new RegExp(`^(?:${SLUG})$`);

/** A list of venues as the rule reads it: its slugs, or why it is refused. */
export type VenueList = { slugs: string[] } | { problem: string };

/**
 * The one venue-list rule: a slug given twice counts once (the first kept, in the order given);
 * then 1 to `MAX_VENUES` slugs, each a venue slug (`SLUG`). More are refused, never cut. Never
 * throws: a refusal is `{ problem }`, a sentence for whoever wrote the list.
 */
export function readVenueList(slugs: readonly string[]): VenueList {
  const unique = [...new Set(slugs)];
  if (!unique.length) return { problem: 'Name at least one venue slug.' };
  if (unique.length > MAX_VENUES)
    return { problem: `One list shows at most ${MAX_VENUES} venues; this names ${unique.length}.` };
  const bad = unique.find((slug) => !VENUE_SLUG.test(slug));
  if (bad !== undefined)
    return {
      problem: `“${bad}” is not a slug: a slug has lowercase letters, digits and single hyphens only.`,
    };
  return { slugs: unique };
}
