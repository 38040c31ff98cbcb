/** Styles of the event card (`event-card.ts`), used by `<venue-events>` and `<venue-event>`. */
import { css } from './sheet.js';

export const cardStyles = css`
  .card {
    display: flex;
    flex-flow: column;
    height: 100%;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_bg);
    overflow: hidden;
  }
  .card img {
    display: block;
    width: 100%;
    height: auto;
    aspect-ratio: 16 / 9;
    object-fit: cover;
    background: var(--_border);
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
    min-height: 44px;
    margin: 0;
    color: var(--_muted);
    font-size: 0.8em;
    text-transform: uppercase;
    letter-spacing: 0.04em;
  }
  .badge {
    display: inline-block;
    padding: 0.05em 0.45em;
    border: 1px solid; /* its colour is the text's */
    border-radius: 999px;
    color: var(--_danger);
    font-weight: 700;
    letter-spacing: 0;
  }
  .title {
    margin: 0;
    font-size: 1.2em;
    font-weight: 700;
    line-height: 1.25;
    overflow-wrap: anywhere;
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
    margin: 0;
    padding-block: 0.4em;
    padding-inline: 0.6em;
    border-inline-start: 4px solid var(--_danger);
    color: var(--_danger);
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
    display: flex;
    flex-wrap: wrap;
    gap: 0.3em;
    margin: 0;
    padding: 0;
    font-size: 0.85em;
    list-style: none;
  }
  .access li {
    padding: 0 0.5em;
    border: 1px solid var(--_border);
    border-radius: 999px;
  }

  .buy {
    margin-top: auto;
    padding-top: 0.5em;
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
    min-width: 44px;
    padding: 0.4em 0.8em;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_bg);
    color: var(--_fg);
    font: inherit;
    cursor: pointer;
  }
`;
