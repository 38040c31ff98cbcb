/**
 * The venues the proxy fronts (`--venues FILE`): a venue file (docs/venue-file.md) whose venues
 * carry no events — `slug`, `name`, `timezone`, `url`, `address` — read once at start into the
 * `PageVenue`s the proxy's pages, calendars, JSON-LD and merged lists name them by. Each venue is
 * normalised exactly as the origin's import stores it (name defaulting to the slug, the URL as the
 * WHATWG parser writes it, address members trimmed and empty ones dropped), so the same venue
 * gives the same bytes in either mode. The proxy never imports the importer or a store: the file
 * is checked here against the venue file's own schema (`shared/venue-file.ts`), with its JSON
 * paths in the importer's wording (`server/lib/schema-problems.ts`).
 */
import { Type, type Static } from '@sinclair/typebox';
import { VenueInputSchema } from '../../shared/venue-file.js';
import { createAjv } from '../lib/ajv.js';
import { OperatorError, readJsonFile } from '../lib/json-file.js';
import { schemaProblems, type JsonProblem } from '../lib/schema-problems.js';
import { venueDetails, venueProblems } from '../lib/venue-details.js';
import type { PageVenue } from '../pages/page-shell.js';

/** A `--venues` file that cannot be used: `message` is one line naming the file and each problem. */
export class VenueDirectoryError extends Error {
  constructor(
    readonly file: string,
    readonly problems: readonly JsonProblem[],
    detail = problems.map((p) => `${p.path}: ${p.message}`).join('; '),
  ) {
    const count = problems.length > 1 ? `${problems.length} problems: ` : '';
    // One line whatever the file holds: a value quoted in a message cannot break it.
    super(`${file}: ${count}${detail}`.replace(/\s*[\r\n]+\s*/g, ' '));
    this.name = 'VenueDirectoryError';
  }
}

/**
 * The venue file's venue, `events` optional: present, it must be empty (checked below with a
 * message saying why). `api_shape` stays in the schema so that a wrong value is named as the
 * importer names it, and is then refused: the proxy passes the platform's own shape through.
 */
const DirectoryVenueSchema = Type.Object(
  {
    ...Type.Omit(VenueInputSchema, ['events']).properties,
    events: Type.Optional(Type.Array(Type.Unknown())),
  },
  { additionalProperties: false },
);
const DirectorySchema = Type.Object(
  { venues: Type.Array(DirectoryVenueSchema, { minItems: 1 }) },
  { additionalProperties: false },
);
type DirectoryVenue = Static<typeof DirectoryVenueSchema>;

const validate = createAjv({ strict: true, verbose: true }).compile<Static<typeof DirectorySchema>>(
  DirectorySchema,
);

/** The rules the schema cannot state: the importer's (zones, URLs, unique slugs) and the proxy's. */
function directoryProblems(venues: readonly DirectoryVenue[]): JsonProblem[] {
  const problems: JsonProblem[] = [];
  const slugs = new Map<string, string>();
  venues.forEach((venue, v) => {
    const at = `venues[${v}]`;
    const first = slugs.get(venue.slug);
    if (first) {
      problems.push({
        path: `${at}.slug`,
        message: `duplicate venue slug "${venue.slug}" (also ${first})`,
      });
    } else slugs.set(venue.slug, `${at}.slug`);
    problems.push(...venueProblems(venue, at));
    if (venue.api_shape !== undefined) {
      problems.push({
        path: `${at}.api_shape`,
        message: "the proxy passes the platform's own shape through, leave it out",
      });
    }
    if ((venue.events ?? []).length > 0) {
      problems.push({
        path: `${at}.events`,
        message:
          "the proxy's venue file carries no events (the platform lists them), leave it out or give []",
      });
    }
  });
  return problems;
}

/** The venue as the origin's import stores it and its pages receive it, less the API shape. */
function pageVenue(venue: DirectoryVenue): PageVenue {
  return {
    slug: venue.slug,
    name: venue.name ?? venue.slug,
    timezone: venue.timezone,
    ...venueDetails(venue),
  };
}

/** The parsed JSON of `path`, read as the importer reads a venue file (`readJsonFile`). */
function readJson(path: string): unknown {
  try {
    return readJsonFile(path);
  } catch (error) {
    if (error instanceof OperatorError) throw new VenueDirectoryError(path, [], error.reason);
    throw error;
  }
}

/**
 * The venues `path` describes, in the file's order, for `createProxyApp({ venues })`.
 * @throws VenueDirectoryError, its message one line: the file and why it cannot be read, or
 *   every problem with its JSON path (`venues[0].timezone: unknown IANA time zone "Mars/Base"`).
 */
export function readVenueDirectory(path: string): PageVenue[] {
  const doc = readJson(path);
  if (!validate(doc)) throw new VenueDirectoryError(path, schemaProblems(validate.errors ?? []));
  const problems = directoryProblems(doc.venues);
  if (problems.length > 0) throw new VenueDirectoryError(path, problems);
  return doc.venues.map(pageVenue);
}
