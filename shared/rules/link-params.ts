/**
 * Where buyers came from (docs/api.md §10.19, docs/decisions.md "Ticket links"): a venue's
 * `ticket_link_params` (or an embed's `ticket-link-params`) added to the ticket links the widget,
 * the pages and `widget.html` draw. The API's `ticket_url` and JSON-LD's `offers.url` stay
 * canonical: only what a visitor clicks carries them. Read by the script's first paint, so written
 * for few bytes.
 */

/** The placeholders a value may hold, each written `{name}` (docs/venue-file.md). */
export const LINK_PLACEHOLDERS = ['event_slug', 'event_id', 'venue_slug', 'locale'] as const;

/**
 * The `{…}` of a value that are not one of `LINK_PLACEHOLDERS` (`{event_title}`), in order: what
 * a venue file's import and `widget.html`'s `ticket-link-params` refuse, so a typo is found there
 * rather than in a shop's report. Not read by the widget (which fills what it knows).
 */
export const unknownPlaceholders = (value: string): string[] =>
  (value.match(/\{[^{}]*\}/g) ?? []).filter(
    (p) => !(LINK_PLACEHOLDERS as readonly string[]).includes(p.slice(1, -1)),
  );

/**
 * `{event_slug}, {event_id}, {venue_slug}, {locale}`: the placeholders, as a refusal names them.
 * A function, not a computed constant: a module-level call would stay in the widget's bundle.
 */
export const placeholderList = (): string => LINK_PLACEHOLDERS.map((n) => `{${n}}`).join(', ');

/** What each placeholder stands for in one link; a placeholder without a value is left empty. */
export type LinkValues = {
  [name in (typeof LINK_PLACEHOLDERS)[number]]?: string | null | undefined;
};

/** Query parameters to add, name → value template. */
export type LinkParams = Readonly<Record<string, string>>;

/** A parameter's name: 1–64 of `A-Z a-z 0-9 _ . -` (so it needs no escaping). */
export const LINK_PARAM_NAME = /^[\w.-]{1,64}$/;

/** Most parameters a venue may give; a value's most characters. */
export const LINK_PARAMS_MAX = 10;
export const LINK_VALUE_MAX = 256;

/**
 * `url` with `params` added to its query (before any `#fragment`), each value's placeholders
 * filled from `values` and URL-encoded. A parameter the link already has is left as the link says
 * (the venue's shop knows its own link best); a link with nothing to add is returned as given,
 * byte for byte. `params` may come from an API answer (`readLinkParams`): a value that is not a
 * string is written as its text. Never throws.
 * @param url an absolute https URL (a ticket or waiting list link, `ticketUrlOf`)
 * @param params name → value template; undefined: none
 * @param values what the placeholders (`LINK_PLACEHOLDERS`) stand for in this link
 */
export function withLinkParams(
  url: string,
  params: LinkParams | undefined,
  values: LinkValues,
): string {
  const end = url.search(/#|$/);
  const q = url.indexOf('?');
  // Without a query this reads the whole URL as one name, which no parameter's name is.
  const has = new URLSearchParams(url.slice(q + 1, end));
  const added = Object.entries(params ?? {})
    .filter(([name]) => !has.has(name))
    .map(
      ([name, value]) =>
        // The literal of `LINK_PLACEHOLDERS` (test/shared/link-params.test.ts): fewest bytes.
        `${encodeURIComponent(name)}=${encodeURIComponent(`${value}`.replace(/\{(event_slug|event_id|venue_slug|locale)\}/g, (_, p: keyof LinkValues) => values[p] ?? ''))}`,
    )
    .join('&');
  return added
    ? `${url.slice(0, end)}${q < 0 || q > end ? '?' : '&'}${added}${url.slice(end)}`
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
  event_slug: event.attributes.slug,
  event_id: event.id,
  venue_slug: event.attributes.venue?.slug ?? venue,
  locale,
});

/**
 * The parameters of an element's `ticket-link-params` (query-string form) or, where it has none
 * (null, undefined), of an API answer's `meta.ticket_link_params` (docs/api.md §10.19), as
 * `withLinkParams` takes them: that reads an answer's object safely, whatever it holds. `""` is
 * `{}`: no parameters at all, over the venue's.
 */
export const readLinkParams = (value: unknown): LinkParams | undefined =>
  typeof value === 'string'
    ? Object.fromEntries(new URLSearchParams(value))
    : (value as LinkParams | undefined);
