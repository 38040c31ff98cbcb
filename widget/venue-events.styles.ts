/**
 * Styles of `<venue-events>`: the grid, the compact layout and its skeleton, which the first paint
 * draws too; its empty and error states, which only the element draws, are in
 * `list-states.styles.ts`, and the pagination's in `list-controls.ts`, which draws it.
 * The declarations of a rule are in the order that gzips the widget's first script smallest
 * (measured, test/widget-build/size.test.ts), not a reading order.
 */
import { css } from './sheet.js';

export const listStyles = css`
  /*
   * The filter bar's and the view switch's space, kept before they load so the cards do not move
   * when they arrive. The bar: rows of max(44px, 2.75em), one row from 62em wide, three from 36em,
   * one (folded) below (its own grid, which the padding matches: 3 rows and 2 gaps (border-box)
   * while the width, 100%, is from 36em to under 62em).
   */
  venue-events-filters {
    display: block;
    min-height: max(44px, 2.75em);
    margin-bottom: 1em;
  }
  venue-events-filters:not(:defined) {
    padding-top: clamp(0px, min(62em - 100%, 100% - 35.99em) * 999, 3 * max(44px, 2.75em) + 1em);
  }
  .view-switch {
    display: flex;
    height: max(44px, 2.75em);
    margin-bottom: 1em;
    gap: 0.5em;
  }
  .list {
    /* In em, not rem: a page with html { font-size: 10px } keeps cards as wide as its text needs. */
    grid-template-columns: repeat(
      auto-fill,
      minmax(min(100%, var(--venue-events-card-min-width, max(16em, 240px))), 1fr)
    );
    display: grid;
    gap: var(--_gap);
    margin: 0;
    padding: 0;
    list-style: none;
  }
  /*
   * One line per event (layout="compact"): date, title and buy control, wrapping neatly in a
   * narrow sidebar. Here, not in the list's lazy controls: the first paint and the server's
   * widget.html draw the compact cards too (docs/api.md §10.17), which the element takes over
   * unchanged. Not nested under one :host(…): Safari drops rules nested in :host.
   */
  :host([layout='compact']) .list {
    grid-template-columns: 1fr;
    gap: 0.5em;
  }
  :host([layout='compact'])
    :is(
      img,
      .meta,
      .performers,
      .location,
      .excerpt,
      .stops,
      .actions,
      .cancelled-note,
      .schedule-status
    ) {
    display: none;
  }
  :host([layout='compact']) .body {
    flex-flow: row wrap;
    align-items: center;
    gap: 0.25em 0.75em;
    padding: 0.5em 0.75em;
  }
  :host([layout='compact']) .title {
    font-size: 1em;
    flex: 1 1 8em;
  }
  /* A list of several venues: the venue stays, after the title. */
  :host([layout='compact']) .venue {
    color: var(--_muted);
    font-size: 0.9em;
  }
  :host([layout='compact']) .buy {
    margin: 0;
    padding: 0;
  }
  /* Not dimmed while the next page loads: dimming would take the text below AA contrast. */
  .list[aria-busy='true'] {
    cursor: progress;
  }
  /* Still: a placeholder the size of a card, with no motion to distract or to turn off. */
  .skeleton {
    min-height: 22em;
    border-radius: var(--_radius);
    background: var(--_border);
    opacity: 0.5;
  }
`;
