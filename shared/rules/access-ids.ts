/**
 * The access vocabulary's ids (docs/api.md §10.15) on their own, for `access.ts` and the widget:
 * the widget's script needs the ids alone, not the labels and schema.org terms beside them.
 */

/**
 * Every access id, in vocabulary order: the order the API, the pages and the widget list them
 * in. Append only: the stores keep an event's provisions as a bit mask by position here.
 */
export const ACCESS_IDS = [
  'wheelchair',
  'step_free',
  'hearing_loop',
  'captioned',
  'sign_language',
  'audio_described',
  'relaxed',
  'quiet_space',
] as const;

/** One access id (`wheelchair`, `captioned`, …). */
export type AccessId = (typeof ACCESS_IDS)[number];

/** Each access provision's name in one language, by id (`shared/access-labels/`). */
export type AccessLabels = Readonly<Record<AccessId, string>>;
