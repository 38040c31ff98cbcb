/**
 * The widget writes the API's query parameters by name (its URLs: widget/api.ts, calendar-feed.ts)
 * but cannot import shared/queries.ts, whose TypeBox would reach its bundle and its published
 * declarations. Its names are checked against queries.ts here, at compile time only: a type test
 * (`.test-d.ts`), which vitest does not run and `npm run typecheck` (tsc) compiles, so a parameter
 * renamed or added in queries.ts and not in the widget, or the reverse, fails `npm test` there
 * (issue 40: one definition of each parameter).
 */
import { describe, expectTypeOf, it } from 'vitest';
import type { FeedParameter, FilterParameter } from '../../shared/queries.js';
import type { Filters } from '../../widget/api.js';
import type { FeedQuery } from '../../widget/calendar-feed.js';

/** `saved` and `venue` are the widget's own filters, never sent as such (widget/api.ts). */
type WidgetOwn = 'saved' | 'venue';

describe("the widget's parameter names", () => {
  it("are the list filters' names of shared/queries.ts, besides the widget's own", () => {
    expectTypeOf<Exclude<keyof Filters, WidgetOwn>>().toEqualTypeOf<FilterParameter>();
  });

  // `locale` (docs/api.md §10.24) is not sent by the widget yet: its side of issue 50 is to come.
  it("are the calendar feed's names of shared/queries.ts (those the widget sends)", () => {
    expectTypeOf<Exclude<keyof FeedQuery, 'only'>>().toEqualTypeOf<
      Exclude<FeedParameter, 'timeZone' | 'locale'>
    >();
  });
});
