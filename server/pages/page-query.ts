/**
 * What the listing page reads from its query (docs/api.md §10.5, §10.12): the view (`list`, or
 * `calendar` for the month view), the list filters parsed by the API's own rule
 * (`parseListFilter`), the month of the month view, and one human message per field with a bad
 * value, so the page can show the form again with the error next to the field (a 400 page, not
 * the API's JSON error), in the page's language. Also the month arithmetic and the page links
 * that carry the filters. Pure: "today" and the language are passed in.
 */
import { ACCESS_IDS, isAccessId } from '../../shared/rules/access.js';
import {
  dayNumber,
  FILTER_LIMITS,
  FilterError,
  parseListFilter,
  type ListFilter,
} from '../../shared/rules/filters.js';
import { countText, ENGLISH, type FieldName, type PageLang } from './i18n/index.js';
import { placeHref, type ListingPlace } from './listing-place.js';
import { PARAM, type ListingParameter } from '../../shared/queries.js';
import { monthOf } from '../../shared/rules/month-grid.js';

/**
 * A field of the page's form, named as its query parameter (shared/queries.ts ListingQuery); its
 * label is the language's (`PageStrings.fields`), which the error messages name.
 */
export type FormField = Exclude<ListingParameter, 'view' | 'page' | 'when' | 'locale'> & FieldName;

/** The listing page's query, read. */
export interface ListingQuery {
  view: 'list' | 'calendar';
  /**
   * The filter to list with: categories and search in both views, the dates in the list view only
   * (the month view's dates are its month's). A field with a bad value is left out.
   */
  filter: ListFilter;
  /** The month view's month, `YYYY-MM`: the venue's current month when absent or bad. */
  month: string;
  /** Each field's value as given (the first when repeated), to fill the form in with. */
  values: Partial<Record<FormField, string>>;
  /** One sentence per field with a bad value; empty when every value is good. */
  errors: Partial<Record<FormField, string>>;
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The first string of a query value (Express's simple parser: repeated names are arrays). */
function firstValue(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  return undefined;
}

/** True for a month `YYYY-MM` whose days are real dates (`dayNumber`: years 100 to 9999). */
export const isMonth = (month: string): boolean =>
  MONTH.test(month) && dayNumber(`${month}-01`) !== undefined;

/** The month `by` months after (before, when negative) `month`, or undefined past year 9999. */
export function shiftMonth(month: string, by: number): string | undefined {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + by;
  const shifted = `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
  return isMonth(shifted) ? shifted : undefined;
}

/**
 * Why the access value `raw` was refused, in `lang`: the unknown id it names, or an id given twice
 * (the rule of `parseListFilter`, told again here so the message is the page's language).
 */
function accessMessage(raw: unknown, lang: PageLang): string {
  const ids = (typeof raw === 'string' ? raw : '').split(',').map((id) => id.trim());
  const unknown = ids.find((id) => id !== '' && !isAccessId(id));
  return unknown === undefined
    ? lang.t.accessTwice
    : lang.t.accessUnknown(unknown, ACCESS_IDS.join(', '));
}

/**
 * Why a field's value was refused, for a person in `lang`: the rule broken (a date: and what they
 * gave).
 */
function fieldMessage(field: FormField, raw: unknown, lang: PageLang): string {
  const { t } = lang;
  const label = t.fields[field];
  if (raw !== undefined && typeof raw !== 'string' && field !== PARAM.access) {
    return t.oneValue(label);
  }
  switch (field) {
    case PARAM.categories:
      return countText(lang, t.maxCategories, FILTER_LIMITS.categories);
    case PARAM.access:
      return accessMessage(raw, lang);
    case PARAM.search:
      return countText(lang, t.maxSearch, FILTER_LIMITS.searchLength);
    case PARAM.start_date:
    case PARAM.end_date:
      return t.realDate(label, String(raw));
    default:
      return t.badValue(label);
  }
}

/** The cross-field rule `parseListFilter` applies to a good `start_date`..`end_date`, told plainly. */
function rangeMessage(startDate: string, endDate: string, lang: PageLang): string {
  const { t } = lang;
  const days = dayNumber(endDate)! - dayNumber(startDate)! + 1;
  if (days < 1) return t.toBeforeFrom(t.fields.end_date, t.fields.start_date);
  if (days > FILTER_LIMITS.rangeDays) {
    const most = countText(lang, t.dayCount, FILTER_LIMITS.rangeDays);
    return t.rangeTooWide(t.fields.start_date, t.fields.end_date, most);
  }
  return t.badValue(t.fields.end_date);
}

/**
 * Each of `fields` parsed alone (so every bad field gets its message), then together (the
 * date range): the filter of the good ones and the messages of the bad ones.
 */
function readFilter(
  query: Record<string, unknown>,
  fields: readonly FormField[],
  lang: PageLang,
): Pick<ListingQuery, 'filter' | 'errors'> {
  const errors: ListingQuery['errors'] = {};
  const good: Record<string, unknown> = {};
  for (const field of fields) {
    try {
      parseListFilter({ [field]: query[field] });
      good[field] = query[field];
    } catch (error) {
      if (!(error instanceof FilterError)) throw error;
      errors[field] = fieldMessage(field, query[field], lang);
    }
  }
  try {
    return { filter: parseListFilter(good), errors };
  } catch (error) {
    if (!(error instanceof FilterError)) throw error;
    const field = error.parameter as FormField;
    errors[field] = rangeMessage(
      String(good[PARAM.start_date]),
      String(good[PARAM.end_date]),
      lang,
    );
    delete good[field];
    return { filter: parseListFilter(good), errors };
  }
}

/**
 * `query` with a repeated `access` (`access=captioned&access=wheelchair`, what the form's
 * checkboxes send) as the API's one comma-separated value (docs/api.md §10.15).
 */
function withAccessJoined(query: Record<string, unknown>): Record<string, unknown> {
  const access = query[PARAM.access];
  if (!Array.isArray(access) || !access.every((v) => typeof v === 'string')) return query;
  return { ...query, [PARAM.access]: access.join(',') };
}

/**
 * The listing page's query (Express's simple parser) on venue-local date `today`: `view=calendar`
 * is the month view (any other value, or none, the list); `categories`, `access` (repeated, as
 * checkboxes send it, or comma-separated), `search` (and in the list view `start_date`,
 * `end_date`) as the API reads them (docs/api.md §10.12, §10.15); `month`
 * (`YYYY-MM`, month view only). Never throws: bad values are in `errors`, said in `lang`.
 */
export function readListingQuery(
  given: Record<string, unknown>,
  today: string,
  lang: PageLang = ENGLISH,
): ListingQuery {
  const query = withAccessJoined(given);
  const view = query[PARAM.view] === 'calendar' ? 'calendar' : 'list';
  const { categories, access, search, start_date, end_date } = PARAM;
  const fields: FormField[] =
    view === 'list'
      ? [categories, access, search, start_date, end_date]
      : [categories, access, search];
  const { filter, errors } = readFilter(query, fields, lang);
  const values: ListingQuery['values'] = {};
  for (const field of fields) {
    const value = firstValue(query[field]);
    if (value !== undefined) values[field] = value;
  }
  let month = monthOf(today);
  const raw = query[PARAM.month];
  if (view === 'calendar' && raw !== undefined && raw !== '') {
    values.month = firstValue(raw) ?? '';
    if (typeof raw !== 'string') errors.month = lang.t.oneValue(lang.t.fields.month);
    else if (!isMonth(raw)) errors.month = lang.t.monthFormat(month, raw);
    else month = raw;
  }
  return { view, filter, month, values, errors };
}

/** True when no field of `query` has a bad value. */
export const isValid = (query: ListingQuery): boolean => Object.keys(query.errors).length === 0;

/** `filter` without its dates: what the month view, and the links between the views, carry. */
export const withoutDates = (filter: ListFilter): ListFilter => ({
  categories: filter.categories,
  ...(filter.access && { access: filter.access }),
  words: filter.words,
});

/**
 * The listing page `page` of `place` (`/t/{slug}/events`, `/events?venues=…`): its path and scope,
 * then the canonical filter `query` (`filterQuery`) and `page` after 1.
 */
export function listingPageHref(place: ListingPlace, page: number, query = ''): string {
  return placeHref(place, query, page === 1 ? '' : `${PARAM.page}=${page}`);
}

/** The month view of `month` (`YYYY-MM`) of `place`, after the canonical filter `query` (no dates). */
export function monthViewHref(place: ListingPlace, month: string, query = ''): string {
  return placeHref(place, query, `${PARAM.view}=calendar`, `${PARAM.month}=${month}`);
}
