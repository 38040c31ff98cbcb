/**
 * An event's "Add to calendar" menu (a native disclosure): its calendar file, and Google Calendar
 * and Outlook through the server's redirects (docs/api.md §10.6), which know the venue's time
 * zone (a tour's add its next date); before sales open, "Remind me" of that instant (§10.23: the
 * server's reminder file and its redirect to Google Calendar); and "Directions" to the event's place
 * (§10.25) when the API gives them. Loaded after the first paint; until then the card shows a
 * link to the calendar file in its place, at the same size (the menu's marker is hidden).
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { AnyEventAttributes, EventResource } from '../shared/contract.js';
import { directions, remindMe } from '../shared/i18n/en.js';
import { localeQuery } from './feed-urls.js';
import { loadedPack } from './i18n/load.js';
import type { I18n } from './i18n/types.js';

/** A link of the menu that opens in a new tab (a service's page, a map). */
const away = (href: string, text: string) =>
  html`<li><a part="calendar-option" href=${href} target="_blank" rel="noopener">${text}</a></li>`;

/**
 * "Remind me" of the instant `event`'s sales open while that is ahead of `nowMs` (docs/api.md
 * §10.23): the reminder file at `{page}/reminder.ics` and the same reminder in Google Calendar
 * through the server's redirect (`{page}/reminder/google`, titled on the venue's clock as the event
 * page's), `q` their query; nothing otherwise.
 */
function reminderItems(
  page: string,
  q: string,
  { t, locale }: I18n,
  a: AnyEventAttributes,
  nowMs: number,
) {
  const opensAt = 'on_sale_at' in a && a.on_sale_at ? Date.parse(a.on_sale_at) : NaN;
  if (!(opensAt > nowMs)) return nothing;
  return html`<li>
      <a part="calendar-option" href=${`${page}/reminder.ics${q}`}>${t.remindMe ?? remindMe}</a>
    </li>
    ${away(
      `${page}/reminder/google${q}`,
      `${t.remindMe ?? remindMe}: ${loadedPack(locale)?.filters.google ?? 'Google Calendar'}`,
    )}`;
}

/**
 * The menu of the event page `page` (`{origin}/t/{venue}/events/{slug}`) for `event` in the
 * element's language (`i18n`) at its `clock`'s instant (UTC epoch ms), its summary named as the
 * link it replaces (`part="calendar-link"`).
 */
export function calendarMenu(
  page: string,
  { i18n, clock }: { i18n: I18n; clock: () => number },
  event: EventResource,
): TemplateResult {
  const { t, locale } = i18n;
  const nowMs = clock();
  const what = event.attributes.title;
  // docs/api.md §10.25: only an https link, as the API promises (an upstream may say otherwise).
  const way = 'directions_url' in event.attributes ? event.attributes.directions_url : undefined;
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
      ${reminderItems(page, q, i18n, event.attributes, nowMs)}
      ${way?.startsWith('https://') ? away(way, t.directions ?? directions) : nothing}
    </ul>
  </details>`;
}
