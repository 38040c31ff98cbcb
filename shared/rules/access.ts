/**
 * Access information (docs/api.md §10.15, an extension): the closed vocabulary of provisions a
 * venue can declare for an event or a tour stop, in its one display order, with English labels
 * and the schema.org terms the JSON-LD uses (docs/decisions.md "Access information"). Pure and
 * dependency-free: the widget imports the ids and their order from here.
 *
 * schema.org sources: https://schema.org/accessibilityFeature (values from the W3C
 * "Schema.org Accessibility Properties for Discoverability Vocabulary",
 * https://www.w3.org/2021/a11y-discov-vocab/latest/), https://schema.org/amenityFeature and
 * https://schema.org/LocationFeatureSpecification.
 */

import { ACCESS_IDS, type AccessId } from './access-ids.js';

export { ACCESS_IDS, type AccessId };

/**
 * How an id is told in schema.org: a feature of the performance (`accessibilityFeature`, a
 * CreativeWork property, with its W3C vocabulary value), a feature of the place (`amenityFeature`
 * of the `Place`, a `LocationFeatureSpecification` named by `label` with `value: true`), or none
 * (`relaxed`: schema.org has no term for a relaxed performance).
 */
export type AccessSchemaOrg =
  { kind: 'accessibilityFeature'; value: string } | { kind: 'amenityFeature' } | { kind: 'none' };

/** One entry of the vocabulary. */
export interface AccessTerm {
  id: AccessId;
  /** English label, as the pages show it and the `access` resource names it. */
  label: string;
  schemaOrg: AccessSchemaOrg;
}

const place = { kind: 'amenityFeature' } as const;

/** The vocabulary, in `ACCESS_IDS` order. */
export const ACCESS_TERMS: readonly AccessTerm[] = [
  { id: 'wheelchair', label: 'Wheelchair accessible', schemaOrg: place },
  { id: 'step_free', label: 'Step-free access', schemaOrg: place },
  { id: 'hearing_loop', label: 'Hearing loop', schemaOrg: place },
  {
    id: 'captioned',
    label: 'Captioned',
    schemaOrg: { kind: 'accessibilityFeature', value: 'captions' },
  },
  {
    id: 'sign_language',
    label: 'Sign language interpreted',
    schemaOrg: { kind: 'accessibilityFeature', value: 'signLanguage' },
  },
  {
    id: 'audio_described',
    label: 'Audio described',
    schemaOrg: { kind: 'accessibilityFeature', value: 'audioDescription' },
  },
  { id: 'relaxed', label: 'Relaxed performance', schemaOrg: { kind: 'none' } },
  { id: 'quiet_space', label: 'Quiet space', schemaOrg: place },
];

/** The English label of each id. */
export const ACCESS_LABELS: Readonly<Record<AccessId, string>> = Object.fromEntries(
  ACCESS_TERMS.map((term) => [term.id, term.label]),
) as Record<AccessId, string>;

/** True for a vocabulary id. */
export const isAccessId = (value: unknown): value is AccessId =>
  typeof value === 'string' && (ACCESS_IDS as readonly string[]).includes(value);

/** `ids` unique and in vocabulary order (ids not in the vocabulary dropped). */
export const accessInOrder = (ids: Iterable<string>): AccessId[] => {
  const given = new Set(ids);
  return ACCESS_IDS.filter((id) => given.has(id));
};

/** True when `have` includes every id of `wanted` (an empty `wanted` is always met). */
export const hasAllAccess = (
  have: readonly string[] | undefined,
  wanted: readonly string[],
): boolean => wanted.every((id) => have?.includes(id) ?? false);

/**
 * The bit mask of `ids` (bit k for `ACCESS_IDS[k]`): what the stores index per listed date, so
 * "has all of these" is `(mask & wanted) = wanted`.
 */
export const accessMask = (ids: readonly string[]): number =>
  ACCESS_IDS.reduce((mask, id, k) => (ids.includes(id) ? mask | (1 << k) : mask), 0);

/**
 * A stop's effective provisions (docs/api.md §10.15): its own list when it declares one (even
 * empty), else the event's; undefined when neither declares any.
 */
export const effectiveAccess = <T extends string>(
  eventAccess: readonly T[] | undefined,
  stopAccess: readonly T[] | undefined,
): readonly T[] | undefined => stopAccess ?? eventAccess;

/** One member of the access document's `data` (docs/api.md §10.15). */
export interface AccessResource {
  type: 'access';
  id: AccessId;
  attributes: { name: string; count: number };
}

/** How many listed events have an id on at least one listed date. */
export interface AccessCount {
  id: AccessId;
  count: number;
}

/**
 * The access document of `GET /t/{slug}/api/access` from counts (any order): vocabulary order,
 * ids no listed event has (count 0) left out.
 */
export function accessDocument(counts: Iterable<AccessCount>): { data: AccessResource[] } {
  const byId = new Map<AccessId, number>();
  for (const { id, count } of counts) byId.set(id, (byId.get(id) ?? 0) + count);
  return {
    data: ACCESS_TERMS.filter((term) => (byId.get(term.id) ?? 0) > 0).map((term) => ({
      type: 'access',
      id: term.id,
      attributes: { name: term.label, count: byId.get(term.id)! },
    })),
  };
}
