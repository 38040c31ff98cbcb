/**
 * venue-events: `import 'venue-events'` registers `<venue-events>`, `<venue-event>` and
 * `<venue-buy-button>`. The script-tag build (`dist/widget/venue-events.js`) is this module bundled.
 */
export { VenueEvents } from './venue-events.js';
export { VenueEvent } from './venue-event.js';
export { VenueBuyButton } from './venue-buy-button.js';
export { buyState, type BuyState } from './buy-state.js';
export { VenueElement } from './venue-element.js';
export type { EventPage } from './wire.js';
