/**
 * What an event card offers besides its buy control, in one place for the elements that draw
 * cards with all of it from the start (`<venue-event>`, `<venue-calendar>`): sharing its page
 * (`reach-controllers.ts`: the share sheet or the copied link, and "Link copied"), saving it
 * (`saved.ts`) and adding it to a calendar (`calendar-menu.ts`). `<venue-events>` draws the same
 * from its lazy controls instead (`list-controls.ts`), so its first cards wait for none of them.
 */
import type { ReactiveElement } from 'lit';
import type { EventResource } from '../shared/contract.js';
// The styles before the menu: the chunk the three share is named after the last, the menu.
import { calendarMenuStyles } from './calendar-menu.styles.js';
import { savedStyles } from './saved.styles.js';
import { calendarMenu } from './calendar-menu.js';
import type { CardContext } from './event-card.js';
import { sharing, type ReachHost, type Sharing } from './reach-controllers.js';
import { SavedController, sourceOf } from './saved.js';

/** The styles of the calendar menu and the "Save" toggle, for the host's shadow root. */
export const cardActionStyles = [calendarMenuStyles, savedStyles];

/** The element whose cards these are: its venue, API, clock and locale (`sourceOf`). */
export type CardActionsHost = ReachHost & ReactiveElement & Parameters<typeof sourceOf>[0];

/** The card context's actions (`CardContext`): what `context` gives. */
export type Actions = Pick<CardContext, 'share' | 'copied' | 'calendarMenu' | 'save'>;

/** Sharing, saving and the calendar menu of one element's cards. */
export class CardActions {
  private readonly sharing: Sharing;
  /** The "Save" toggles' store (docs/widget.md "Saved nights"). */
  private readonly saving: SavedController;

  /**
   * @param host the element; re-rendered as "Link copied" and the saved events change
   * @param say announces "Link copied" in the host's live region; returns what takes it back
   */
  constructor(host: CardActionsHost, say: () => () => void) {
    this.sharing = sharing(host, say);
    this.saving = new SavedController(host, sourceOf(host));
  }

  /** The actions of this render's cards; no share control when `noShare`. */
  context(noShare: boolean): Actions {
    return {
      share: !noShare && ((event: EventResource) => this.sharing.share(event)),
      copied: this.sharing.copied,
      calendarMenu,
      save: this.saving.button,
    };
  }
}
