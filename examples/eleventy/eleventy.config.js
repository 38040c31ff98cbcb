/**
 * A site builder's Eleventy 3 site with venue-events drawn in at build time (docs/widget.md
 * "Server-rendered pages"): `_data/venueEvents.js` fetches the element, `index.njk` includes it.
 * Build from the repository's root:
 * `VENUE_EVENTS_ORIGIN=https://events.example.org npx @11ty/eleventy --config=examples/eleventy/eleventy.config.js --output=examples/eleventy/_site`.
 */
export default function () {
  return {
    dir: { input: 'examples/eleventy', data: '_data' },
    templateFormats: ['njk'],
  };
}
