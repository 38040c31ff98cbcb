/**
 * Our stylesheets' text without comments and the whitespace CSS does not need: the build minifies
 * the widget's `css` literals with it (vite.config.ts), the server the `<style>` of the element it
 * draws (`declarative.ts`, docs/api.md §10.17). For our own CSS only: no string in it holds
 * whitespace that matters.
 */
export const minifyCss = (text: string): string =>
  text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};,>])\s*/g, '$1')
    // Inside brackets and around a product or a ratio (`calc(… * 999)`, `16 / 9`): no space is
    // needed; around `+` and `-` it is, and a space before `(` or after `)` may be a combinator.
    .replace(/\( | \)/g, (m) => m.trim())
    .replace(/([\d)]) ([*/]) (?=[\d(a-z])/g, '$1$2')
    .replace(/:\s+/g, ':') // never before a colon: `.a :is(p)` is a descendant selector
    .replace(/([:\s,(])0\.(\d)/g, '$1.$2') // `0.4em` is `.4em` (after a colon, space, comma or bracket)
    // `[layout='compact']` is `[layout=compact]`: an attribute value that is an identifier needs
    // no quotes (Prettier writes them; the compact layout's six selectors are in the first paint).
    .replace(/=(['"])([a-z][\w-]*)\1\]/gi, '=$2]')
    .replace(/;}/g, '}')
    .replace(/(@[\w-]+) \(/g, '$1('); // `@media (forced-colors…)` is `@media(forced-colors…)`
