/**
 * The one palette of venue-events (docs/decisions.md "One palette"): the widget's default colours
 * (`widget/host.styles.ts`, overridable by its `--venue-events-*` properties), the server's pages
 * (`server/pages/page-shell.ts`) and the embed builder (its page and the colour schemes it writes
 * into a snippet). The widget's colours were kept, since every site that embeds it shows them.
 * Text colours meet WCAG AA (at least 4.5:1) on their scheme's background and, light, on white:
 * accent 6.2:1, muted 6.1:1, danger 6.6:1, text 15.8:1; dark on `#171b22`: accent 6.9:1, muted
 * 7.5:1, danger 7.6:1, text 14.1:1. Plain values (no TypeBox, nothing else): the widget's script
 * takes them as they are.
 */

/** One colour scheme, as `#rrggbb`. */
export interface Palette {
  /** Body text. */
  text: string;
  /** Secondary text (dates, notes). */
  muted: string;
  /** The background (the widget's cards, the pages). */
  background: string;
  /** Borders and rules (decorative: cards, list separators). */
  border: string;
  /** Cancellations, errors, the 18+ badge. */
  danger: string;
  /** Links, buttons, the current page, focus rings. */
  accent: string;
  /** Text on the accent. */
  onAccent: string;
}

/**
 * Each colour of the schemes below, as a constant of its own: the bundler writes an imported
 * constant where it is used, so the widget's stylesheet (`widget/host.styles.ts`) carries its
 * colours as text, not these objects and a lookup.
 */
export const LIGHT_TEXT = '#1f2328';
export const LIGHT_MUTED = '#59636e';
export const LIGHT_BACKGROUND = '#ffffff';
export const LIGHT_BORDER = '#d1d9e0';
export const LIGHT_DANGER = '#b42318';
export const LIGHT_ACCENT = '#1a56db';
export const LIGHT_ON_ACCENT = '#ffffff';
export const DARK_TEXT = '#e6e8eb';
export const DARK_MUTED = '#a3acb8';
export const DARK_BACKGROUND = '#171b22';
export const DARK_BORDER = '#353c47';
export const DARK_DANGER = '#ff8a80';
export const DARK_ACCENT = '#7aa2ff';
export const DARK_ON_ACCENT = '#0b1020';

/** The light scheme. */
export const LIGHT: Palette = {
  text: LIGHT_TEXT,
  muted: LIGHT_MUTED,
  background: LIGHT_BACKGROUND,
  border: LIGHT_BORDER,
  danger: LIGHT_DANGER,
  accent: LIGHT_ACCENT,
  onAccent: LIGHT_ON_ACCENT,
};

/**
 * The dark scheme: the server's pages under `prefers-color-scheme: dark`; the widget on a page
 * whose `color-scheme` is dark (docs/widget.md "Styling").
 */
export const DARK: Palette = {
  text: DARK_TEXT,
  muted: DARK_MUTED,
  background: DARK_BACKGROUND,
  border: DARK_BORDER,
  danger: DARK_DANGER,
  accent: DARK_ACCENT,
  onAccent: DARK_ON_ACCENT,
};
