/**
 * The script-tag build's elements (a chunk the script loads: `script.ts`): `<venue-events>` and
 * `<venue-buy-button>` are defined by it; `<venue-event>` by a chunk of its own, loaded at once
 * when the page holds one and otherwise once the page is idle after its first paint (after a
 * list's first cards), so an element added later (an embed builder's preview, a site builder)
 * upgrades too. That keeps the single-event element's code out of what every list page loads
 * (docs/benchmarks.md "Widget"). `import 'venue-events'` (`index.ts`) defines all three at once.
 */
import { afterPaint } from './after-paint.js';
import './venue-events.js';
import './venue-buy-button.js';

const defineVenueEvent = () => void import('./venue-event.js');
if (document.querySelector('venue-event')) defineVenueEvent();
else if (document.querySelector('venue-events')) {
  // Not while a list waits for its first page (the page is idle then): after it is painted, or
  // after 5 s if it never loads.
  document.addEventListener('venue-events-load', () => afterPaint(defineVenueEvent), {
    once: true,
  });
  setTimeout(defineVenueEvent, 5000);
} else afterPaint(defineVenueEvent);
