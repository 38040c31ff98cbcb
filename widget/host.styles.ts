/**
 * Styles every element of the widget shares. Styling API: the `--venue-events-*` custom
 * properties below and the `part`s named in each element's JSDoc.
 *
 * Nothing of the page leaks in: the host resets every inherited property (`all: initial`) and
 * takes back only the font family and size (the documented way the widget follows the page),
 * the direction, visibility and pointer events. The widget paints its own background
 * (`--venue-events-background`, default the card background), so its text meets WCAG AA
 * contrast whatever the page's background and the visitor's colour scheme. The default colours
 * are the one palette of venue-events (`shared/palette.ts`).
 */
import { DARK, LIGHT } from '../shared/palette.js';
import { css } from './sheet.js';

export const hostStyles = css`
  :host {
    all: initial;
    --_accent: var(--venue-events-accent, ${LIGHT.accent});
    --_on-accent: var(--venue-events-on-accent, ${LIGHT.onAccent});
    --_fg: var(--venue-events-color, ${LIGHT.text});
    --_muted: var(--venue-events-muted-color, ${LIGHT.muted});
    --_bg: var(--venue-events-card-background, ${LIGHT.background});
    --_border: var(--venue-events-border-color, ${LIGHT.border});
    --_danger: var(--venue-events-danger-color, ${LIGHT.danger});
    --_radius: var(--venue-events-radius, 10px);
    --_gap: var(--venue-events-gap, 1em);
    --_focus: var(--venue-events-focus-color, ${LIGHT.accent});
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
      --_accent: var(--venue-events-accent, ${DARK.accent});
      --_on-accent: var(--venue-events-on-accent, ${DARK.onAccent});
      --_fg: var(--venue-events-color, ${DARK.text});
      --_muted: var(--venue-events-muted-color, ${DARK.muted});
      --_bg: var(--venue-events-card-background, ${DARK.background});
      --_border: var(--venue-events-border-color, ${DARK.border});
      --_danger: var(--venue-events-danger-color, ${DARK.danger});
      --_focus: var(--venue-events-focus-color, ${DARK.accent});
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
