/**
 * Styles every element of the widget shares. Styling API: the `--venue-events-*` custom
 * properties below and the `part`s named in each element's JSDoc.
 *
 * Nothing of the page leaks in: the host resets every inherited property (`all: initial`) and
 * takes back only the font family and size (the documented way the widget follows the page),
 * the direction, visibility, pointer events and the page's `color-scheme`. The widget paints its
 * own background (`--venue-events-background`, default the card background), so its text meets
 * WCAG AA contrast whatever the page's background. The default colours are the one palette of
 * venue-events (`shared/palette.ts`), light or dark as the page's `color-scheme` says (light when
 * it says nothing), not as the visitor's `prefers-color-scheme`: a dark block in a white page
 * looks broken (docs/widget.md "Styling").
 */
import * as palette from '../shared/palette.js';
import { css } from './sheet.js';

export const hostStyles = css`
  :host {
    all: initial;
    /*
     * The palette's colours (shared/palette.ts) as light-dark(light, dark), resolved against the
     * color-scheme the host inherits from the page (docs/widget.md "Styling"), so a light page shows
     * the light colours whatever the visitor's own prefers-color-scheme. These declarations in the
     * order that gzips the widget's first script smallest (measured), not a reading order.
     */
    --_gap: var(--venue-events-gap, 1em);
    --_border: var(
      --venue-events-border-color,
      light-dark(${palette.LIGHT_BORDER}, ${palette.DARK_BORDER})
    );
    --_bg: var(
      --venue-events-card-background,
      light-dark(${palette.LIGHT_BACKGROUND}, ${palette.DARK_BACKGROUND})
    );
    --_muted: var(
      --venue-events-muted-color,
      light-dark(${palette.LIGHT_MUTED}, ${palette.DARK_MUTED})
    );
    /* The page's scheme, as a native form control takes it: light unless the page declares one. */
    color-scheme: inherit;
    --_on-accent: var(
      --venue-events-on-accent,
      light-dark(${palette.LIGHT_ON_ACCENT}, ${palette.DARK_ON_ACCENT})
    );
    --_fg: var(--venue-events-color, light-dark(${palette.LIGHT_TEXT}, ${palette.DARK_TEXT}));
    --_radius: var(--venue-events-radius, 10px);
    --_danger: var(
      --venue-events-danger-color,
      light-dark(${palette.LIGHT_DANGER}, ${palette.DARK_DANGER})
    );
    --_focus: var(
      --venue-events-focus-color,
      light-dark(${palette.LIGHT_ACCENT}, ${palette.DARK_ACCENT})
    );
    --_accent: var(
      --venue-events-accent,
      light-dark(${palette.LIGHT_ACCENT}, ${palette.DARK_ACCENT})
    );
    display: block;
    visibility: inherit;
    pointer-events: inherit;
    background: var(--venue-events-background, var(--_bg));
    color: var(--_fg);
    font-family: inherit;
    font-size: inherit;
    line-height: 1.45;
    /* No text-align: all: initial makes it start. */
  }
  :host([hidden]) {
    display: none;
  }
  *,
  ::before,
  ::after {
    box-sizing: border-box;
  }
  a:focus-visible,
  button:focus-visible {
    outline: 3px solid var(--_focus);
    outline-offset: 2px;
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    clip: rect(0 0 0 0);
    margin: -1px;
    white-space: nowrap;
    overflow: hidden;
    border: 0;
  }
`;
