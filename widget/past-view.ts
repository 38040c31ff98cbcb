/**
 * Whether a `<venue-events>` offers the past events (docs/api.md §10.20, docs/widget.md): one of
 * its `views` words is `past` (`views="past"`, `views="list past"`). Read by the element and by
 * the server's `widget.html` (`declarative.ts`), not by the script's first paint, which never
 * draws the control that shows them (it comes with the list's controls, after the first cards).
 */
export const offersPast = (views: string | null | undefined): boolean =>
  /(^|\s)past(\s|$)/.test(views ?? '');
