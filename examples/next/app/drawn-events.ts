import { ORIGIN, VENUE } from './venue-events';

/**
 * The venue's events drawn by the events server (`GET /t/{slug}/widget.html`, docs/api.md
 * §10.17), kept 5 minutes; when the server cannot be reached or does not answer 200, a link to
 * the venue's listing page, so the page still renders.
 */
export async function drawnEvents(): Promise<string> {
  const fallback = `<a href="${ORIGIN}/t/${VENUE}/events">See what's on</a>`;
  try {
    const res = await fetch(`${ORIGIN}/t/${VENUE}/widget.html`, { next: { revalidate: 300 } });
    return res.ok ? await res.text() : fallback;
  } catch {
    return fallback; // fetch throws when the server is down: not a failed build, not a 500
  }
}
