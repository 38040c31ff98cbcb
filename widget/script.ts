/**
 * The script-tag build's entry (`dist/widget/venue-events.js`, `vite.config.ts`): the first paint
 * of each `<venue-events>` on the page (`first-paint.ts`), then the elements (`elements.ts`: Lit,
 * `<venue-events>`, `<venue-buy-button>`, `<venue-event>`), which take over what it drew. So a
 * visitor's first cards wait for this small script and the API response only
 * (docs/benchmarks.md "Widget"). The elements load at once when the page has nothing the first
 * paint draws, or a `<venue-event>` or `<venue-buy-button>` of its own (whose event it requests
 * meanwhile, `firstFetch`); otherwise once the first paint is on screen, or after 3 s if the API
 * is slower than that.
 */
import { afterPaint } from './after-paint.js';
import { firstFetch, firstPaint } from './first-paint.js';

// Lit is a chunk of its own (the elements' other chunks share it): asked for beside the elements,
// not once their chunk has arrived and named it. Neither module's exports are read here, as
// `.then(() => 0)` shows Rollup: given the modules themselves, it would keep every export of Lit
// (`svg`, `mathml`, `isServer`…) for that unread namespace, some 200 B gzip after the first paint.
const elements = () =>
  void Promise.all([import('lit').then(() => 0), import('./elements.js').then(() => 0)]);
const painting = customElements.get('venue-events')
  ? []
  : [...document.querySelectorAll('venue-events')].map(firstPaint).filter(Boolean);
if (!customElements.get('venue-buy-button'))
  document.querySelectorAll('venue-buy-button, venue-event').forEach(firstFetch);
if (!painting.length || document.querySelector('venue-buy-button, venue-event')) elements();
else
  void Promise.race([
    Promise.all(painting),
    new Promise((resolve) => setTimeout(resolve, 3000)),
  ]).then(() => afterPaint(elements));
