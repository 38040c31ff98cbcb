/** The filter bar's styles (`venue-events-filters.ts`). */
import { css } from 'lit';

/**
 * The bar's styles, in its own shadow root. The rows are exactly the space the list keeps for the
 * bar before it loads (`venue-events.styles.ts`): one row from 62em wide, three from 36em, and
 * under 36em (a phone) one again: the search field and "Filters (n)", a disclosure that opens the
 * rest below them (docs/widget.md "Filters"). The host's own width is the container the rows
 * follow. The list's page-wide resets (`host.styles.ts`) and its buttons' size
 * (`event-card.styles.ts`) do not reach into this root: the few the bar needs are here. Its
 * colours and fonts are inherited from the list, whose custom properties cross into it.
 */
export const barStyles = css`
  :host {
    display: block;
    container-type: inline-size;
  }
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
  button {
    min-height: 44px;
    min-width: 44px;
    cursor: pointer;
  }
  a:focus-visible,
  button:focus-visible,
  summary:focus-visible {
    outline: 3px solid var(--_focus);
    outline-offset: 2px;
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: -1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
    border: 0;
  }
  .bar {
    display: grid;
    grid-template-columns: minmax(10em, 1fr) repeat(6, auto);
    grid-auto-rows: max(44px, 2.75em);
    gap: 0.5em;
  }
  /* Wide enough for every control: no fold, the controls are the bar's own grid items. */
  .bar .fold {
    display: none;
  }
  .bar .more {
    display: contents;
  }
  /* Search, then up to three controls a row: category, access, from; reset, saved, subscribe. */
  @container (width < 62em) {
    .bar {
      /* The third column, the date's, a little wider: its field needs it most. */
      grid-template-columns: minmax(0, 1fr) minmax(0, 1fr) minmax(0, 1.4fr);
      grid-template-rows: repeat(3, max(44px, 2.75em));
    }
    .bar .search {
      grid-column: 1 / -1;
    }
    /* Several venues: their select beside the search, so the bar keeps its three rows. */
    .bar:has(.venue) .search {
      grid-column: 1 / 3;
    }
  }
  /*
   * A phone: the search and "Filters (n)" in one row, so the first card is near the top; the
   * rest, two a row, below them while open. "Filters (n)" is as wide as its words, the search
   * takes the rest: half the row cut the longer languages' placeholders ("Veranstaltungen s").
   */
  @container (width < 36em) {
    /* The open filters' row as tall as they are: they push the cards down, never overlap them. */
    .bar {
      grid-template-columns: minmax(0, 1fr) auto;
      grid-template-rows: max(44px, 2.75em);
      grid-auto-rows: auto;
    }
    .bar .search,
    .bar:has(.venue) .search {
      grid-column: auto;
    }
    /* As wide as its words, with room around them to read as a button beside the wide field. */
    .bar .fold {
      display: flex;
      align-items: center;
      justify-content: center;
      padding-inline: 1em;
    }
    .bar .more {
      display: none;
      grid-column: 1 / -1;
      grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
      grid-auto-rows: max(44px, 2.75em);
      gap: 0.5em;
    }
    /* A select shows its chosen option whole or cut: a row of its own ("Wszystkie kategorie"). */
    .bar .field:not(.from) {
      grid-column: 1 / -1;
    }
    .bar [aria-expanded='true'] + .more {
      display: grid;
    }
    .bar [aria-expanded='true'] {
      border-color: var(--_accent);
    }
  }
  /* Several venues: their select as well, still in one row. */
  @container (width >= 62em) {
    .bar:has(.venue) {
      grid-template-columns: minmax(10em, 1fr) repeat(7, auto);
    }
  }
  @container (width < 36em) {
    .bar :is(input, select, button, summary) {
      padding-inline: 0.35em;
      white-space: nowrap;
    }
    .bar .from span {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip-path: inset(50%);
      white-space: nowrap;
    }
  }
  .bar [aria-pressed='true'] {
    border-color: var(--_accent);
    font-weight: 700;
  }
  .bar label {
    display: flex;
    align-items: center;
    gap: 0.4em;
    min-width: 0;
    white-space: nowrap;
  }
  .bar :is(input, select, button, summary) {
    flex: 1;
    min-width: 0;
    height: 100%;
    margin: 0;
    padding: 0.3em 0.6em;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_bg);
    color: var(--_fg);
    font: inherit;
  }
  /* In one row a select is as wide as its longest option: the search field keeps its room. */
  @container (width >= 62em) {
    .bar select {
      max-width: 12em;
    }
  }
  /* A date field's focus is on its day, month or year, inside it: :focus-within (WCAG 2.4.7). */
  .bar :is(input, select):focus-visible,
  .bar input[type='date']:focus-within {
    outline: 3px solid var(--_focus);
    outline-offset: 2px;
  }
  .bar details {
    position: relative;
    display: flex;
  }
  .bar summary {
    display: flex;
    align-items: center;
    justify-content: center;
    cursor: pointer;
    list-style: none;
  }
  .bar summary::-webkit-details-marker {
    display: none;
  }
  /* Over the cards rather than pushing them down. */
  .bar details ul {
    position: absolute;
    inset-inline-end: 0;
    top: 100%;
    z-index: 1;
    min-width: 14em;
    margin: 0.25em 0 0;
    padding: 0.25em;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_bg);
    list-style: none;
  }
  .bar details a {
    display: block;
    padding: 0.6em;
    color: inherit;
  }
  @media (forced-colors: active) {
    .bar :is(input, select, button, summary) {
      border-color: ButtonText;
    }
  }
`;
