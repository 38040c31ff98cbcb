/**
 * Vue typings (`import type {} from 'venue-events/vue'`): the three custom elements as global
 * components, so templates type-check their attributes. Tell Vue they are custom elements with
 * `compilerOptions.isCustomElement: (tag) => tag.startsWith('venue-')`.
 */
import type { DefineComponent } from 'vue';
import type { EventResource } from './dist/types/shared/contract.js';

type Common = { venue: string; 'base-url'?: string; locale?: string; timeout?: number };

declare module 'vue' {
  interface GlobalComponents {
    'venue-events': DefineComponent<Common & { page?: number; 'heading-level'?: number }>;
    'venue-event': DefineComponent<
      Common & { 'event-id'?: string; event?: EventResource; 'heading-level'?: number }
    >;
    'venue-buy-button': DefineComponent<Common & { 'event-id'?: string; event?: EventResource }>;
  }
}
