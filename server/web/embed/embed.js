/* global document, window, fetch, navigator, setTimeout, clearTimeout, AbortController */
/**
 * The embed builder's script (/embed): checks the venue slug against the API as it is typed (or
 * several venues' slugs, for one list of them all: `/api/events?venues=…`, docs/api.md §10.16),
 * keeps a live preview of the real widget and the snippet in step with the options, and copies
 * the snippet. Plain ES module, no dependencies; runs under the page's strict CSP (styles are set
 * through the CSSOM, never as markup).
 */

/**
 * The one palette of venue-events (shared/palette.ts: the widget's defaults, the server's pages),
 * as the page renders it into `<html data-palette>`, since this file is served as it is and
 * cannot import it: `{light, dark}`, each `{text, muted, background, border, danger, accent,
 * onAccent}`.
 */
const PALETTE = JSON.parse(document.documentElement.dataset.palette);
const DEFAULT_ACCENT = PALETTE.light.accent;
const DEFAULT_WIDTH = '16';

/** The widget's defaults of one scheme as its custom properties, to pin it whatever the visitor's. */
const widgetProperties = (p) => ({
  '--venue-events-color': p.text,
  '--venue-events-muted-color': p.muted,
  '--venue-events-card-background': p.background,
  '--venue-events-border-color': p.border,
  '--venue-events-danger-color': p.danger,
  '--venue-events-accent': p.accent,
  '--venue-events-on-accent': p.onAccent,
  '--venue-events-focus-color': p.accent,
});
const PALETTES = { light: widgetProperties(PALETTE.light), dark: widgetProperties(PALETTE.dark) };

/**
 * The page's own colours (embed.css's `--fg`, `--bg`, … and the pinned preview's), from the
 * palette through the CSSOM: the page's CSP allows no inline style. Without this script the page
 * keeps the browser's colours of its `color-scheme`.
 */
function paintPage() {
  const vars = (p) =>
    `--fg:${p.text};--muted:${p.muted};--bg:${p.background};--accent:${p.accent};--danger:${p.danger}`;
  const { light, dark } = PALETTE;
  const pinned = `--light-bg:${light.background};--light-fg:${light.text};--dark-bg:${dark.background};--dark-fg:${dark.text}`;
  const sheet = new window.CSSStyleSheet();
  sheet.replaceSync(
    `:root{${vars(light)};${pinned}}@media (prefers-color-scheme: dark){:root{${vars(dark)}}}`,
  );
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}
paintPage();

const $ = (id) => document.getElementById(id);
const form = $('builder');
const slugInput = $('slug');
const slugStatus = $('slug-status');
const eventSelect = $('event');
const categorySelect = $('category');
const widthOutput = $('width-value');
const preview = $('preview');
const snippet = $('snippet');
const copyButton = $('copy');
const copyStatus = $('copy-status');
/**
 * A venue slug, whole: the page renders the contract's pattern (`SLUG`, shared/patterns.ts) into
 * the field's `data-slug` attribute, since this file is served as it is and cannot import it.
 * Without the attribute no slug passes, rather than a guess at the rule.
 */
const SLUG = slugInput.dataset.slug ? new RegExp(`^(?:${slugInput.dataset.slug})$`) : /(?!)/;
/**
 * Most venues one list names (docs/api.md §10.16): the page renders the rule's `MAX_VENUES`
 * (shared/rules/venue-list.ts) into the field's `data-max-venues`, as it does `SLUG`. Without it
 * no list passes.
 */
const MAX_VENUES = Number(slugInput.dataset.maxVenues) || 0;

/**
 * What the API said about the slugs in the field, once found: `{slug, slugs, events}`, where
 * `slug` is the element's `venue` (the slugs separated by spaces) and each event of several
 * venues carries its venue as `attributes.venue`.
 */
let venue = null;
let checking = null;
let debounce = 0;

const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function say(element, text, state) {
  element.textContent = text;
  if (state) element.dataset.state = state;
  else delete element.dataset.state;
}

/** WCAG relative luminance of `#rrggbb`. */
function luminance(hex) {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** White or near-black text on `accent`, whichever contrasts more. */
function onAccent(accent) {
  const l = luminance(accent);
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? PALETTE.light.onAccent : PALETTE.dark.onAccent;
}

/** The options as chosen now. */
function options() {
  const data = new window.FormData(form);
  return {
    element: String(data.get('element') || 'venue-events'),
    eventId: eventSelect.disabled ? '' : eventSelect.value,
    locale: String(data.get('locale') || ''),
    accent: String(data.get('accent') || DEFAULT_ACCENT).toLowerCase(),
    width: String(data.get('width') || DEFAULT_WIDTH),
    scheme: String(data.get('scheme') || 'auto'),
    view: String(data.get('view') || 'list'),
    layout: String(data.get('layout') || 'cards'),
    filters: data.get('filters') !== null,
    category: String(data.get('category') || ''),
    script: String(data.get('script') || 'pinned'),
  };
}

/** The custom properties the options set, in snippet order. */
function properties(o) {
  const props = o.scheme === 'auto' ? {} : { ...PALETTES[o.scheme] };
  if (o.accent !== DEFAULT_ACCENT) {
    props['--venue-events-accent'] = o.accent;
    props['--venue-events-on-accent'] = onAccent(o.accent);
    props['--venue-events-focus-color'] = o.accent;
  }
  if (o.element === 'venue-events' && o.width !== DEFAULT_WIDTH) {
    props['--venue-events-card-min-width'] = `${o.width}em`;
  }
  return props;
}

/**
 * A listing resource's path: `/t/{slug}/{path}` of one venue, `/{path}` of several (whose query
 * names them, `listQuery`).
 */
const listPath = (slugs, path) => (slugs.length > 1 ? `/${path}` : `/t/${slugs[0]}/${path}`);
/** `query` with, for several venues, `venues=a,b,c` first. */
const listQuery = (slugs, query) =>
  [slugs.length > 1 ? `venues=${slugs.join(',')}` : '', query].filter(Boolean).join('&');
/** A listing resource's URL on this server: `listPath` and `listQuery` together. */
const listUrl = (slugs, path, query) => {
  const q = listQuery(slugs, query);
  return `${listPath(slugs, path)}${q && `?${q}`}`;
};

/** The event chosen for one event or a buy button, if any. */
const chosenEvent = (o) => venue.events.find((e) => e.id === o.eventId);

/**
 * The element's `venue`: the slug, or for a list the slugs separated by spaces; one event or a
 * buy button of several venues is its own venue's.
 */
function venueOf(o) {
  if (o.element === 'venue-events') return venue.slug;
  return chosenEvent(o)?.attributes.venue?.slug ?? venue.slug;
}

/** The element's attributes, in snippet order. */
function attributes(o) {
  const attrs = [['venue', venueOf(o)]];
  if (o.element !== 'venue-events') attrs.push(['event-id', o.eventId]);
  if (o.locale) attrs.push(['locale', o.locale]);
  if (o.element === 'venue-events') {
    if (o.view === 'calendar') attrs.push(['view', 'calendar']);
    if (o.layout === 'compact') attrs.push(['layout', 'compact']);
    // A boolean attribute: written without a value.
    if (!o.filters) attrs.push(['no-filters', '']);
    if (o.category) attrs.push(['category', o.category]);
  }
  return attrs;
}

/**
 * The widget's tags as this page loads them, made absolute for the venue's site: the preloaded
 * chunks (pinned releases only), a preload of the list's first page, and the `<script>`; or,
 * chosen for one venue's list, the one line of its own script.
 */
function scriptTags(o) {
  // The per-venue script (docs/api.md §10.17): one venue's list, its first page inside.
  if (o.script === 'venue' && o.element === 'venue-events' && venue.slugs.length === 1)
    return [
      `<script type="module" src="${window.location.origin}/t/${venue.slug}/venue-events.js"></script>`,
    ];
  // In a chosen language other than English, the widget asks for the venue's text in it
  // (docs/api.md §10.24): so does the first page the snippet preloads.
  const locale = o.locale && o.locale !== 'en' ? encodeURIComponent(o.locale) : '';
  const absolute = (href) => new URL(href, window.location.href).href;
  const preloads = [
    ...document.querySelectorAll('link[rel="modulepreload"][href*="/widget/"]'),
  ].map(
    (link) =>
      `<link rel="modulepreload" href="${absolute(link.getAttribute('href'))}" integrity="${link.getAttribute('integrity')}" crossorigin="anonymous">`,
  );
  if (o.element === 'venue-events') {
    // The first page as the widget asks it (each option is the tag it asks by), else the preload
    // is not the widget's request and the list is fetched twice.
    const list = `${window.location.origin}${listUrl(venue.slugs, 'api/events', 'page=1')}${locale && `&locale=${locale}`}`;
    preloads.push(`<link rel="preload" as="fetch" href="${list}" crossorigin="anonymous">`);
  }
  const own = document.querySelector('script[src*="/widget/"]');
  const src = absolute(own.getAttribute('src'));
  const integrity = own.getAttribute('integrity');
  // A pinned release in a language other than English: its strings, and the table that names
  // them, load beside the script, not one after the other once it has run.
  if (integrity) preloads.push(...languagePreloads(o.locale, absolute));
  const script = integrity
    ? `<script type="module" src="${src}" integrity="${integrity}" crossorigin="anonymous"></script>`
    : `<script type="module" src="${src}"></script>`;
  return [...preloads, script];
}

/** The pinned release's language chunks (`manifest.json`'s `languages`), by the widget's table key. */
const LANGUAGE_CHUNKS = JSON.parse(document.documentElement.dataset.languages || '{}');

/**
 * `<link rel="modulepreload">`s of what a snippet in `locale` waits for before its first cards: the
 * table of languages and the language's strings (docs/widget.md "Size"); none for English or for
 * the page's language (unknown here).
 */
function languagePreloads(locale, absolute) {
  const key = (locale || 'en').toLowerCase();
  const chunks = [LANGUAGE_CHUNKS.more, LANGUAGE_CHUNKS[key]];
  if (key === 'en' || !chunks.every(Boolean)) return [];
  return chunks.map(
    (c) =>
      `<link rel="modulepreload" href="${absolute(c.path)}" integrity="${c.integrity}" crossorigin="anonymous">`,
  );
}

/**
 * The fallback link inside the element: the server's listing page (of several venues,
 * `/events?venues=…`) or event page.
 */
function fallback(o) {
  const origin = window.location.origin;
  if (o.element === 'venue-events') {
    return [`${origin}${listUrl(venue.slugs, 'events', '')}`, "See what's on"];
  }
  const event = chosenEvent(o);
  const page = `${origin}/t/${venueOf(o)}/events/${event ? event.attributes.slug : ''}`;
  return [page, o.element === 'venue-buy-button' ? 'Buy tickets' : 'Event details'];
}

function snippetText(o) {
  const props = Object.entries(properties(o));
  const attrs = attributes(o)
    .map(([name, value]) => (value === '' ? ` ${name}` : ` ${name}="${escapeHtml(value)}"`))
    .join('');
  const [href, label] = fallback(o);
  const lines = scriptTags(o);
  if (props.length) {
    lines.push('<style>', `  ${o.element} {`);
    for (const [name, value] of props) lines.push(`    ${name}: ${value};`);
    lines.push('  }', '</style>');
  }
  lines.push(
    `<${o.element}${attrs}>`,
    `  <a href="${escapeHtml(href)}">${label}</a>`,
    `</${o.element}>`,
  );
  return lines.join('\n');
}

/** Rebuilds the preview element and the snippet from the options. */
function render() {
  const o = options();
  widthOutput.value = o.width;
  widthOutput.textContent = o.width;
  const needsEvent = o.element !== 'venue-events';
  if (!venue || (needsEvent && !o.eventId)) {
    copyButton.disabled = true;
    return;
  }
  const element = document.createElement(o.element);
  for (const [name, value] of attributes(o)) element.setAttribute(name, value);
  for (const [name, value] of Object.entries(properties(o))) element.style.setProperty(name, value);
  const [href, label] = fallback(o);
  const link = document.createElement('a');
  link.href = href;
  link.textContent = label;
  element.append(link);
  preview.replaceChildren(element);
  preview.dataset.scheme = o.scheme;
  snippet.textContent = snippetText(o);
  copyButton.disabled = false;
  say(copyStatus, '');
}

function fillEvents(events) {
  eventSelect.replaceChildren(
    ...events.map((e) => {
      const option = document.createElement('option');
      option.value = e.id;
      // Of several venues, each event's venue too.
      const where = [e.attributes.event_date.slice(0, 10), e.attributes.venue?.name];
      option.textContent = `${e.attributes.title} (${where.filter(Boolean).join(', ')})`;
      return option;
    }),
  );
  if (events.length === 0) {
    const option = document.createElement('option');
    option.value = '';
    option.textContent = 'No upcoming events';
    eventSelect.append(option);
  }
  eventSelect.disabled = events.length === 0 || options().element === 'venue-events';
}

/** The venues' categories (`…/api/categories`) as the preset category's options. */
async function fillCategories(slugs, signal) {
  const chosen = categorySelect.value;
  let names = [];
  try {
    const res = await fetch(listUrl(slugs, 'api/categories', ''), { signal });
    const body = res.ok ? await res.json() : {};
    names = Array.isArray(body.data)
      ? body.data.map((c) => c?.attributes?.name).filter((n) => typeof n === 'string')
      : [];
  } catch (error) {
    if (error.name === 'AbortError') throw error;
  }
  const all = document.createElement('option');
  all.value = '';
  all.textContent = 'All categories';
  categorySelect.replaceChildren(
    all,
    ...names.map((name) => {
      const option = document.createElement('option');
      option.value = name;
      option.textContent = name;
      return option;
    }),
  );
  categorySelect.value = names.includes(chosen) ? chosen : '';
}

// The one venue-list rule: begin
/**
 * The one venue-list rule (`readVenueList` of shared/rules/venue-list.ts, docs/api.md §10.16),
 * which the API, `widget.html` and the widget apply, with its words; this file is served as it is
 * and cannot import it (test/shared/venue-list.test.ts runs both on the same lists): a slug given
 * twice counts once (the first kept, in order), then 1 to `max` slugs, each matching `slug`. More
 * are refused, never cut. `{ slugs }`, or `{ problem }`.
 */
function readVenueList(slugs, slug, max) {
  const unique = [...new Set(slugs)];
  if (!unique.length) return { problem: 'Name at least one venue slug.' };
  if (unique.length > max)
    return { problem: `One list shows at most ${max} venues; this names ${unique.length}.` };
  const bad = unique.find((s) => !slug.test(s));
  if (bad !== undefined)
    return {
      problem: `“${bad}” is not a slug: a slug has lowercase letters, digits and single hyphens only.`,
    };
  return { slugs: unique };
}
// The one venue-list rule: end

/**
 * Checks the slug in the field against the API (`/t/{slug}/api/events`), or the slugs of several
 * venues, separated by spaces or commas (`/api/events?venues=a,b,c`), once the venue-list rule
 * takes them.
 */
async function check() {
  const typed = slugInput.value.split(/[\s,]+/).filter(Boolean);
  checking?.abort();
  venue = null;
  if (!typed.length) {
    slugInput.removeAttribute('aria-invalid');
    say(slugStatus, '');
    render();
    return;
  }
  const list = readVenueList(typed, SLUG, MAX_VENUES);
  if (list.problem) {
    slugInput.setAttribute('aria-invalid', 'true');
    say(slugStatus, list.problem, 'error');
    render();
    return;
  }
  const { slugs } = list;
  const controller = (checking = new AbortController());
  say(slugStatus, 'Checking…');
  try {
    const res = await fetch(listUrl(slugs, 'api/events', 'page=1'), { signal: controller.signal });
    if (res.status === 404) {
      // Of several, the API's detail names the one it does not know (docs/api.md §10.16).
      const detail = slugs.length > 1 ? ((await res.json()).errors?.[0]?.detail ?? '') : '';
      const unknown = /"([^"]+)"/.exec(detail)?.[1] ?? slugs[0];
      slugInput.setAttribute('aria-invalid', 'true');
      say(slugStatus, `No venue is published under “${unknown}”.`, 'error');
    } else if (!res.ok) {
      throw new Error(String(res.status));
    } else {
      const body = await res.json();
      const total = body.meta?.total ?? 0;
      venue = { slug: slugs.join(' '), slugs, events: Array.isArray(body.data) ? body.data : [] };
      slugInput.removeAttribute('aria-invalid');
      const at = slugs.length > 1 ? ` at ${slugs.length} venues` : '';
      say(slugStatus, `Found: ${total} upcoming event${total === 1 ? '' : 's'}${at}.`, 'ok');
      fillEvents(venue.events);
      await fillCategories(slugs, controller.signal);
    }
  } catch (error) {
    if (error.name === 'AbortError') return;
    say(slugStatus, 'Could not reach the events service; try again.', 'error');
  }
  render();
}

async function copy() {
  const text = snippet.textContent;
  try {
    await navigator.clipboard.writeText(text);
    say(copyStatus, 'Snippet copied. Paste it into your page’s HTML.', 'ok');
  } catch {
    const range = document.createRange();
    range.selectNodeContents(snippet);
    const selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    say(copyStatus, 'Press Ctrl+C (⌘C on a Mac) to copy the selected snippet.', 'error');
  }
}

slugInput.addEventListener('input', () => {
  clearTimeout(debounce);
  debounce = setTimeout(check, 300);
});
form.addEventListener('change', (event) => {
  if (event.target === slugInput) return;
  if (event.target.name === 'element') {
    eventSelect.disabled =
      !venue || venue.events.length === 0 || event.target.value === 'venue-events';
  }
  render();
});
form.addEventListener('input', (event) => {
  if (event.target.type === 'range' || event.target.type === 'color') render();
});
form.addEventListener('submit', (event) => event.preventDefault());
copyButton.addEventListener('click', copy);

if (slugInput.value) check();
