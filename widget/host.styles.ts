/**
 * Styles every element of the widget shares. Styling API: the `--venue-events-*` custom
 * properties below and the `part`s named in each element's JSDoc.
 *
 * Nothing of the page leaks in: the host resets every inherited property (`all: initial`) and
 * takes back only the font family and size (the documented way the widget follows the page),
 * the direction, visibility and pointer events. The widget paints its own background
 * (`--venue-events-background`, default the card background), so its text meets WCAG AA
 * contrast whatever the page's background and the visitor's colour scheme.
 */
import { css } from './sheet.js';

export const hostStyles = css`
  :host {
    all: initial;
    --_accent: var(--venue-events-accent, #1a56db);
    --_on-accent: var(--venue-events-on-accent, #ffffff);
    --_fg: var(--venue-events-color, #1f2328);
    --_muted: var(--venue-events-muted-color, #59636e);
    --_bg: var(--venue-events-card-background, #ffffff);
    --_border: var(--venue-events-border-color, #d1d9e0);
    --_danger: var(--venue-events-danger-color, #b42318);
    --_radius: var(--venue-events-radius, 10px);
    --_gap: var(--venue-events-gap, 1em);
    --_focus: var(--venue-events-focus-color, #1a56db);
    display: block;
    visibility: inherit;
    pointer-events: inherit;
    background: var(--venue-events-background, var(--_bg));
    color: var(--_fg);
    font-family: inherit;
    font-size: inherit;
    line-height: 1.45;
    text-align: start;
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
