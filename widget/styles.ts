/**
 * Styles shared by the widget's elements. Styling API: the `--venue-events-*` CSS custom
 * properties below and the `part`s named in each element's JSDoc. Inherited text properties are
 * reset on the host (except the font, which follows the page), so page-wide CSS does not leak in.
 */
import { css } from 'lit';

export const hostStyles = css`
  :host {
    --_accent: var(--venue-events-accent, #1a56db);
    --_on-accent: var(--venue-events-on-accent, #ffffff);
    --_fg: var(--venue-events-color, #1f2328);
    --_muted: var(--venue-events-muted-color, #59636e);
    --_bg: var(--venue-events-card-background, #ffffff);
    --_border: var(--venue-events-border-color, #d1d9e0);
    --_danger: var(--venue-events-danger-color, #b42318);
    --_radius: var(--venue-events-radius, 10px);
    --_gap: var(--venue-events-gap, 1rem);
    --_focus: var(--venue-events-focus-color, #1a56db);
    display: block;
    color: var(--_fg);
    font-size: inherit;
    font-family: inherit;
    font-style: normal;
    font-weight: 400;
    line-height: 1.45;
    letter-spacing: normal;
    text-align: start;
    text-transform: none;
    word-spacing: normal;
    white-space: normal;
  }
  @media (prefers-color-scheme: dark) {
    :host {
      --_accent: var(--venue-events-accent, #7aa2ff);
      --_on-accent: var(--venue-events-on-accent, #0b1020);
      --_fg: var(--venue-events-color, #e6e8eb);
      --_muted: var(--venue-events-muted-color, #a3acb8);
      --_bg: var(--venue-events-card-background, #171b22);
      --_border: var(--venue-events-border-color, #353c47);
      --_danger: var(--venue-events-danger-color, #ff8a80);
      --_focus: var(--venue-events-focus-color, #7aa2ff);
    }
  }
  :host([hidden]) {
    display: none;
  }
  *,
  *::before,
  *::after {
    box-sizing: border-box;
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
`;

export const cardStyles = css`
  .card {
    display: flex;
    flex-direction: column;
    height: 100%;
    margin: 0;
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
    flex-direction: column;
    gap: 0.4rem;
    flex: 1;
    padding: 0.9rem 1rem 1rem;
  }
  .meta {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.4rem;
    margin: 0;
    color: var(--_muted);
    font-size: 0.8em;
    text-transform: uppercase;
    letter-spacing: 0.04em;
  }
  .badge {
    display: inline-block;
    padding: 0.05rem 0.45rem;
    border: 1px solid currentColor;
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
  .date {
    margin: 0;
    font-weight: 600;
  }
  .location {
    margin: 0;
    color: var(--_muted);
    overflow-wrap: anywhere;
  }
  .excerpt,
  .description {
    margin: 0;
    overflow-wrap: anywhere;
  }
  .description :is(p, ul, ol) {
    margin: 0 0 0.5rem;
  }
  .cancelled-note {
    margin: 0;
    padding: 0.4rem 0.6rem;
    border-left: 4px solid var(--_danger);
    color: var(--_danger);
  }
  .is-cancelled .title {
    text-decoration: line-through;
  }
  .stops {
    margin: 0;
    padding: 0;
    font-size: 0.92em;
  }
  .stops ul {
    margin: 0.25rem 0 0;
    padding: 0;
    list-style: none;
  }
  .stops li {
    padding: 0.15rem 0;
    border-top: 1px dashed var(--_border);
  }
  .stop-cancelled s {
    color: var(--_muted);
  }
  .tag {
    margin-inline-start: 0.35rem;
    color: var(--_danger);
    font-weight: 700;
  }
  .next-stop {
    margin: 0;
  }
  .buy {
    margin-top: auto;
    padding-top: 0.5rem;
  }
`;
