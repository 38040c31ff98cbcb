/**
 * The one palette (shared/palette.ts, docs/decisions.md "One palette"): its text colours meet
 * WCAG AA, and the server's pages and the embed builder take their colours from it.
 */
import { describe, expect, it } from 'vitest';
import { DARK, LIGHT, type Palette } from '../../shared/palette.js';
import { pageShell } from '../../server/pages/page-shell.js';
import { embedPage } from '../../server/web/embed-page.js';

/** WCAG 2 relative luminance of `#rrggbb`. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG 2 contrast ratio of two colours. */
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('the palette', () => {
  it.each([
    ['light', LIGHT],
    ['dark', DARK],
  ] as [string, Palette][])(
    '%s: text, muted, danger and accent meet 4.5:1 on the background, and on the accent its text does',
    (_scheme, p) => {
      for (const colour of [p.text, p.muted, p.danger, p.accent])
        expect(contrast(colour, p.background), colour).toBeGreaterThanOrEqual(4.5);
      expect(contrast(p.onAccent, p.accent)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it("light text colours meet 4.5:1 on white (a host page's background)", () => {
    for (const colour of [LIGHT.text, LIGHT.muted, LIGHT.danger, LIGHT.accent])
      expect(contrast(colour, '#ffffff'), colour).toBeGreaterThanOrEqual(4.5);
  });

  it("is the server pages' and the embed builder's", () => {
    const page = pageShell({
      title: 't',
      description: 'd',
      canonical: 'https://example.test/',
      jsonLd: [],
      body: '',
    });
    for (const p of [LIGHT, DARK]) {
      expect(page).toContain(`--accent:${p.accent}`);
      expect(page).toContain(`--fg:${p.text}`);
    }
    const palette = /<html lang="en" data-palette="([^"]*)"/.exec(embedPage(undefined))?.[1];
    const json = palette?.replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(+code));
    expect(JSON.parse(json ?? 'null')).toEqual({ light: LIGHT, dark: DARK });
  });
});
