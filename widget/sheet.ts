/**
 * The stylesheets of what the first paint draws (`first-paint.ts`): constructable stylesheets,
 * adopted by its shadow roots and then by the elements' (Lit takes a `CSSStyleSheet` in
 * `styles`), so each is parsed once. Not Lit's `css`: its module would add about 650 bytes
 * (brotli) to the script every first card waits for. Tagged `css` all the same, so the build
 * minifies the text (vite.config.ts `minifyCssLiterals`). `values` are put in as they are: plain
 * strings of our own (the palette's colours, `shared/palette.ts`), never a visitor's or a venue's.
 */
export function css(strings: TemplateStringsArray, ...values: string[]): CSSStyleSheet {
  const text = strings.reduce((all, part, i) => all + values[i - 1]! + part);
  // On the server (no CSSOM) the text itself, for the `<style>` of a declarative shadow root
  // (`declarative.ts` `sheetText`).
  if (typeof CSSStyleSheet === 'undefined') return { text } as unknown as CSSStyleSheet;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(text);
  return sheet;
}
