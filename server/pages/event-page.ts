/**
 * The public event page that buy links point at (`/t/{slug}/events/{event-slug}`, docs/decisions.md
 * "Buy link"), built from the event's API resource (docs/api.md §2) so it says exactly what the API
 * says: the event, its dates (every stop of a tour, each with an anchor), its ticket office, an
 * "Add to calendar" link, and its schema.org `Event` JSON-LD; a date's changed plans, its door
 * time and the age limit, and for a past event that it has ended (docs/api.md §10.20). This
 * server lists events but sells nothing; behind the proxy the same path redirects to the
 * platform's real page. Written in the request's language (`context.lang`, docs/api.md §10.5),
 * its links keeping the `locale=` it was asked with.
 */
import { DateTime } from 'luxon';
import type { EventResource, TicketOffice } from '../../shared/contract.js';
import {
  eventStructuredData,
  labelTime,
  stopAnchor,
  ticketOfficeOf,
} from '../../shared/rules/structured-data.js';
import type { AccessId } from '../../shared/rules/access.js';
import { allDayLast } from '../../shared/rules/all-day.js';
import { linkValues, withLinkParams } from '../../shared/rules/link-params.js';
import { isSoldOut, ticketUrlOf, waitlistUrlOf } from '../../shared/rules/ticket-url.js';
import { reminderGoogleUrl, type Reminder } from '../../shared/rules/reminder.js';
import { directionsUrl } from '../../shared/rules/directions.js';
import { withGeo } from './json-ld-geo.js';
import { escapeHtml } from '../lib/html.js';
import { plainText } from '../lib/html-text.js';
import {
  ageText,
  cardWords,
  doorsText,
  allDayHtml,
  endHtml,
  whenText,
  endOf,
  factsHtml,
  fewLeftHtml,
  fewTicketsLeft,
  fullStop,
  isPast,
  reasonHtml,
  scheduleOf,
  scheduleHtml,
  scheduleText,
  soldOut,
} from './event-facts.js';
import { ENGLISH, langText, stopTexts, textLang, type PageLang } from './i18n/index.js';
import { cancelledHtml } from './listing-page.js';
import { pastListing, placeHref, venueListing } from './listing-place.js';
import {
  eventHref,
  eventPath,
  excerpt,
  localWhen,
  pageShell,
  startDateOf,
  type PageContext,
  type PageVenue,
} from './page-shell.js';
import { languageLinks } from './alternates.js';

/** An absolute http(s) image URL for the page, when the venue shows images. */
function imageOf(resource: EventResource, base: string): string | null {
  const a = resource.attributes;
  if (!a.show_images || !a.small_image_path) return null;
  try {
    const url = new URL(a.small_image_path, `${base}/`);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A UTC instant as the venue's wall clock (UTC, labelled, when the zone is unknown). */
function instantWhen(iso: string, venue: PageVenue, lang: PageLang): string {
  if (!venue.timezone) return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
  const local = DateTime.fromMillis(Date.parse(iso), { zone: venue.timezone });
  return localWhen(local.toISODate()!, local.toFormat('HH:mm:ss'), lang);
}

/**
 * What the ticket office says, as one sentence in `lang` (and the venue's message, as it gives
 * it, when it has one).
 */
export function ticketSentence(
  office: TicketOffice,
  venue: PageVenue,
  lang: PageLang = ENGLISH,
): string {
  const { t } = lang;
  const message = office.message ? ` ${office.message}` : '';
  if (office.status === 'open') {
    return office.closes_at
      ? t.ticketsOnSaleUntil(instantWhen(office.closes_at, venue, lang))
      : t.ticketsOnSale;
  }
  switch (office.reason) {
    case 'manual':
      return `${t.salesClosed}${message}`;
    case 'scheduled':
      return `${t.salesEnded}${message}`;
    case 'event_ended':
      return t.eventEnded;
    case 'cancelled':
      return t.cancelledNoSales;
    case 'not_ticketed':
      return t.notSoldOnline;
    default:
      return t.salesClosed;
  }
}

type Attributes = EventResource['attributes'];

/**
 * ` <span class="schedule-status">Rescheduled — was Mon 14 Dec. Why</span>`: a tour stop's
 * changed plans (docs/api.md §10.20), escaped; '' when they did not change or the event is
 * cancelled (a cancellation says more than any move).
 */
function stopSchedule(
  a: Attributes,
  stop: Attributes['occurrences'][number],
  lang: PageLang,
): string {
  if (a.publish_status === 'cancelled') return '';
  const schedule = scheduleOf(a, stop);
  const text = scheduleText(schedule, stop.occurrence_date, lang);
  return text
    ? ` <span class="schedule-status">${escapeHtml(`${text}${fullStop(text)}`)}${reasonHtml(a, schedule, lang)}</span>`
    : '';
}

/**
 * A ticket or waiting list link `url` of `resource` as the page links it, escaped: with the
 * venue's `ticket_link_params` (docs/api.md §10.19), which the JSON-LD's `offers.url` never has.
 */
const shopHref = (url: string, resource: EventResource, venue: PageVenue, lang: PageLang) =>
  escapeHtml(
    withLinkParams(url, venue.ticketLinkParams, linkValues(resource, venue.slug, lang.tag)),
  );

/**
 * The `<li>`s of the event's dates: one for a single date, one per stop (with its anchor and its
 * changed plans), each with its end when the venue gives one (docs/api.md §10.18) and when its
 * doors open (§10.20).
 */
function dateItems(
  resource: EventResource,
  venue: PageVenue,
  open: boolean,
  lang: PageLang,
): string {
  const { t } = lang;
  const a = resource.attributes;
  const start = startDateOf(venue);
  const when = (date: string, time: string, stop?: (typeof a.occurrences)[number]) => {
    // docs/api.md §10.22: an all-day date says its days and "All day", no time and no end.
    const last = allDayLast(stop ?? a, date);
    if (last !== undefined) return allDayHtml(date, last, lang);
    const doors = doorsText(scheduleOf(a, stop), lang);
    return `<time datetime="${escapeHtml(start(date, time))}">${escapeHtml(localWhen(date, time, lang))}</time>${endHtml(venue, date, endOf(a, date, time, stop), lang)}${doors && ` · <span class="doors">${escapeHtml(doors)}</span>`}`;
  };
  if (a.date_mode === 'single') {
    return `<li>${when(a.event_date.slice(0, 10), a.event_time)}</li>`;
  }
  return a.occurrences
    .map((stop) => {
      const time = labelTime(stop.time_label) ?? '00:00:00';
      const where = stop.location_label
        ? ` — ${langText(stop.location_label, stopTexts(a, stop), lang, 'location_label')}`
        : '';
      const text = `${when(stop.occurrence_date, time, stop)}${where}`;
      const id = escapeHtml(stopAnchor(stop.occurrence_date, time));
      // A stop sold at its own shop (docs/api.md §10.19) links there while sales are open.
      const own = ticketUrlOf(stop);
      const tickets =
        open && own && own !== ticketUrlOf(a)
          ? ` <a href="${shopHref(own, resource, venue, lang)}">${t.tickets}</a>`
          : '';
      // A stop sold out on its own (docs/api.md §10.23) says so, with its waiting list.
      const waitlist = waitlistUrlOf(stop);
      const full = isSoldOut(stop)
        ? ` <span class="sold-out">${escapeHtml(cardWords(lang).soldOut)}</span>${
            waitlist
              ? ` <a href="${shopHref(waitlist, resource, venue, lang)}">${cardWords(lang).joinWaitlist}</a>`
              : ''
          }`
        : '';
      // A stop with a place of its own (docs/api.md §10.25) links directions there.
      const way = directionsHtml(ownDirections(stop), lang);
      return stop.status === 'cancelled'
        ? `<li id="${id}"><del>${text}</del> <span class="cancelled">${t.cancelledMark}</span></li>`
        : `<li id="${id}">${text}${way && ` · ${way}`}${full || tickets}${stopSchedule(a, stop, lang)}</li>`;
    })
    .join('\n');
}

/** A stop's own directions (docs/api.md §10.25: only a stop with a place of its own has them). */
const ownDirections = (stop: Attributes['occurrences'][number]): string | undefined =>
  'directions_url' in stop ? stop.directions_url : undefined;

/** `<a class="directions">Directions</a>` to `url` in `lang` (docs/api.md §10.25); '' for none. */
const directionsHtml = (url: string | undefined, lang: PageLang): string =>
  url ? `<a class="directions" href="${escapeHtml(url)}">${cardWords(lang).directions}</a>` : '';

/**
 * The line under the dates that says where (docs/api.md §10.25): a single event's location at the
 * venue and the directions there (the API's `directions_url`, the venue's); for a tour, the
 * venue's directions when a stop has no place of its own. '' when there is nothing to say.
 */
function placeLine(a: Attributes, venue: PageVenue, lang: PageLang): string {
  const single = a.date_mode === 'single';
  const here = single
    ? 'directions_url' in a
      ? a.directions_url
      : undefined
    : a.occurrences.some((stop) => ownDirections(stop) === undefined)
      ? directionsUrl(venue)
      : undefined;
  const where =
    a.location && single
      ? `${langText(a.location, a, lang, 'location')}, ${escapeHtml(venue.name)}`
      : '';
  const way = directionsHtml(here, lang);
  return where || way ? `<p>${[where, way].filter(Boolean).join(' · ')}</p>` : '';
}

/** `<ul>` of the labels of `ids` (docs/api.md §10.15) in `lang`. */
const accessList = (ids: readonly AccessId[], lang: PageLang): string =>
  `<ul class="access">\n${ids.map((id) => `<li>${escapeHtml(lang.t.accessLabels[id])}</li>`).join('\n')}\n</ul>`;

/**
 * The "Access" section (docs/api.md §10.15), '' for an event without access data: the list of
 * its provisions, or for a tour whose stops differ, each upcoming stop's (all stops when none is).
 */
export function accessSection(
  resource: EventResource,
  today: string,
  lang: PageLang = ENGLISH,
): string {
  const { t } = lang;
  const a = resource.attributes;
  if (a.access === undefined) return '';
  const heading = `<h2>${t.access}</h2>`;
  const upcoming = a.occurrences.filter((o) => o.occurrence_date >= today);
  const stops = upcoming.length > 0 ? upcoming : a.occurrences;
  const lists = new Set(stops.map((o) => (o.access ?? []).join(',')));
  if (a.date_mode === 'single' || lists.size <= 1) {
    const ids = a.date_mode === 'single' ? a.access : (stops[0]?.access ?? a.access);
    return ids.length > 0 ? `${heading}\n${accessList(ids, lang)}` : '';
  }
  const items = stops.map((stop) => {
    const date = stop.occurrence_date;
    const at = labelTime(stop.time_label) ?? '00:00:00';
    const when = whenText(date, at, allDayLast(stop, date), lang);
    const where = stop.location_label
      ? ` — ${langText(stop.location_label, stopTexts(a, stop), lang, 'location_label')}`
      : '';
    const labels = (stop.access ?? []).map((id) => t.accessLabels[id]).join(t.comma);
    return `<li>${escapeHtml(when)}${where}: ${escapeHtml(labels || t.noneListed)}</li>`;
  });
  return `${heading}\n<ul class="access">\n${items.join('\n')}\n</ul>`;
}

/**
 * What the event page says under its title: the category and age limit ("14+", docs/api.md
 * §10.20), "Cancelled." with the reason, a single date's changed plans, and for a past event that
 * it has ended, with a link to the venue's other past events.
 */
function statusLines(a: Attributes, venue: PageVenue, past: boolean, lang: PageLang): string {
  const { t } = lang;
  const muted = [
    a.category && langText(a.category, a, lang, 'category'),
    escapeHtml(ageText(a, lang)),
  ]
    .filter(Boolean)
    .join(' · ');
  const cancelled = cancelledHtml(a, lang);
  // A tour's stops say their own changed plans, each by its date (`dateItems`).
  const moved =
    a.date_mode === 'single' ? scheduleHtml(a, scheduleOf(a), a.event_date.slice(0, 10), lang) : '';
  const more = placeHref(pastListing(venueListing(venue, lang)));
  const ended = past
    ? `<p class="ended"><strong>${t.eventEnded}</strong> <a href="${escapeHtml(more)}">${t.pastEventsAt(escapeHtml(venue.name))}</a></p>`
    : '';
  return [muted && `<p class="muted">${muted}</p>`, cancelled, moved, ended]
    .filter(Boolean)
    .join('\n');
}

/**
 * When sales open (docs/api.md §10.23): the event's `on_sale_at` while its office is closed for
 * it (the API sends it only then), else undefined.
 */
const onSaleAt = (a: Attributes): string | undefined =>
  'on_sale_at' in a && a.ticket_office?.status === 'closed' ? a.on_sale_at : undefined;

/**
 * "Remind me" (docs/api.md §10.23): the reminder's `.ics` (`…/reminder.ics`, a `VALARM` at the
 * instant sales open) and its Google Calendar link, as the page's "Add to calendar" offers.
 */
function reminderLinks(
  resource: EventResource,
  venue: PageVenue,
  context: PageContext,
  onSale: string,
): string {
  const lang = context.lang ?? ENGLISH;
  const path = `${eventPath(venue.slug, resource.attributes.slug)}/reminder.ics`;
  const google = reminderGoogleUrl(reminderOf(resource, venue, context.base, lang, onSale));
  return `\n<p class="remind"><a href="${escapeHtml(`${path}${lang.carry && `?${lang.carry}`}`)}" download>${cardWords(lang).remindMe}</a> · <a href="${escapeHtml(google)}">Google Calendar</a></p>`;
}

/** The reminder of `resource`'s sales opening at `onSale` (`shared/rules/reminder.ts`). */
export function reminderOf(
  resource: EventResource,
  venue: PageVenue,
  base: string,
  lang: PageLang,
  onSale: string,
): Reminder {
  const a = resource.attributes;
  return {
    title: `${a.title} — ${cardWords(lang).onSale(instantWhen(onSale, venue, lang))}`,
    onSaleAt: onSale,
    pageUrl: `${base}${eventPath(venue.slug, a.slug)}`,
    uid: `${venue.slug}-${resource.id}`,
  };
}

/** Who sells the tickets, in `lang`: the venue's own shop (`shop`), else its platform. */
function footerOf(venue: PageVenue, shop: string | undefined, lang: PageLang): string {
  const name = escapeHtml(venue.name);
  return shop
    ? `<footer><p>${lang.t.sellsAt(name, escapeHtml(new URL(shop).host))}</p></footer>`
    : `<footer><p>${lang.t.sellsOnPlatform(name, '<code>--upstream</code>')}</p></footer>`;
}

/**
 * The event page's HTML (docs/decisions.md "Buy link"), in `context.lang` (docs/api.md §10.5).
 * A past event's page stays (docs/api.md §10.20), with its JSON-LD: it says it has ended, in
 * place of what its ticket office says, and sells nothing.
 */
export function eventPage(resource: EventResource, venue: PageVenue, context: PageContext): string {
  const lang = context.lang ?? ENGLISH;
  const { t } = lang;
  const a = resource.attributes;
  const office = ticketOfficeOf(a, context.today);
  const description = plainText(a.description);
  const image = imageOf(resource, context.base);
  const past = isPast(a, context.today);
  const paragraphs = description
    .split(/\n{2,}/)
    .filter((p) => p.trim())
    .map((p) => `<p>${escapeHtml(p.trim())}</p>`)
    .join('\n');
  // Its access labels in the page's language (docs/api.md §10.15), as the page shows them.
  // Where each place is on the map (docs/api.md §10.25), which only the server knows.
  const jsonLd = withGeo(
    eventStructuredData(resource, venue, {
      today: context.today,
      plainText,
      startDate: startDateOf(venue),
      accessLabels: t.accessLabels,
    }),
    resource,
    venue,
  );
  const access = accessSection(resource, context.today, lang);
  // Performers and price (docs/api.md §10.18) under the dates; "Few tickets left" by the tickets.
  const facts = factsHtml(a, { fewLeft: false }, lang);
  const fewLeft = fewTicketsLeft(a) ? `\n${fewLeftHtml(lang)}` : '';
  const firstDate =
    a.date_mode === 'single'
      ? whenText(
          a.event_date.slice(0, 10),
          a.event_time,
          allDayLast(a, a.event_date.slice(0, 10)),
          lang,
        )
      : null;
  // Where buyers go (docs/api.md §10.19): the venue's own ticket shop, when it gives one.
  const shop = ticketUrlOf(a);
  // A sold-out event's waiting list (docs/api.md §10.23) in its place.
  const waitlist = soldOut(a) ? waitlistUrlOf(a) : undefined;
  const buyLink =
    shop && office.status === 'open' && !past
      ? `\n<p class="buy"><a href="${shopHref(shop, resource, venue, lang)}">${t.buyTickets}</a></p>`
      : waitlist && !past
        ? `\n<p class="buy"><a href="${shopHref(waitlist, resource, venue, lang)}">${cardWords(lang).joinWaitlist}</a></p>`
        : '';
  // On sale later (docs/api.md §10.23): when, on the venue's clock, and a reminder of it.
  const onSale = onSaleAt(a);
  const sentence = soldOut(a)
    ? cardWords(lang).soldOut
    : onSale
      ? cardWords(lang).onSale(instantWhen(onSale, venue, lang))
      : ticketSentence(office, venue, lang);
  const remind = onSale && !past ? reminderLinks(resource, venue, context, onSale) : '';
  // The venue's listing in this language: its links (and the .ics) keep the `locale=` asked.
  const listing = venueListing(venue, lang);
  const name = escapeHtml(venue.name);
  const self = eventHref(venue.slug, a.slug, lang);
  const calendar = `${eventPath(venue.slug, a.slug)}.ics${lang.carry && `?${lang.carry}`}`;
  const body = `<header>
<p class="crumb"><a href="${escapeHtml(placeHref(listing))}">${t.whatsOnAt(name)}</a></p>
</header>
<main>
<article>
<h1${textLang(a, lang)}>${escapeHtml(a.title)}</h1>
${statusLines(a, venue, past, lang)}
<h2>${a.date_mode === 'single' ? t.when : t.dates}</h2>
<ul class="dates">
${dateItems(resource, venue, office.status === 'open', lang)}
</ul>
${placeLine(a, venue, lang)}${facts && `\n${facts}`}
${image ? `<p><img src="${escapeHtml(image)}" alt="${escapeHtml(('image_alt' in a && a.image_alt) || a.title)}" loading="lazy"></p>` : ''}
${paragraphs ? `<div class="description"${textLang(a, lang, 'description')}>\n${paragraphs}\n</div>` : ''}${access && `\n${access}`}
${past ? '' : `<p class="tickets">${escapeHtml(sentence)}</p>`}${remind}${fewLeft}${buyLink}
<ul class="actions">
<li><a href="${escapeHtml(calendar)}" download>${t.addToCalendar}</a></li>
<li><a href="${escapeHtml(placeHref(listing))}">${t.allEventsAt(name)}</a></li>
</ul>
</article>
</main>
${footerOf(venue, shop, lang)}`;
  return pageShell({
    title: `${a.title} · ${venue.name}`,
    description: excerpt(
      [firstDate, a.location, description].filter(Boolean).join(' — ') || a.title,
      160,
    ),
    canonical: `${context.base}${self}`,
    // Its other languages (docs/api.md §10.24), when the venue gives it more than one.
    links: languageLinks([resource], `${context.base}${self}`),
    jsonLd,
    body,
    lang,
  });
}
