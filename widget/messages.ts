/**
 * UI strings, one table per language. Keys are the same in every table (checked by the type).
 * An accessible name must begin with the control's visible text (WCAG 2.5.3): `buyFor` with `buy`,
 * `addToCalendarFor` with `addToCalendar`, `shareFor` with `share`.
 */
import type { AccessId } from '../shared/rules/access-ids.js';
import type { ListMessages } from './list-parts.js';

const en = {
  loading: 'Loading events…',
  empty: 'No upcoming events',
  error: 'Events could not be loaded.',
  retry: 'Try again',
  venueNotFound: (venue: string) => `No venue "${venue}" was found.`,
  eventNotFound: 'This event was not found.',
  refreshFailed: 'Could not refresh; showing the last loaded events.',
  notShown: 'Events could not be shown.',
  someNotShown: 'Some events could not be shown.',
  buy: 'Buy tickets',
  buyFor: (title: string) => `Buy tickets for ${title}`,
  salesCloseIn: (relative: string) => `Sales close ${relative}`,
  salesCloseAt: (when: string) => `Sales close ${when}`,
  closedManual: 'Online sales closed',
  closedScheduled: 'Online sales have ended',
  closedEnded: 'This event has ended',
  closedCancelled: 'Cancelled — no tickets on sale',
  closedNotTicketed: 'Not sold online',
  cancelled: 'Cancelled',
  stopCancelled: 'cancelled',
  over18: '18+',
  over18Label: 'Over 18s only',
  nextStop: 'Next date',
  allStops: 'All dates',
  imageAlt: (title: string) => `Image for ${title}`,
  events: 'Upcoming events',
  addToCalendar: 'Add to calendar',
  addToCalendarFor: (what: string) => `Add to calendar: ${what}`,
  share: 'Share',
  shareFor: (title: string) => `Share: ${title}`,
  linkCopied: 'Link copied',
  access: 'Access',
  accessLabels: {
    wheelchair: 'Wheelchair accessible',
    step_free: 'Step-free access',
    hearing_loop: 'Hearing loop',
    captioned: 'Captioned',
    sign_language: 'Sign language interpreted',
    audio_described: 'Audio described',
    relaxed: 'Relaxed performance',
    quiet_space: 'Quiet space',
  } as Record<AccessId, string>,
};

/**
 * The strings of every table: the entry's English ones above, and those whose English ships in
 * a chunk (`list-parts.ts`: the filters' results), present in the German and French tables.
 */
export type Messages = typeof en & Partial<ListMessages>;

/** Tables by language: English ships in the script, the others load on first use. */
const tables: Record<string, Messages> = { en };
const loaders: Record<string, () => Promise<Messages>> = {
  de: () => import('./messages.de.js').then((m) => m.de),
  fr: () => import('./messages.fr.js').then((m) => m.fr),
};

const language = (locale: string) => locale.toLowerCase().split('-')[0]!;

const loading: Record<string, Promise<void>> = {};

/**
 * Loads the table `resolveI18n` will want for this element, if it is not loaded yet: a promise
 * (the same one while it loads), or undefined when nothing needs loading. A failed load falls
 * back to English.
 */
export function loadMessages(explicit: string | undefined, host: Element): Promise<void> | void {
  const lang = language(wantedLocale(explicit, pageLang(host)));
  const load = !tables[lang] && loaders[lang];
  if (!load) return;
  return (loading[lang] ??= load().then(
    (table) => void (tables[lang] = table),
    () => void delete loaders[lang],
  ));
}

/** The locale an element speaks, resolved once per update by `VenueElement`. */
export interface I18n {
  /** The locale of the widget's own text and formatting: one with a table, else `en`. */
  locale: string;
  t: Messages;
  /** The page's language around the element (for the venue's own texts), if it says. */
  contentLang: string | undefined;
}

const canonical = (lang: string | null | undefined): string | undefined => {
  try {
    return lang ? Intl.getCanonicalLocales(lang)[0] : undefined;
  } catch {
    return undefined;
  }
};

/** The nearest `lang` around `el`, across the shadow roots it sits in. */
function pageLang(el: Element): string | undefined {
  for (let node: Element | undefined = el; node;) {
    const marked = node.closest('[lang]');
    if (marked) return canonical(marked.getAttribute('lang'));
    const root = node.getRootNode();
    node = root instanceof ShadowRoot ? root.host : undefined;
  }
  return undefined;
}

const wantedLocale = (explicit: string | undefined, contentLang: string | undefined) =>
  canonical(explicit) ?? contentLang ?? canonical(navigator.language) ?? 'en';

/**
 * The element's `locale`, else the page's `lang` (crossing shadow roots), else the browser's;
 * a language without a (loaded) table falls back to English for text and formatting alike.
 */
export function resolveI18n(explicit: string | undefined, host: Element): I18n {
  const contentLang = pageLang(host);
  const wanted = wantedLocale(explicit, contentLang);
  const table = tables[language(wanted)];
  return { locale: table ? wanted : 'en', t: table ?? en, contentLang };
}
