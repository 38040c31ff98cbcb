/**
 * A page's other languages (docs/api.md §10.5, §10.24): `<link rel="alternate" hreflang>` for
 * each language the venue's text of its events is in — the page itself asked with `?locale=`
 * that language — and `x-default`, the page without `locale` (the visitor's `Accept-Language`
 * chooses). Nothing for a page whose events are in one language: its head is as it always was.
 */
import type { EventResource } from '../../shared/contract.js';
import { PARAM } from '../../shared/queries.js';
import { escapeHtml } from '../lib/html.js';

/** The languages the venue's text of `events` is in, the first event's order first, each once. */
export function languagesOfEvents(events: readonly EventResource[]): string[] {
  const all = new Set<string>();
  for (const event of events) {
    const { languages } = event.attributes as { languages?: readonly string[] };
    for (const language of languages ?? []) all.add(language);
  }
  return [...all];
}

/** `url` (absolute) with `locale` set to `tag`, or without `locale` for undefined. */
export function withLocale(url: string, tag: string | undefined): string {
  const parsed = new URL(url);
  parsed.searchParams.delete(PARAM.locale);
  if (tag !== undefined) parsed.searchParams.set(PARAM.locale, tag);
  return parsed.href;
}

/**
 * The `<link rel="alternate" hreflang>` elements of the page at `url` (absolute) showing
 * `events`, each on a line of its own: one per language they have and `x-default`; `''` when
 * they have fewer than two.
 */
export function languageLinks(events: readonly EventResource[], url: string): string {
  const languages = languagesOfEvents(events);
  if (languages.length < 2) return '';
  const link = (hreflang: string, href: string) =>
    `\n<link rel="alternate" hreflang="${escapeHtml(hreflang)}" href="${escapeHtml(href)}">`;
  return (
    languages.map((tag) => link(tag, withLocale(url, tag))).join('') +
    link('x-default', withLocale(url, undefined))
  );
}
