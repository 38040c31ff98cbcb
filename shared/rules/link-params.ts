/**
 * Where buyers came from (docs/api.md §10.19, docs/decisions.md "Ticket links"): a venue's
 * `ticket_link_params` (or an embed's `ticket-link-params`) added to the ticket links the widget,
 * the pages and `widget.html` draw. The API's `ticket_url` and JSON-LD's `offers.url` stay
 * canonical: only what a visitor clicks carries them. Read by the script's first paint, so written
 * for few bytes.
 */

/** The placeholders a value may hold, each written `{name}` (docs/venue-file.md). */
export const LINK_PLACEHOLDERS = ['event_slug', 'event_id', 'venue_slug', 'locale'] as const;

/** What each placeholder stands for in one link; a placeholder without a value is left empty. */
export type LinkValues = { [name in (typeof LINK_PLACEHOLDERS)[number]]?: string | undefined };

/** Query parameters to add, name → value template. */
export type LinkParams = Readonly<Record<string, string>>;

/** A parameter's name: 1–64 of `A-Z a-z 0-9 _ . -` (so it needs no escaping). */
export const LINK_PARAM_NAME = /^[\w.-]{1,64}$/;

/** Most parameters a venue may give; a value's most characters. */
export const LINK_PARAMS_MAX = 10;
export const LINK_VALUE_MAX = 256;

const PLACEHOLDER = new RegExp(`\\{(${LINK_PLACEHOLDERS.join('|')})\\}`, 'g');

/**
 * `url` with `params` added to its query (before any `#fragment`), each value's placeholders
 * filled from `values` and URL-encoded. A parameter the link already has is left as the link says
 * (the venue's shop knows its own link best). Only an https `url` gets them (a ticket link: the
 * widget's event page fallback and anything else are returned as given), and a link with nothing
 * to add is returned as given, byte for byte. Never throws.
 * @param url an absolute URL
 * @param params name → value template; undefined: none
 * @param values what the placeholders stand for in this link
 */
export function withLinkParams(
  url: string,
  params: LinkParams | undefined,
  values: LinkValues,
): string {
  const end = url.search(/#|$/);
  const head = url.slice(0, end);
  const q = head.indexOf('?');
  const has =
    q < 0
      ? []
      : head
          .slice(q + 1)
          .split('&')
          .map((p) => p.split('=')[0]);
  const added = Object.entries(params ?? {})
    .filter(([name]) => !has.includes(name))
    .map(
      ([name, value]) =>
        `${encodeURIComponent(name)}=${encodeURIComponent(
          value.replace(PLACEHOLDER, (_, p: keyof LinkValues) => values[p] ?? ''),
        )}`,
    );
  return added[0] && /^https:/.test(url)
    ? `${head}${q < 0 ? '?' : /[?&]$/.test(head) ? '' : '&'}${added.join('&')}${url.slice(end)}`
    : url;
}

/**
 * The placeholders' values for a link of `event` (an API resource, either shape) listed under
 * venue `venue` (its own venue's slug wins, docs/api.md §10.16), in language `locale`.
 */
export const linkValues = (
  event: { id: string; attributes: { slug?: string | null; venue?: { slug: string } | null } },
  venue: string,
  locale?: string,
): LinkValues => ({
  event_slug: event.attributes.slug ?? '',
  event_id: event.id,
  venue_slug: event.attributes.venue?.slug ?? venue,
  locale,
});

/**
 * Parameters read from an untrusted place (an API answer's `meta`, an element's attribute in
 * query-string form): only names of `LINK_PARAM_NAME` with string values; undefined for none or
 * for anything else. `ticket-link-params=""` reads as `{}`: none at all, overriding the venue's.
 */
export function readLinkParams(value: unknown): LinkParams | undefined {
  const entries =
    typeof value === 'string'
      ? [...new URLSearchParams(value)]
      : value && typeof value === 'object' && !Array.isArray(value)
        ? Object.entries(value)
        : undefined;
  return entries
    ? Object.fromEntries(
        entries.filter(([k, v]) => LINK_PARAM_NAME.test(k) && typeof v === 'string'),
      )
    : undefined;
}
