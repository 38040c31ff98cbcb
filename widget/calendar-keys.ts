/**
 * The keyboard of `<venue-calendar>`'s grid, the WAI-ARIA date grid: one tab stop (the roving
 * cell), arrow keys by day and week, Home/End to the week's ends, PageUp/PageDown by month (with
 * Shift by year), Enter and Space to choose the day. A key that leaves the month shows the month
 * it reached, and the focus follows the move once the host has drawn it.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import {
  monthOf,
  moveByKey,
  type IsoDate,
  type IsoMonth,
  type Weekday,
} from '../shared/rules/month-grid.js';

/** What the keys need of the calendar. */
export interface GridKeysOptions {
  /** The day the locale's weeks start on (Home, End). */
  firstDay: () => Weekday;
  /** Chooses a day (Enter, Space). */
  choose: (date: IsoDate) => void;
  /** Shows the month a key moved into. */
  showMonth: (month: IsoMonth) => void;
}

/** The grid's host: its shadow root holds the cells (`td[data-date]`). */
type GridHost = ReactiveControllerHost & HTMLElement & { readonly renderRoot: ParentNode };

export class GridKeysController implements ReactiveController {
  /** The date the visitor moved to or chose last: it keeps the tab stop in its month. */
  focusDate: IsoDate | undefined;
  /** Move focus to the roving cell after the next update (a key moved it). */
  private focusCell = false;

  constructor(
    private readonly host: GridHost,
    private readonly options: GridKeysOptions,
  ) {
    host.addController(this);
  }

  hostUpdated(): void {
    if (!this.focusCell) return;
    this.focusCell = false;
    this.host.renderRoot.querySelector<HTMLElement>('td[tabindex="0"]')?.focus();
  }

  /**
   * The cell of `month` that holds the tab stop: the focused date, else the first of `others`
   * (the chosen day, today) in the month, else its 1st.
   */
  rovingDate(month: IsoMonth, ...others: (IsoDate | undefined)[]): IsoDate {
    return [this.focusDate, ...others].find((d) => d && monthOf(d) === month) ?? `${month}-01`;
  }

  /** The grid's `keydown`. */
  readonly keydown = (e: KeyboardEvent): void => {
    const date = (e.target as Element).closest?.('td[data-date]')?.getAttribute('data-date');
    if (!date || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      this.options.choose(date);
      return;
    }
    // The grid's own direction: a standalone `<venue-calendar locale="ar">` is rtl inside its
    // shadow root while its host, in a left-to-right page, is not.
    const rtl = (e.target as Element).matches(':dir(rtl)');
    const to = moveByKey(date, e.key, {
      shift: e.shiftKey,
      rtl,
      firstDay: this.options.firstDay(),
    });
    if (!to) return;
    e.preventDefault();
    this.focusDate = to;
    this.focusCell = true;
    this.options.showMonth(monthOf(to));
    this.host.requestUpdate();
  };
}
