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

/** The light scheme. */
export const LIGHT: Palette = {
  text: '#1f2328',
  muted: '#59636e',
  background: '#ffffff',
  border: '#d1d9e0',
  danger: '#b42318',
  accent: '#1a56db',
  onAccent: '#ffffff',
};

/**
 * The dark scheme: the server's pages under `prefers-color-scheme: dark`; the widget on a page
 * whose `color-scheme` is dark (docs/widget.md "Styling").
 */
export const DARK: Palette = {
  text: '#e6e8eb',
  muted: '#a3acb8',
  background: '#171b22',
  border: '#353c47',
  danger: '#ff8a80',
  accent: '#7aa2ff',
  onAccent: '#0b1020',
};
