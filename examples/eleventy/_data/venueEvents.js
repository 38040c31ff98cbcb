/* global fetch -- Node 20 has it */
/**
 * The venue's events as the server draws them (`GET /t/{slug}/widget.html`, docs/api.md §10.17),
 * fetched once per build. On a failure the page gets the plain link to the listing instead.
 * `VENUE_EVENTS_ORIGIN` is the venue-events server, `VENUE_EVENTS_VENUE` the venue's slug.
 */
export default async function () {
  const origin = process.env.VENUE_EVENTS_ORIGIN ?? 'http://localhost:3000';
  const venue = process.env.VENUE_EVENTS_VENUE ?? 'blue-room';
  const fallback = `<a href="${origin}/t/${venue}/events">See what's on</a>`;
  try {
    const res = await fetch(`${origin}/t/${venue}/widget.html`);
    return { origin, fragment: res.ok ? await res.text() : fallback };
  } catch {
    return { origin, fragment: fallback };
  }
}
