/**
 * A stored event in the language a request asks (docs/api.md §10.24): its texts replaced by the
 * translation `chosenTranslation` picks, member by member (a member the translation leaves out
 * stays the venue's own), its stops' locations and reasons too, and the members saying so. Pure.
 */
import {
  chosenTranslation,
  DEFAULT_VENUE_LANGUAGE,
  languagesOf,
  type TranslatedStopText,
  type TranslatedText,
} from '../../shared/rules/venue-language.js';
import { UNTRANSLATED_STOP_TEXTS, UNTRANSLATED_TEXTS } from '../../shared/patterns.js';
import type { StoredEvent, StoredStop, VenueRecord } from '../store/model.js';

/**
 * An event in one language, and the `language`, `languages` and `untranslated` members of its
 * resource (`untranslated` only when the translation leaves out a text the event has).
 */
export interface TranslatedEvent {
  event: StoredEvent;
  members: { language: string; languages: string[]; untranslated?: UntranslatedText[] };
  /**
   * Each stop's (in `event.stops`' order) compact-occurrence members that stay the venue's own
   * (its `untranslated`, docs/api.md §10.24); an empty list for a stop fully translated, and no
   * list at all when no translation was chosen.
   */
  stops?: UntranslatedStopText[][];
}

/** A compact occurrence's member a translation may leave out (docs/api.md §10.24). */
export type UntranslatedStopText = (typeof UNTRANSLATED_STOP_TEXTS)[number];

/** A text attribute a translation may leave out (docs/api.md §10.24). */
type UntranslatedText = (typeof UNTRANSLATED_TEXTS)[number];
/** Each such attribute's stored text, and its key in a translation. */
const TEXTS: Record<
  UntranslatedText,
  [(event: StoredEvent) => string | null | undefined, keyof TranslatedText]
> = {
  title: [(e) => e.title, 'title'],
  category: [(e) => e.category, 'category'],
  description: [(e) => e.description, 'description'],
  location: [(e) => e.location, 'location'],
  status_reason: [(e) => e.statusReason, 'statusReason'],
  cancellation_reason: [(e) => e.cancellationReason, 'cancellationReason'],
};

/**
 * The attributes of `event` that stay in the venue's own language under translation `text`: each
 * text the event has (not empty) that the translation leaves out, in the contract's order.
 */
const untranslatedOf = (event: StoredEvent, text: TranslatedText | undefined): UntranslatedText[] =>
  UNTRANSLATED_TEXTS.filter((name) => {
    const [read, key] = TEXTS[name];
    return read(event) && text?.[key] === undefined;
  });

/**
 * The members of `stop`'s compact occurrence that stay in the venue's own language in `language`:
 * its place unless its translation gives one; its reason, the stop's own (a stop with a schedule of
 * its own, resources.ts `scheduleMembers`) unless the stop's translation gives it, else the
 * event's unless the event's translation `text` does.
 */
function untranslatedStop(
  event: StoredEvent,
  stop: StoredStop,
  language: string,
  text: TranslatedText | undefined,
): UntranslatedStopText[] {
  const own = stop.translations?.[language as 'de'];
  const reason =
    stop.scheduleStatus !== undefined
      ? stop.statusReason && own?.statusReason === undefined
      : event.statusReason && text?.statusReason === undefined;
  return UNTRANSLATED_STOP_TEXTS.filter((name) =>
    name === 'location_label' ? stop.location && own?.location === undefined : reason,
  );
}

/** The languages of an event's translations, its own and its stops'. */
function translatedLanguages(event: StoredEvent): string[] {
  const all = new Set(Object.keys(event.translations ?? {}));
  for (const stop of event.stops)
    for (const language of Object.keys(stop.translations ?? {})) all.add(language);
  return [...all];
}

/** A stop's location and reason in `language`, where it has them. */
function stopIn(stop: StoredStop, language: string | undefined): StoredStop {
  const text: TranslatedStopText | undefined =
    language === undefined ? undefined : stop.translations?.[language as 'de'];
  if (!text) return stop;
  return {
    ...stop,
    ...(text.location !== undefined && { location: text.location }),
    ...(text.statusReason !== undefined &&
      stop.statusReason !== undefined && { statusReason: text.statusReason }),
  };
}

/** The event's texts replaced by `text`'s (a reason only where the event has one). */
function withText(event: StoredEvent, text: TranslatedText): StoredEvent {
  const reason = text.statusReason !== undefined && event.statusReason !== undefined;
  return {
    ...event,
    ...(text.title !== undefined && { title: text.title }),
    ...(text.description !== undefined && { description: text.description }),
    ...(text.category !== undefined && { category: text.category }),
    ...(text.location !== undefined && { location: text.location }),
    ...(reason && { statusReason: text.statusReason }),
    // A postponed event's sales message is its reason (server/import/venue-file.ts `salesOf`).
    ...(reason && event.message === event.statusReason && { message: text.statusReason! }),
    ...(text.cancellationReason !== undefined &&
      event.cancellationReason !== null && { cancellationReason: text.cancellationReason }),
    ...(text.performers !== undefined &&
      event.performers !== undefined && { performers: text.performers }),
  };
}

/**
 * `event` of `venue` as asked in `asked` (an `askedLanguage`: `de`, `pt-BR`, or a language we do
 * not speak, which no translation is in): the translation in that language, else its base
 * language, else the venue's own text; with the language its text is then in and the languages
 * it has, the venue's first. The stored event is not changed.
 */
export function translatedEvent(
  event: StoredEvent,
  venue: Pick<VenueRecord, 'language'>,
  asked: string,
): TranslatedEvent {
  const own = venue.language ?? DEFAULT_VENUE_LANGUAGE;
  const has = translatedLanguages(event);
  const languages = languagesOf(own, has);
  const chosen = chosenTranslation(asked, has);
  if (chosen === undefined) return { event, members: { language: own, languages } };
  const text = event.translations?.[chosen];
  const translated = text ? withText(event, text) : event;
  const stops = event.stops.map((stop) => stopIn(stop, chosen));
  const untranslated = untranslatedOf(event, text);
  return {
    event: { ...translated, stops },
    members: { language: chosen, languages, ...(untranslated.length && { untranslated }) },
    stops: event.stops.map((stop) => untranslatedStop(event, stop, chosen, text)),
  };
}
