/**
 * JSX typings for React 19 (`import type {} from 'venue-events/jsx'` once in your app): the three
 * custom elements with their attributes and events. React 19 sets custom-element props as
 * properties and binds `on<event-name>` to the element's events (names without a colon).
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { EventResource } from './dist/types/shared/contract.js';
import type { EventPage } from './dist/types/widget/wire.js';
import type { VenueBuyButton, VenueEvent, VenueEvents } from './dist/types/widget/index.js';

/** `detail` of `venue-events-buy`: cancel it to open your own checkout instead of the link. */
export interface BuyDetail {
  event: EventResource;
  url: string;
}

type Common<T> = DetailedHTMLProps<HTMLAttributes<T>, T> & {
  venue: string;
  'base-url'?: string;
  locale?: string;
  timeout?: number;
  'onvenue-events-buy'?: (event: CustomEvent<BuyDetail>) => void;
};

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'venue-events': Common<VenueEvents> & {
        page?: number;
        'heading-level'?: number;
        'onvenue-events-load'?: (event: CustomEvent<EventPage>) => void;
      };
      'venue-event': Common<VenueEvent> & {
        'event-id'?: string;
        event?: EventResource;
        'heading-level'?: number;
        'onvenue-events-event-load'?: (event: CustomEvent<{ event: EventResource }>) => void;
      };
      'venue-buy-button': Common<VenueBuyButton> & {
        'event-id'?: string;
        event?: EventResource;
      };
    }
  }
}
