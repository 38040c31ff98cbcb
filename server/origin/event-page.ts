import { escapeHtml } from '../html.js';
import type { StoredEvent, VenueRecord } from '../store/store.js';

/** "Mon 7 Dec 2026, 19:30" from venue-local date and time parts, never shifted by a zone. */
function localWhen(date: string, time: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  }).format(new Date(`${date}T${time}Z`));
}

/**
 * The public event page that buy links point at (`/t/{slug}/events/{event-slug}`, decisions.md
 * "Buy link"). This server lists events but sells nothing, so the page names the event and says
 * where tickets are sold; behind the proxy the same path redirects to the platform's real page.
 */
export function eventPage(venue: VenueRecord, event: StoredEvent): string {
  const name = escapeHtml(venue.name);
  const title = escapeHtml(event.title);
  const dates =
    event.mode === 'single'
      ? [localWhen(event.date!, event.time!)]
      : event.stops.map(
          (s) =>
            `${localWhen(s.date, s.time)} — ${s.location}${s.status === 'cancelled' ? ' (cancelled)' : ''}`,
        );
  return `<!doctype html>
<html lang="en">
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · ${name}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem}</style>
<h1>${title}</h1>
<ul>${dates.map((d) => `<li>${escapeHtml(d)}</li>`).join('')}</ul>
${event.location ? `<p>${escapeHtml(event.location)}</p>` : ''}
<p>${name} sells tickets for this event on its ticketing platform. This listing server shows
events only; run it with <code>--upstream</code> in front of the platform to send buyers to the
real checkout.</p>
<p><a href="/">Back to ${name}'s events</a></p>
</html>
`;
}
