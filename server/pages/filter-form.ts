/**
 * The listing page's filter form (docs/api.md §10.5, §10.12, §10.16): a plain GET form back to
 * the listing (`/t/{slug}/events`, or `/events` with `venues` as a hidden input), so it works with
 * JavaScript off. The list view asks for a category, search
 * words and a from/to date range; the month view for a category, search words and the month.
 * Both offer the access provisions (docs/api.md §10.15) as checkboxes when the venue lists any.
 * Each control has a `<label>`, shows the value the page was asked with, and a bad value gets its
 * message next to it (`aria-invalid`, `aria-describedby`, `role="alert"`). Its words are the
 * listing's language's (`place.lang`), and a language chosen with `?locale=` is a hidden input, so
 * what the form submits speaks it too.
 */
import { PARAM } from '../../shared/queries.js';
import type { AccessCount } from '../../shared/rules/access.js';
import type { CategoryCount } from '../../shared/rules/categories.js';
import { filterQuery } from '../../shared/rules/filters.js';
import { escapeHtml } from '../lib/html.js';
import { monthOf } from '../../shared/rules/month-grid.js';
import { langOf, pagePath, upcomingListing, type ListingPlace } from './listing-place.js';
import {
  listingPageHref,
  monthViewHref,
  withoutDates,
  type FormField,
  type ListingQuery,
} from './page-query.js';

export interface FilterFormInput {
  /** The listing the form filters (its path, and its scope as hidden inputs). */
  place: ListingPlace;
  query: ListingQuery;
  /** The venue's categories as `categoriesDocument` merges them (docs/api.md §10.13), by name. */
  categories: readonly CategoryCount[];
  /**
   * The access ids the venue's listed events have, with counts, in vocabulary order (docs/api.md
   * §10.15); none or absent (the proxy: its upstream has no access data): no access fieldset.
   */
  access?: readonly AccessCount[];
}

/** One labelled control; `control` gets the ARIA attributes that tie it to its error, if any. */
function field(
  name: FormField,
  input: FilterFormInput,
  control: (id: string, aria: string) => string,
): string {
  const { query } = input;
  const id = `filter-${name.replace('_', '-')}`;
  const error = query.errors[name];
  const aria = error ? ` aria-invalid="true" aria-describedby="${id}-error"` : '';
  return `<div class="field">
<label for="${id}">${langOf(input.place).t.fields[name]}</label>
${control(id, aria)}${error ? `\n<p class="error" id="${id}-error" role="alert">${escapeHtml(error)}</p>` : ''}
</div>`;
}

/**
 * The category `<select>`: every category of the venue with its count, "All categories" first.
 * A filter the list cannot show as one of them (several names, as the API allows, or a name no
 * listed event has) gets an option of its own, so the form still says what is filtered.
 */
function categorySelect(input: FilterFormInput, id: string, aria: string): string {
  const chosen = input.query.filter.categories;
  const one = chosen.length === 1 ? chosen[0] : undefined;
  const option = (value: string, label: string, selected: boolean) =>
    `<option value="${escapeHtml(value)}"${selected ? ' selected' : ''}>${escapeHtml(label)}</option>`;
  const options = input.categories.map(({ name, count }) =>
    option(name, `${name} (${count})`, name.toLowerCase() === one),
  );
  const known = input.categories.some(({ name }) => name.toLowerCase() === one);
  if (chosen.length > 0 && !known) {
    options.unshift(option(chosen.join(','), chosen.join(langOf(input.place).t.comma), true));
  }
  return `<select id="${id}" name="${PARAM.categories}"${aria}>
${[option('', langOf(input.place).t.allCategories, chosen.length === 0), ...options].join('\n')}
</select>`;
}

/**
 * The access fieldset (docs/api.md §10.15): a checkbox per id some listed event has, and per id
 * filtered by though none has it, so the form still says what is filtered; '' when neither.
 */
function accessFieldset(input: FilterFormInput): string {
  const chosen = input.query.filter.access ?? [];
  const offered = new Map((input.access ?? []).map(({ id, count }) => [id, count]));
  const ids = [...new Set([...offered.keys(), ...chosen])];
  const error = input.query.errors.access;
  if (ids.length === 0 && !error) return '';
  const { t } = langOf(input.place);
  const boxes = ids.map((id) => {
    const count = offered.get(id);
    const label = `${t.accessLabels[id]}${count === undefined ? '' : ` (${count})`}`;
    return `<label><input type="checkbox" name="${PARAM.access}" value="${escapeHtml(id)}"${chosen.includes(id) ? ' checked' : ''}> ${escapeHtml(label)}</label>`;
  });
  // A group has no aria-invalid (ARIA 1.2): the message is tied to it by aria-describedby.
  const aria = error ? ' aria-describedby="filter-access-error"' : '';
  return `<fieldset class="field access"${aria}>
<legend>${t.fields.access}</legend>
${boxes.join('\n')}${error ? `\n<p class="error" id="filter-access-error" role="alert">${escapeHtml(error)}</p>` : ''}
</fieldset>`;
}

/** `<input>` of `type` for field `name`, holding the value the page was asked with. */
const textInput =
  (type: string, name: FormField, query: ListingQuery, extra = '') =>
  (id: string, aria: string) =>
    `<input type="${type}" id="${id}" name="${name}" value="${escapeHtml(query.values[name] ?? '')}"${extra}${aria}>`;

/**
 * The link to the other view, with the same category and search (and the list's month); from the
 * past page (docs/api.md §10.20), which has no month view, to the upcoming list.
 */
function otherView(place: ListingPlace, query: ListingQuery): string {
  const { t } = langOf(place);
  const kept = filterQuery(withoutDates(query.filter));
  if (place.past) {
    const upcoming = listingPageHref(upcomingListing(place), 1, kept);
    return `<a href="${escapeHtml(upcoming)}">${t.upcomingLink}</a>`;
  }
  if (query.view === 'calendar') {
    return `<a href="${escapeHtml(listingPageHref(place, 1, kept))}">${t.showList}</a>`;
  }
  const month = query.filter.startDate ? monthOf(query.filter.startDate) : query.month;
  return `<a href="${escapeHtml(monthViewHref(place, month, kept))}">${t.showMonth}</a>`;
}

/** A hidden input of each parameter of `query` (`a=b&c=d`), each on its own line. */
const hiddenInputs = (query: string): string =>
  [...new URLSearchParams(query)]
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">\n`,
    )
    .join('');

/** The form, for the view `input.query.view`. */
export function filterForm(input: FilterFormInput): string {
  const { place, query } = input;
  const { t, carry } = langOf(place);
  const calendar = query.view === 'calendar';
  const placeholder = ` placeholder="${escapeHtml(t.monthPlaceholder)}"`;
  const fields = [
    field(PARAM.categories, input, (id, aria) => categorySelect(input, id, aria)),
    accessFieldset(input),
    field(PARAM.search, input, textInput('search', PARAM.search, query, ' maxlength="100"')),
    ...(calendar
      ? [field(PARAM.month, input, textInput('month', PARAM.month, query, placeholder))]
      : [
          field(PARAM.start_date, input, textInput('date', PARAM.start_date, query)),
          field(PARAM.end_date, input, textInput('date', PARAM.end_date, query)),
        ]),
  ];
  const reset = calendar ? monthViewHref(place, query.month) : listingPageHref(place, 1);
  // The scope (`venues`) first, the language chosen with `?locale=` last: the order of the links.
  return `<form class="filters" method="get" action="${escapeHtml(pagePath(place))}" role="search" aria-label="${t.findEvents}">
${hiddenInputs(place.scope)}${calendar ? `<input type="hidden" name="${PARAM.view}" value="calendar">\n` : ''}${fields.filter(Boolean).join('\n')}
${hiddenInputs(carry)}<div class="buttons">
<button type="submit">${t.findEvents}</button>
<a href="${escapeHtml(reset)}">${t.clearFilters}</a>
${otherView(place, query)}
</div>
</form>`;
}
