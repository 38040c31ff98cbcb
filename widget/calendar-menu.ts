/**
 * An event's "Add to calendar" menu (a native disclosure): its calendar file, and Google Calendar
 * and Outlook through the server's redirects (docs/api.md §10.6), which know the venue's time
 * zone (a tour's add its next date). Loaded after the first paint; until then the card shows a
 * link to the calendar file in its place, at the same size (the menu's marker is hidden).
 */
import { html, type TemplateResult } from 'lit';
import { localeQuery } from './feed-urls.js';
import { loadedPack } from './i18n/load.js';
import type { I18n } from './i18n/types.js';

/**
 * The menu of the event page `page` (`{origin}/t/{venue}/events/{slug}`) for `what` (the event's
 * title) in the element's language, its summary named as the link it replaces
 * (`part="calendar-link"`).
 */
export function calendarMenu(page: string, { t, locale }: I18n, what: string): TemplateResult {
  // The files' and the services' own words ("Doors", "Event page") in the element's language.
  const query = localeQuery(locale);
  const q = query && `?${query}`;
  return html`<details class="calendar" part="calendar-menu">
    <summary part="calendar-link" aria-label=${t.addToCalendarFor(what)}>
      ${t.addToCalendar}
    </summary>
    <ul>
      <li><a part="calendar-option" href=${`${page}.ics${q}`}>${t.calendarFile}</a></li>
      <li>
        <a
          part="calendar-option"
          href=${`${page}/calendar/google${q}`}
          target="_blank"
          rel="noopener"
          >${
            // Google's own name for it in the language ("Google Kalender"), as the filter bar says.
            loadedPack(locale)?.filters.google ?? 'Google Calendar'
          }</a
        >
      </li>
      <li>
        <a
          part="calendar-option"
          href=${`${page}/calendar/outlook${q}`}
          target="_blank"
          rel="noopener"
          >Outlook</a
        >
      </li>
    </ul>
  </details>`;
}
