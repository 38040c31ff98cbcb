/**
 * Styles of the event card (`event-card.ts`), used by `<venue-events>` and `<venue-event>`.
 * The declarations of a rule are in the order that gzips the widget's first script smallest
 * (measured, test/widget-build/size.test.ts), not a reading order.
 */
import { css } from './sheet.js';

export const cardStyles = css`
  .card {
    display: flex;
    flex-flow: column;
    border: 1px solid var(--_border);
    overflow: hidden;
    border-radius: var(--_radius);
    background: var(--_bg);
    height: 100%;
  }
  .card img {
    display: block;
    aspect-ratio: 16 / 9;
    height: auto;
    background: var(--_border);
    object-fit: cover;
    width: 100%;
  }
  .body {
    display: flex;
    flex-flow: column;
    gap: 0.4em;
    flex: 1;
    padding: 0.9em 1em 1em;
  }
  /* As tall as the "Save" toggle that comes to its end after the first paint (saved.ts). */
  .meta {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.4em;
    letter-spacing: 0.04em;
    text-transform: uppercase;
    min-height: 44px;
    color: var(--_muted);
    font-size: 0.8em;
    margin: 0;
  }
  .badge {
    display: inline-block;
    padding: 0.05em 0.45em;
    letter-spacing: 0;
    border: 1px solid; /* its colour is the text's */
    border-radius: 999px;
    color: var(--_danger);
    font-weight: 700;
  }
  .title {
    font-size: 1.2em;
    margin: 0;
    line-height: 1.25;
    overflow-wrap: anywhere;
    font-weight: 700;
  }
  .date,
  .price {
    margin: 0;
    font-weight: 600;
  }
  .location,
  .venue,
  .performers,
  .excerpt {
    margin: 0;
    overflow-wrap: anywhere;
  }
  /* Not .venue (a list of several venues): each card's venue, as plain as its date. */
  .location {
    color: var(--_muted);
  }
  .card a {
    color: inherit;
  }
  /* Postponed or rescheduled (docs/api.md §10.20): marked as a cancellation is. */
  .cancelled-note,
  .schedule-status {
    padding-block: 0.4em;
    color: var(--_danger);
    padding-inline: 0.6em;
    margin: 0;
    border-inline-start: 4px solid var(--_danger);
  }
  .is-cancelled .title {
    text-decoration: line-through;
  }
  .stops {
    font-size: 0.92em;
  }
  .stops ul {
    margin: 0.25em 0 0;
    padding: 0;
    list-style: none;
  }
  .stops li {
    padding-block: 0.15em;
    border-top: 1px dashed var(--_border);
  }
  .stop-cancelled s {
    color: var(--_muted);
  }
  .tag {
    margin-inline-start: 0.35em;
    color: var(--_danger);
    font-weight: 700;
  }
  .next-stop {
    margin: 0;
  }
  .access {
    font-size: 0.85em;
    display: flex;
    flex-wrap: wrap;
    gap: 0.3em;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .access li {
    padding: 0 0.5em;
    border: 1px solid var(--_border);
    border-radius: 999px;
  }

  .buy {
    padding-top: 0.5em;
    margin-top: auto;
  }
  .buy venue-buy-button {
    background: none;
  }
  /* Beside the buy control, read with the card (no live region: said once, not on each render). */
  .few-left {
    margin: 0 0 0.3em;
    color: var(--_danger);
    font-weight: 700;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5em 1em;
    margin: 0;
  }
  /* Buttons of the cards, the pagination and the error states. */
  button {
    min-height: 44px;
    padding: 0.4em 0.8em;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    color: var(--_fg);
    font: inherit;
    background: var(--_bg);
    min-width: 44px;
    cursor: pointer;
  }
`;
