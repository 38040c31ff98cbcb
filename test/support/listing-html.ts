/**
 * Reading the server's listing pages as a person (or a browser with JavaScript off) uses them:
 * the events listed, the pagination links, the filter form and what submitting it asks for, the
 * month view's day cells. Plain regular expressions over the pages' own markup
 * (server/pages/listing-page.ts, month-view.ts, filter-form.ts).
 */

/** An attribute value as the pages escape it (`&#38;` for `&`, …) back to its text. */
export const unescapeHref = (href: string) =>
  href.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));

/** One listed event: its title, where it links, and its details line (`Venue · Location · …`). */
export interface ListedItem {
  title: string;
  href: string;
  details: string;
}

/** The events a listing page lists, in order. */
export function listedItems(html: string): ListedItem[] {
  const items = [...html.matchAll(/<li><article>([\s\S]*?)<\/article><\/li>/g)];
  return items.map(([, body]) => {
    const link = /<h2><a href="([^"]+)">([^<]+)<\/a><\/h2>/.exec(body!)!;
    return {
      title: link[2]!,
      href: unescapeHref(link[1]!),
      details: /<p class="muted">([^<]*)<\/p>/.exec(body!)?.[1] ?? '',
    };
  });
}

/** The pagination links of a listing page: label → href. */
export function pageLinks(html: string): Record<string, string> {
  const nav = /<nav aria-label="Pages of events">([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? '';
  return Object.fromEntries(
    [...nav.matchAll(/<a href="([^"]+)"[^>]*>(.*?)<\/a>/g)].map((m) => [
      m[2]!.replace(/<[^>]+>/g, '').trim(),
      unescapeHref(m[1]!),
    ]),
  );
}

/** The `href` of `<link rel="{rel}">` in the page's head, if any. */
export const headLink = (html: string, rel: string): string | undefined => {
  const href = new RegExp(`<link rel="${rel}"[^>]* href="([^"]+)">`).exec(html)?.[1];
  return href && unescapeHref(href);
};

/**
 * What a browser asks for when the filter form is submitted with `values` (by control name; the
 * others as the page filled them in): the form's action and its fields in document order,
 * encoded as `application/x-www-form-urlencoded`.
 */
export function submitForm(html: string, values: Record<string, string>): string {
  const form = /<form class="filters" method="get" action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/.exec(
    html,
  );
  if (!form) throw new Error('no filter form');
  const fields = new URLSearchParams();
  const controls =
    /<select[^>]* name="([^"]+)"[^>]*>([\s\S]*?)<\/select>|<input([^>]*) name="([^"]+)"([^>]*)>/g;
  for (const [, selectName, options, before, inputName, after] of form[2]!.matchAll(controls)) {
    if (selectName !== undefined) {
      const chosen =
        /<option value="([^"]*)" selected>/.exec(options!) ??
        /<option value="([^"]*)"/.exec(options!);
      fields.append(selectName, values[selectName] ?? unescapeHref(chosen?.[1] ?? ''));
      continue;
    }
    const tag = `${before}${after}`;
    if (/type="checkbox"/.test(tag) && !/ checked/.test(tag)) continue;
    const given = /value="([^"]*)"/.exec(tag)?.[1] ?? '';
    fields.append(inputName!, values[inputName!] ?? unescapeHref(given));
  }
  return `${form[1]}?${fields}`;
}

/** The month view's day cells: date → its entries' text (tags removed) and their links. */
export function monthCells(html: string) {
  const table = /<table class="month">([\s\S]*?)<\/table>/.exec(html)?.[1] ?? '';
  const cells = new Map<string, { entries: string[]; hrefs: string[]; times: string[] }>();
  for (const [, body] of table.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)) {
    const date = /<time datetime="(\d{4}-\d{2}-\d{2})">/.exec(body!)?.[1];
    if (!date) continue;
    const list = /<ul>([\s\S]*)<\/ul>/.exec(body!)?.[1] ?? '';
    const entries = [...list.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) => m[1]!);
    cells.set(date, {
      entries: entries.map((entry) => entry.replace(/<[^>]+>/g, '').trim()),
      hrefs: entries.map((entry) => unescapeHref(/<a href="([^"]+)">/.exec(entry)?.[1] ?? '')),
      times: entries.map((entry) => /<time datetime="([^"]+)">/.exec(entry)?.[1] ?? ''),
    });
  }
  return cells;
}

/** The month navigation's links, by rel. */
export function monthLinks(html: string): Record<string, string> {
  const nav = /<nav aria-label="Months">([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? '';
  return Object.fromEntries(
    [...nav.matchAll(/<a href="([^"]+)" rel="(\w+)">/g)].map((m) => [m[2]!, unescapeHref(m[1]!)]),
  );
}
