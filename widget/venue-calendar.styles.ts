/**
 * Styles of `<venue-calendar>`: the month header, the grid of days (counts, or in a wide grid the
 * days' events by name) and the chosen day's cards.
 * Colours come only from `host.styles.ts`'s custom properties, so dark mode and a page's theme
 * apply as they do to the list.
 */
import { css } from 'lit';

export const calendarStyles = css`
  .header {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 0.5em;
    margin-block-end: 0.5em;
  }
  .month {
    font-size: 1.15em;
    font-weight: 700;
    text-align: center;
  }
  button {
    font: inherit;
    color: var(--_fg);
    background: var(--_bg);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: 0.3em 0.8em;
    cursor: pointer;
  }
  .nav {
    min-width: 2.75em;
    min-height: 2.75em;
  }
  .arrow {
    display: inline-block;
    font-size: 1.25em;
    line-height: 1;
  }
  /* The arrows point the way time runs on the page: right-to-left pages flip them. */
  .arrow:dir(rtl) {
    transform: scaleX(-1);
  }
  table {
    width: 100%;
    border-collapse: separate;
    border-spacing: 2px;
    table-layout: fixed;
  }
  /*
   * The weekday names shrink with a narrow grid (a phone), as its columns do: some languages have
   * no short names (Arabic's "short" Thursday is the whole word, wider than 0.85em lets a 390 px
   * phone's column hold), and a name wider than its column runs into the next one.
   */
  th {
    padding: 0.3em 0;
    font-size: min(0.85em, 3.3cqi);
    font-weight: 600;
    color: var(--_muted);
    text-align: center;
  }
  td {
    position: relative;
    height: 2.9em;
    padding: 0.25em;
    vertical-align: top;
    text-align: center;
    border: 1px solid transparent;
    border-radius: calc(var(--_radius) / 2);
  }
  td[data-date] {
    border-color: var(--_border);
    cursor: pointer;
  }
  td.has-events {
    font-weight: 700;
  }
  td[aria-current='date'] .num {
    text-decoration: underline;
    text-underline-offset: 0.2em;
  }
  td[aria-selected='true'] {
    background: var(--_accent);
    color: var(--_on-accent);
    border-color: var(--_accent);
  }
  td:focus-visible {
    outline: 3px solid var(--_focus);
    outline-offset: 1px;
  }
  .count {
    display: block;
    margin: 0.1em auto 0;
    width: fit-content;
    min-width: 1.6em;
    padding: 0 0.35em;
    border-radius: 1em;
    font-size: 0.75em;
    background: var(--_accent);
    color: var(--_on-accent);
  }
  td[aria-selected='true'] .count {
    background: var(--_on-accent);
    color: var(--_accent);
  }
  /*
   * A grid wide enough (its own width, not the viewport's) names each day's events, as the month
   * views visitors know do; a narrow one keeps the counts.
   */
  .cal {
    container-type: inline-size;
  }
  .names {
    display: none;
  }
  @container (width >= 44em) {
    td[data-date] {
      height: 6.5em;
      text-align: start;
    }
    .count {
      display: none;
    }
    .names {
      display: block;
      margin: 0.15em 0 0;
      padding: 0;
      list-style: none;
      font-size: 0.8em;
      font-weight: 400;
      line-height: 1.3;
    }
    /* Two lines a title at most, as much of it as a day's width allows. */
    .names li {
      display: -webkit-box;
      -webkit-box-orient: vertical;
      -webkit-line-clamp: 2;
      overflow: hidden;
      overflow-wrap: anywhere;
    }
    .names li + li {
      margin-block-start: 0.2em;
    }
    .names .time,
    .names .more {
      font-weight: 700;
      font-variant-numeric: tabular-nums;
    }
    .names .off {
      text-decoration: line-through;
    }
  }
  .day-events {
    margin-block-start: 1em;
  }
  .day-heading {
    margin-block-end: 0.5em;
    font-weight: 700;
  }
  .state {
    margin: 0.75em 0 0;
    padding: 1.25em;
    border: 1px dashed var(--_border);
    border-radius: var(--_radius);
    text-align: center;
  }
  .notice,
  .stop-note {
    margin: 0 0 0.5em;
    color: var(--_danger);
    font-weight: 600;
  }
  /* Forced colours drop backgrounds: the chosen day and the counts keep a system-colour frame. */
  @media (forced-colors: active) {
    td[aria-selected='true'] {
      border: 3px solid Highlight;
      forced-color-adjust: none;
      background: Highlight;
      color: HighlightText;
    }
    .count {
      border: 1px solid CanvasText;
    }
    td[aria-selected='true'] .count {
      background: HighlightText;
      color: Highlight;
    }
    td:focus-visible {
      outline-color: Highlight;
    }
  }
`;
