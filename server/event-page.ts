import { escapeHtml } from './html.js';
import type { VenueRecord } from './store.js';

/**
 * The public event page that buy links point at (`/t/{slug}/events/{event-slug}`, decisions.md
 * "Buy link"). This server lists events but sells nothing, so the page says so and links back;
 * behind the proxy the same path redirects to the platform's real ticket page.
 */
export function eventPage(venue: VenueRecord, eventSlug: string): string {
  const name = escapeHtml(venue.name);
  const slug = escapeHtml(eventSlug);
  return `<!doctype html>
<html lang="en">
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${slug} · ${name}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem}</style>
<h1>Tickets for “${slug}”</h1>
<p>${name} sells tickets for this event on its ticketing platform. This listing server shows
events only; point the widget at the platform (or run the server with <code>--upstream</code>)
to send buyers to the real checkout.</p>
<p><a href="/">Back to ${name}'s events</a></p>
</html>
`;
}
