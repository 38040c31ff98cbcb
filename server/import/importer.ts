/**
 * Imports venue files into a store, all-or-nothing (docs/venue-file.md): every file is
 * checked, slugs and event ids must be unique across the whole import, and only then are the
 * named venues replaced in one transaction. The importer validates and orchestrates; the store
 * only stores.
 */
import type { EventInput, VenueFile } from '../../shared/venue-file.js';
import type { StoredVenue } from '../store/model.js';
import { IdConflictError, type Store } from '../store/store.js';
import {
  checkVenueFile,
  keepHeldSince,
  normaliseVenueFile,
  VenueFileError,
  type VenueFileProblem,
} from './venue-file.js';

export { VenueFileError, type VenueFileProblem } from './venue-file.js';

/**
 * Validates `docs` (parsed JSON) and writes their venues to `store` in one transaction: each
 * named venue is replaced whole, other venues are untouched. Paths in problems are prefixed with
 * `files[i].` when more than one document is given.
 * @returns the venues written
 * @throws VenueFileError with every problem; the store is then unchanged.
 */
export async function importVenueFiles(
  store: Store,
  docs: readonly unknown[],
): Promise<StoredVenue[]> {
  const prefix = (i: number) => (docs.length > 1 ? `files[${i}].` : '');
  const problems: VenueFileProblem[] = [];
  const valid: { file: VenueFile; at: string }[] = [];
  docs.forEach((doc, i) => {
    const checked = checkVenueFile(doc);
    problems.push(...checked.problems.map((p) => ({ ...p, path: prefix(i) + p.path })));
    if (checked.file) valid.push({ file: checked.file, at: prefix(i) });
  });
  problems.push(...uniquenessProblems(valid));
  if (problems.length > 0) throw new VenueFileError(problems);

  const venues: StoredVenue[] = [];
  const paths: string[] = [];
  const inputs: (readonly EventInput[])[] = [];
  for (const { file, at } of valid) {
    normaliseVenueFile(file).forEach((venue, v) => {
      venues.push(venue);
      paths.push(`${at}venues[${v}]`);
      inputs.push(file.venues[v]!.events ?? []);
    });
  }
  await keepSourceEvents(store, venues);
  await keepPostponedClosures(store, venues, inputs);
  try {
    await store.replaceVenues(venues);
  } catch (error) {
    if (!(error instanceof IdConflictError)) throw error;
    throw new VenueFileError(
      error.conflicts.map((c) => ({
        path: `${paths[c.venue]}.events[${c.event}].id`,
        message: `event id ${c.id} already belongs to venue "${c.owner}"`,
      })),
    );
  }
  return venues;
}

/**
 * A venue whose events come from a source keeps the events its last sync gave while the source
 * is the same (a re-import to change its extras loses nothing); the next sync applies the rest.
 */
async function keepSourceEvents(store: Store, venues: StoredVenue[]): Promise<void> {
  for (const venue of venues) {
    if (!venue.source) continue;
    const kept = await store.storedVenue(venue.slug);
    if (kept?.source?.url === venue.source.url) venue.events = kept.events;
  }
}

/**
 * An event still postponed keeps the instant the import that postponed it closed its sales
 * (docs/api.md §10.20): re-importing the file would otherwise move the ticket office's
 * `closed_at` to each import. Only closures the importer made (the file gives no `sales`). So
 * does an event still held (sold out, docs/api.md §10.23: `keepHeldSince`).
 * @param inputs each venue's events as the file gives them, in `venues`' order
 */
async function keepPostponedClosures(
  store: Store,
  venues: StoredVenue[],
  inputs: readonly (readonly EventInput[])[],
): Promise<void> {
  for (const [v, venue] of venues.entries()) {
    if (venue.source) continue;
    const kept = await store.storedVenue(venue.slug);
    if (!kept) continue;
    const before = new Map(kept.events.map((e) => [e.id, e]));
    venue.events.forEach((event, i) => {
      const input = inputs[v]![i];
      const earlier = before.get(event.id);
      keepHeldSince(event, earlier);
      if (input?.schedule_status !== 'postponed' || input.sales !== undefined) return;
      if (earlier?.scheduleStatus === 'postponed' && earlier.closedManuallyAt !== null)
        event.closedManuallyAt = earlier.closedManuallyAt;
    });
  }
}

/** `importVenueFiles(store, [doc])`. */
export function importVenueFile(store: Store, doc: unknown): Promise<StoredVenue[]> {
  return importVenueFiles(store, [doc]);
}

/** Venue slugs and event ids must be unique across every file of one import. */
function uniquenessProblems(files: readonly { file: VenueFile; at: string }[]): VenueFileProblem[] {
  const problems: VenueFileProblem[] = [];
  const slugs = new Map<string, string>();
  const ids = new Map<number, string>();
  const claim = <K>(seen: Map<K, string>, key: K, path: string, what: string) => {
    const first = seen.get(key);
    if (first) problems.push({ path, message: `duplicate ${what} (also ${first})` });
    else seen.set(key, path);
  };
  for (const { file, at } of files) {
    file.venues.forEach((venue, v) => {
      const venuePath = `${at}venues[${v}]`;
      claim(slugs, venue.slug, `${venuePath}.slug`, `venue slug "${venue.slug}"`);
      (venue.events ?? []).forEach((event, e) =>
        claim(ids, event.id, `${venuePath}.events[${e}].id`, `event id ${event.id}`),
      );
    });
  }
  return problems;
}
